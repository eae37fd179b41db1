import { ERROR_CATALOGUE, type TErrorKind, type TSeverity } from './catalogue.ts';
import {
  classifyMessage,
  classifyStatus,
  isErrorKind,
  messageForKind,
  type TClassifiedError,
} from './classify.ts';
import { unwrapAuthError } from './messages.ts';
import { suggestedActions } from './suggested-actions.ts';

/** Everything the web app needs to show and handle one failure. */
export interface TAppErrorInfo {
  kind: TErrorKind;
  message: string;
  severity: TSeverity;
  retryable: boolean;
  userActionable: boolean;
  suggestedActions: readonly string[];
  /** HTTP status of the API answer the failure came from. */
  status?: number;
}

export interface TAppErrorContext {
  /** The browser reports no connection (the caller reads `navigator.onLine`). */
  isOffline?: boolean;
  /** HTTP status of the failed answer, when the thrown value does not carry it. */
  status?: number;
}

/**
 * An API error answer `{detail, code}`, possibly carried by an Error with its `status`. `code` is
 * loose here: a proxy or an older server may send one our catalogue does not know.
 */
interface ApiAnswer {
  detail: string;
  code?: string;
  status?: number;
}

interface NamedError {
  name: string;
  message: string;
  status?: number;
}

// Plain checks rather than zod: the web app's first route loads this normaliser, and schema code
// would double what it has to fetch and run before a parent can sign in.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const optionalInteger = (value: unknown): boolean => value === undefined || Number.isInteger(value);

function isApiAnswer(value: unknown): value is ApiAnswer {
  return (
    isRecord(value) &&
    typeof value.detail === 'string' &&
    (value.code === undefined || typeof value.code === 'string') &&
    optionalInteger(value.status)
  );
}

function isNamedError(value: unknown): value is NamedError {
  return (
    isRecord(value) &&
    typeof value.name === 'string' &&
    typeof value.message === 'string' &&
    optionalInteger(value.status)
  );
}

// What fetch() rejects with when the request never got an answer (Chrome, Firefox, Safari, Node).
const FETCH_FAILURE_MESSAGES: ReadonlySet<string> = new Set([
  'Failed to fetch',
  'NetworkError when attempting to fetch resource.',
  'Load failed',
  'fetch failed',
]);

/**
 * §8: the one normaliser for any thrown value, in this order: offline; an API answer (its known
 * code wins, else its status, else its text; its `detail` is the message); a failed answer
 * with a status but no detail; an aborted or timed-out request; a fetch that got no answer; an
 * Error or string classified by its text. A text that matches no rule and is not a wrapped auth
 * error shows 'An unexpected error occurred' rather than internals; any other text was written
 * for the user and is kept.
 */
export function toAppError(error: unknown, context: TAppErrorContext = {}): TAppErrorInfo {
  if (context.isOffline) {
    return describe({ kind: 'OFFLINE_ERROR', message: messageForKind('OFFLINE_ERROR') });
  }

  if (isApiAnswer(error)) {
    const { detail, code } = error;
    const status = error.status ?? context.status;
    const kind = isErrorKind(code)
      ? code
      : status !== undefined
        ? classifyStatus(status, detail).kind
        : classifyMessage(detail);
    return describe({ kind, message: detail === '' ? messageForKind(kind) : detail }, status);
  }

  const named = isNamedError(error) ? error : undefined;
  const text = named !== undefined ? named.message : typeof error === 'string' ? error : '';

  const status = context.status ?? named?.status;
  if (status !== undefined) return describe(classifyStatus(status, text), status);

  if (named !== undefined) {
    const { name, message } = named;
    if (name === 'AbortError' || name === 'TimeoutError') {
      return describe({ kind: 'TIMEOUT_ERROR', message: messageForKind('TIMEOUT_ERROR') });
    }
    if (name === 'TypeError' && FETCH_FAILURE_MESSAGES.has(message)) {
      return describe({ kind: 'NETWORK_ERROR', message: messageForKind('NETWORK_ERROR') });
    }
  }

  const kind = classifyMessage(text);
  const meantForUser = text !== '' && (kind !== 'UNKNOWN_ERROR' || unwrapAuthError(text) !== text);
  return describe({ kind, message: meantForUser ? text : messageForKind(kind) });
}

function describe({ kind, message }: TClassifiedError, status?: number): TAppErrorInfo {
  const { severity, retryable, userActionable } = ERROR_CATALOGUE[kind];
  const info: TAppErrorInfo = {
    kind,
    message,
    severity,
    retryable,
    userActionable,
    suggestedActions: suggestedActions(kind),
  };
  return status === undefined ? info : { ...info, status };
}

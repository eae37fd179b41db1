import { ERROR_CATALOGUE, ERROR_KINDS, formatErrorMessage, type TErrorKind } from './catalogue.ts';

/** A kind with the message to show for it. */
export interface TClassifiedError {
  kind: TErrorKind;
  message: string;
}

export function isErrorKind(value: unknown): value is TErrorKind {
  return typeof value === 'string' && (ERROR_KINDS as readonly string[]).includes(value);
}

// Fillers for the catalogue's placeholders when the caller knows nothing more specific.
const GENERIC_PLACEHOLDERS: Readonly<Record<string, string>> = {
  thing: 'Item',
  action: 'do that',
  service: 'The service',
  message: 'Please check your input',
};

/** A kind's default message, placeholders filled with the given values, else generic words. */
export function messageForKind(
  kind: TErrorKind,
  params: Readonly<Record<string, string>> = {},
): string {
  return formatErrorMessage(kind, { ...GENERIC_PLACEHOLDERS, ...params });
}

/**
 * §8 "Mapping from message text", tried in the spec's order; the first rule that matches wins
 * (so 'Login failed: network error' is authentication, 'Invalid request: 404' is not found).
 * `auth` must start a word so that 'unauthorized' reaches the permission rule the spec puts it in;
 * 'log in', 'logged in' and 'timed out' are spellings the catalogue and the spec's messages use.
 */
const MESSAGE_RULES: ReadonlyArray<readonly [RegExp, TErrorKind]> = [
  [/\bauth|\blog(?:ged|ging)? ?in/, 'AUTHENTICATION_REQUIRED'],
  [/network|fetch|connection/, 'NETWORK_ERROR'],
  [/timeout|timed out/, 'TIMEOUT_ERROR'],
  [/not found|\b404\b/, 'DATA_NOT_FOUND'],
  [/permission|unauthorized|\b403\b/, 'PERMISSION_DENIED'],
  [/validation|invalid/, 'VALIDATION_ERROR'],
  [/rate limit|too many requests/, 'RATE_LIMIT_EXCEEDED'],
  [/service|unavailable|\b500\b/, 'SERVICE_UNAVAILABLE'],
];

/** §8: the kind an error message text stands for, case-insensitively; UNKNOWN_ERROR when none. */
export function classifyMessage(text: string): TErrorKind {
  const lower = text.toLowerCase();
  return MESSAGE_RULES.find(([pattern]) => pattern.test(lower))?.[1] ?? 'UNKNOWN_ERROR';
}

/**
 * §8 "Mapping from HTTP status". `text` (the answer's detail or status text) only shapes the
 * message of the statuses the spec does not name: `HTTP {status}: {text}`.
 */
export function classifyStatus(status: number, text = ''): TClassifiedError {
  const kind = kindForStatus(status);
  if (kind !== 'NETWORK_ERROR') return { kind, message: messageForKind(kind) };
  return { kind, message: text === '' ? `HTTP ${status}` : `HTTP ${status}: ${text}` };
}

function kindForStatus(status: number): TErrorKind {
  if (status === 401) return 'AUTHENTICATION_REQUIRED';
  if (status === 403) return 'PERMISSION_DENIED';
  if (status === 404) return 'DATA_NOT_FOUND';
  if (status === 429) return 'RATE_LIMIT_EXCEEDED';
  if (status >= 500) return 'SERVICE_UNAVAILABLE';
  return 'NETWORK_ERROR';
}

const AUTH_CODE_KINDS: ReadonlyMap<string, TErrorKind> = new Map([
  ['user-not-found', 'USER_NOT_FOUND'],
  ['wrong-password', 'INVALID_CREDENTIALS'],
  ['too-many-requests', 'RATE_LIMIT_EXCEEDED'],
  ['network-request-failed', 'NETWORK_ERROR'],
]);

/**
 * §8 "Mapping from cloud auth codes", given as 'auth/wrong-password' or 'wrong-password'.
 * Codes the spec does not map are UNKNOWN_ERROR (their handling is "not shown").
 */
export function classifyAuthCode(code: string): TClassifiedError {
  const bare = code.startsWith('auth/') ? code.slice('auth/'.length) : code;
  const kind = AUTH_CODE_KINDS.get(bare) ?? 'UNKNOWN_ERROR';
  return { kind, message: ERROR_CATALOGUE[kind].message };
}

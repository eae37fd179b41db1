/** The error catalogue of spec §8: one entry per kind, with its default message and flags. */
export const ERROR_KINDS = [
  'AUTHENTICATION_REQUIRED',
  'INVALID_CREDENTIALS',
  'TOKEN_EXPIRED',
  'USER_NOT_FOUND',
  'NETWORK_ERROR',
  'OFFLINE_ERROR',
  'TIMEOUT_ERROR',
  'DATA_NOT_FOUND',
  'VALIDATION_ERROR',
  'PERMISSION_DENIED',
  'SERVICE_UNAVAILABLE',
  'RATE_LIMIT_EXCEEDED',
  'UNKNOWN_ERROR',
  'OPERATION_FAILED',
] as const;
export type TErrorKind = (typeof ERROR_KINDS)[number];

export type TSeverity = 'low' | 'medium' | 'high';

export interface TErrorKindInfo {
  /** Default message; `{name}` placeholders are filled by `formatErrorMessage`. */
  message: string;
  severity: TSeverity;
  retryable: boolean;
  userActionable: boolean;
}

export const ERROR_CATALOGUE: Readonly<Record<TErrorKind, TErrorKindInfo>> = {
  AUTHENTICATION_REQUIRED: {
    message: 'Please log in to continue',
    severity: 'medium',
    retryable: false,
    userActionable: true,
  },
  INVALID_CREDENTIALS: {
    message: 'Invalid email or password',
    severity: 'medium',
    retryable: false,
    userActionable: true,
  },
  TOKEN_EXPIRED: {
    message: 'Your session has expired. Please log in again',
    severity: 'medium',
    retryable: false,
    userActionable: true,
  },
  // Listed as unused by the spec; raised only for the cloud auth code user-not-found (classify.ts).
  USER_NOT_FOUND: {
    message: 'User not found',
    severity: 'medium',
    retryable: false,
    userActionable: false,
  },
  NETWORK_ERROR: {
    message: 'Network connection failed. Please check your internet connection',
    severity: 'high',
    retryable: true,
    userActionable: false,
  },
  OFFLINE_ERROR: {
    message: 'You are currently offline. Some features may be limited',
    severity: 'medium',
    retryable: false,
    userActionable: false,
  },
  TIMEOUT_ERROR: {
    message: 'Request timed out. Please try again',
    severity: 'medium',
    retryable: true,
    userActionable: false,
  },
  DATA_NOT_FOUND: {
    message: '{thing} not found',
    severity: 'medium',
    retryable: false,
    userActionable: false,
  },
  VALIDATION_ERROR: {
    message: '{message}',
    severity: 'medium',
    retryable: false,
    userActionable: true,
  },
  PERMISSION_DENIED: {
    message: "You don't have permission to {action}",
    severity: 'high',
    retryable: false,
    userActionable: false,
  },
  SERVICE_UNAVAILABLE: {
    message: '{service} is currently unavailable. Please try again later',
    severity: 'high',
    retryable: true,
    userActionable: false,
  },
  RATE_LIMIT_EXCEEDED: {
    message: 'Too many requests. Please wait a moment and try again',
    severity: 'medium',
    retryable: true,
    userActionable: true,
  },
  UNKNOWN_ERROR: {
    message: 'An unexpected error occurred',
    severity: 'high',
    retryable: false,
    userActionable: false,
  },
  OPERATION_FAILED: {
    message: 'Failed to {action}. Please try again',
    severity: 'medium',
    retryable: true,
    userActionable: false,
  },
};

/** Fills `{name}` placeholders of a kind's default message. */
export function formatErrorMessage(
  kind: TErrorKind,
  params: Readonly<Record<string, string>> = {},
): string {
  return ERROR_CATALOGUE[kind].message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

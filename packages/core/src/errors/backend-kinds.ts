import type { TErrorKind } from './catalogue.ts';
import { messageForKind, type TClassifiedError } from './classify.ts';

/** §8 "Backend storage and push error kinds": the storage failures, as codes. */
export const STORAGE_ERROR_CODES = [
  'object-not-found',
  'bucket-not-found',
  'quota-exceeded',
  'unauthenticated',
  'unauthorized',
  'retry-limit-exceeded',
  'canceled',
  'invalid-url',
  'invalid-argument',
  'invalid-format',
  'no-download-url',
] as const;
export type TStorageErrorCode = (typeof STORAGE_ERROR_CODES)[number];

export interface TStorageError extends TClassifiedError {
  /** HTTP status the spec gives for this failure, when it gives one. */
  status?: number;
}

const fileFailure = (kind: TErrorKind, message: string, status?: number): TStorageError =>
  status === undefined ? { kind, message } : { kind, message, status };

/** What each storage failure means for the user, in our catalogue's kinds. */
export const STORAGE_ERRORS: Readonly<Record<TStorageErrorCode, TStorageError>> = {
  'object-not-found': fileFailure(
    'DATA_NOT_FOUND',
    messageForKind('DATA_NOT_FOUND', { thing: 'File' }),
  ),
  // A missing bucket is the deployment's fault, not the user's.
  'bucket-not-found': fileFailure(
    'SERVICE_UNAVAILABLE',
    messageForKind('SERVICE_UNAVAILABLE', { service: 'File storage' }),
  ),
  'quota-exceeded': fileFailure(
    'OPERATION_FAILED',
    'Storage quota exceeded. Delete some files and try again',
    402,
  ),
  unauthenticated: fileFailure(
    'AUTHENTICATION_REQUIRED',
    messageForKind('AUTHENTICATION_REQUIRED'),
    401,
  ),
  unauthorized: fileFailure(
    'PERMISSION_DENIED',
    messageForKind('PERMISSION_DENIED', { action: 'access this file' }),
    403,
  ),
  // The retry budget (§9) ran out: the connection is too slow or gone.
  'retry-limit-exceeded': fileFailure('TIMEOUT_ERROR', messageForKind('TIMEOUT_ERROR')),
  canceled: fileFailure('OPERATION_FAILED', 'The upload was canceled'),
  'invalid-url': fileFailure('VALIDATION_ERROR', 'Invalid file address'),
  'invalid-argument': fileFailure('VALIDATION_ERROR', 'Invalid file'),
  'invalid-format': fileFailure('VALIDATION_ERROR', 'Invalid file format'),
  'no-download-url': fileFailure(
    'OPERATION_FAILED',
    messageForKind('OPERATION_FAILED', { action: 'get the file address' }),
  ),
};

/** §8: the push (notification subscription) failures, as codes. */
export const PUSH_ERROR_CODES = [
  'permission-default',
  'permission-blocked',
  'unsupported-browser',
  'indexed-db-unsupported',
  'service-worker-registration-failed',
  'token-subscribe-failed',
  'token-update-failed',
  'token-unsubscribe-failed',
] as const;
export type TPushErrorCode = (typeof PUSH_ERROR_CODES)[number];

/** The message shown when turning on push notifications fails this way. */
export const PUSH_ERROR_MESSAGES: Readonly<Record<TPushErrorCode, string>> = {
  'permission-default': 'Allow notifications in the browser prompt to get reminders',
  'permission-blocked':
    'Notifications are blocked. Allow them in your browser settings to get reminders',
  'unsupported-browser': "This browser doesn't support push notifications",
  'indexed-db-unsupported': "This browser doesn't support push notifications",
  'service-worker-registration-failed': messageForKind('OPERATION_FAILED', {
    action: 'set up notifications',
  }),
  'token-subscribe-failed': messageForKind('OPERATION_FAILED', { action: 'turn on notifications' }),
  'token-update-failed': messageForKind('OPERATION_FAILED', { action: 'update notifications' }),
  'token-unsubscribe-failed': messageForKind('OPERATION_FAILED', {
    action: 'turn off notifications',
  }),
};

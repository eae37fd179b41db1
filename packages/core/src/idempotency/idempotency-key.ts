/**
 * Idempotent creates (issue 29; the IETF httpapi draft "The Idempotency-Key HTTP Header Field"):
 * a client names each create it means once with a key of its choosing, and sends the same key
 * when it sends that create again. Without zod: the web app's API client (a first route) uses it.
 */

/** The request header (the draft's field name). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that repeats the first answer to the key rather than doing the work again. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** How long a key is remembered with its answer; after that the same key is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const IDEMPOTENCY_KEY_INVALID_MESSAGE = `${IDEMPOTENCY_KEY_HEADER}: must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters, such as a UUID`;
/** 422, as the draft says, for a key sent again with another request. */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = `${IDEMPOTENCY_KEY_HEADER}: this key was used for a different request`;
/** 409, as the draft says, for a key whose first request is still being answered. */
export const IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE = `${IDEMPOTENCY_KEY_HEADER}: the first request with this key is still being answered; try again in a moment`;

// Visible ASCII but the double quote and the backslash (which a structured-field string escapes).
const KEY_CHARACTERS = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/**
 * The key a header value carries: the draft's structured-field string (`"8e03978e-…"`), or the
 * same without its quotes, as many clients send it. Undefined when the value is not a key.
 */
export function parseIdempotencyKey(value: string): string | undefined {
  const trimmed = value.trim();
  const quoted = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"');
  const key = quoted ? trimmed.slice(1, -1) : trimmed;
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) return undefined;
  return KEY_CHARACTERS.test(key) ? key : undefined;
}

/** The header value for a key, as the draft writes it: a structured-field string. */
export function formatIdempotencyKey(key: string): string {
  return `"${key}"`;
}

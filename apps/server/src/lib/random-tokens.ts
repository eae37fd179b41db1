import crypto from 'node:crypto';

/** A bearer secret (links, refresh tokens, download addresses): 32 random bytes, base64url. */
export const randomToken = (): string => crypto.randomBytes(32).toString('base64url');

/** What is stored instead of a token: its SHA-256 (enough for 256-bit random secrets). */
export const hashToken = (token: string): string =>
  crypto.createHash('sha256').update(token).digest('hex');

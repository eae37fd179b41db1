import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { ExpiringCache } from '../lib/expiring-cache.ts';
import type { Broadcast } from './broadcast.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/**
 * How long a user's standing (exists, active, tokens valid after) is reused before it is read
 * again. A logout-all, password change or reset, or an account deletion drops it at once on every
 * process (see `forgetUser`); the time bounds a drop that a process missed (its broadcast
 * connection was down).
 */
export const USER_STANDING_TTL_MS = 30_000;
/** Broadcast channel: the message is the id of a user whose access tokens were cut off. */
export const TOKENS_CUT_CHANNEL = 'access-tokens.cut';

/** What the token check needs to know of a user; undefined when the user is gone or disabled. */
export type UserStanding = { tokensValidAfterMs: number | null } | undefined;

export interface AccessTokens {
  sign(userId: string): Promise<string>;
  /** Returns the user id; throws 401 AUTHENTICATION_REQUIRED or TOKEN_EXPIRED. */
  verify(token: string): Promise<string>;
  /**
   * Drops the cached standing of a user whose tokens were just cut off (or who was deleted): on
   * this process before it resolves, on the others as the broadcast reaches them.
   */
  forgetUser(userId: string): Promise<void>;
  /** onRequest hook of signed-in routes (runs before validation): sets `request.userId`. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
    /** When the request's access token was issued (ms); a recent sign-in is judged by it. */
    tokenIssuedAtMs: number;
  }
}

const VERIFIED_CACHE_SIZE = 10_000;
/** Private claim: the issue time in milliseconds (`iat` has whole seconds only). */
const ISSUED_AT_MS_CLAIM = 'iat_ms';

interface VerifiedToken {
  userId: string;
  issuedAtMs: number;
  expiresAtMs: number;
}

/**
 * `loadStanding` reads a user's standing from the database; without it (unit tests of the
 * signature rules) every correctly signed token of any user is accepted. `broadcast` carries
 * `forgetUser` to every process; without it only this one forgets.
 */
export function createAccessTokens(
  secret: string,
  loadStanding?: (userId: string) => Promise<UserStanding>,
  broadcast?: Pick<Broadcast, 'publish' | 'subscribe'>,
): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const checkSignature = async (token: string) => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
        throw new AppError(401, 'AUTHENTICATION_REQUIRED');
      }
      const issuedAtMs = payload[ISSUED_AT_MS_CLAIM];
      return {
        userId: payload.sub,
        issuedAtMs: typeof issuedAtMs === 'number' ? issuedAtMs : (payload.iat ?? 0) * 1000,
        expiresAtMs: payload.exp * 1000,
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError(401, 'TOKEN_EXPIRED');
      throw new AppError(401, 'AUTHENTICATION_REQUIRED');
    }
  };
  // A token's signature is checked once: the same string stays signed until its exp. Whether its
  // user still accepts it is the standing's question, asked every time. Failures are not kept.
  const verified = new ExpiringCache<VerifiedToken>({
    maxEntries: VERIFIED_CACHE_SIZE,
    ttlMs: ACCESS_TOKEN_TTL_SECONDS * 1000,
    ttlAfterLoad: ({ expiresAtMs }) => expiresAtMs - Date.now(),
  });
  const standings = new ExpiringCache<UserStanding>({
    maxEntries: VERIFIED_CACHE_SIZE,
    ttlMs: USER_STANDING_TTL_MS,
  });
  broadcast?.subscribe(TOKENS_CUT_CHANNEL, (userId) => standings.delete(userId));
  const verifyToken = async (token: string): Promise<VerifiedToken> => {
    const checked = await verified.get(token, () => checkSignature(token));
    const { userId, issuedAtMs } = checked;
    if (loadStanding) {
      const standing = await standings.get(userId, () => loadStanding(userId));
      const validAfterMs = standing?.tokensValidAfterMs ?? null;
      if (!standing || (validAfterMs !== null && issuedAtMs < validAfterMs)) {
        throw new AppError(401, 'AUTHENTICATION_REQUIRED');
      }
    }
    return checked;
  };
  return {
    async forgetUser(userId) {
      standings.delete(userId);
      await broadcast?.publish(TOKENS_CUT_CHANNEL, userId);
    },
    sign: (userId) =>
      new SignJWT({ [ISSUED_AT_MS_CLAIM]: Date.now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    verify: async (token) => (await verifyToken(token)).userId,
    async authenticate(request) {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match?.[1]) throw new AppError(401, 'AUTHENTICATION_REQUIRED');
      const { userId, issuedAtMs } = await verifyToken(match[1]);
      request.userId = userId;
      request.tokenIssuedAtMs = issuedAtMs;
    },
  };
}

import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { ExpiringCache } from '../lib/expiring-cache.ts';
import type { Broadcast } from './broadcast.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/**
 * How long a user's standing (exists, active, tokens valid after) and whether a sign-in is still
 * live are reused before they are read again. A logout, logout-all, password change or reset, or
 * an account deletion drops them at once on every process (see `forgetUser`, `forgetSession`);
 * the time bounds a drop that a process missed (its broadcast connection was down).
 */
export const USER_STANDING_TTL_MS = 30_000;
/** Broadcast channel: the message is the id of a user whose access tokens were cut off. */
export const TOKENS_CUT_CHANNEL = 'access-tokens.cut';
/** Broadcast channel: the message is the id of a sign-in (session) that has ended. */
export const SESSION_ENDED_CHANNEL = 'access-tokens.session-ended';

/** What the token check needs to know of a user; undefined when the user is gone or disabled. */
export type UserStanding = { tokensValidAfterMs: number | null } | undefined;

export interface AccessTokenChecks {
  /** Reads a user's standing; without it every correctly signed token of any user is accepted. */
  loadStanding?: (userId: string) => Promise<UserStanding>;
  /** Whether a sign-in is still live (not signed out); without it every one is. */
  isSessionLive?: (sessionId: string) => Promise<boolean>;
  /** Carries `forgetUser` and `forgetSession` to every process; without it only this one forgets. */
  broadcast?: Pick<Broadcast, 'publish' | 'subscribe'>;
}

export interface AccessTokens {
  /**
   * A token for the user, naming the sign-in (session) it belongs to: the token stops working
   * when that sign-in ends. Only tests sign tokens of no sign-in.
   */
  sign(userId: string, sessionId?: string): Promise<string>;
  /** Returns the user id; throws 401 AUTHENTICATION_REQUIRED or TOKEN_EXPIRED. */
  verify(token: string): Promise<string>;
  /**
   * Drops the cached standing of a user whose tokens were just cut off (or who was deleted): on
   * this process before it resolves, on the others as the broadcast reaches them.
   */
  forgetUser(userId: string): Promise<void>;
  /**
   * Drops the cached liveness of a sign-in that just ended (a logout), so its access tokens are
   * refused at once: on this process before it resolves, on the others as the broadcast reaches
   * them.
   */
  forgetSession(sessionId: string): Promise<void>;
  /** onRequest hook of signed-in routes (runs before validation): sets `request.userId`. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
    /** When the request's access token was issued (ms); a recent sign-in is judged by it. */
    tokenIssuedAtMs: number;
    /** The sign-in the request's access token belongs to ('' for a token of none). */
    sessionId: string;
  }
}

const VERIFIED_CACHE_SIZE = 10_000;
/** Private claim: the issue time in milliseconds (`iat` has whole seconds only). */
const ISSUED_AT_MS_CLAIM = 'iat_ms';
/** The sign-in the token belongs to (OpenID Connect's session id claim). */
const SESSION_CLAIM = 'sid';

interface VerifiedToken {
  userId: string;
  issuedAtMs: number;
  expiresAtMs: number;
  sessionId: string | undefined;
}

/**
 * Access tokens, checked against the database through `checks` (unit tests of the signature
 * rules go without).
 */
export function createAccessTokens(
  secret: string,
  { loadStanding, isSessionLive, broadcast }: AccessTokenChecks = {},
): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const checkSignature = async (token: string) => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
        throw new AppError(401, 'AUTHENTICATION_REQUIRED');
      }
      const issuedAtMs = payload[ISSUED_AT_MS_CLAIM];
      const sessionId = payload[SESSION_CLAIM];
      return {
        userId: payload.sub,
        issuedAtMs: typeof issuedAtMs === 'number' ? issuedAtMs : (payload.iat ?? 0) * 1000,
        expiresAtMs: payload.exp * 1000,
        sessionId: typeof sessionId === 'string' ? sessionId : undefined,
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
  const liveSessions = new ExpiringCache<boolean>({
    maxEntries: VERIFIED_CACHE_SIZE,
    ttlMs: USER_STANDING_TTL_MS,
  });
  broadcast?.subscribe(TOKENS_CUT_CHANNEL, (userId) => standings.delete(userId));
  broadcast?.subscribe(SESSION_ENDED_CHANNEL, (sessionId) => liveSessions.delete(sessionId));
  const verifyToken = async (token: string): Promise<VerifiedToken> => {
    const checked = await verified.get(token, () => checkSignature(token));
    const { userId, issuedAtMs, sessionId } = checked;
    if (loadStanding) {
      const standing = await standings.get(userId, () => loadStanding(userId));
      const validAfterMs = standing?.tokensValidAfterMs ?? null;
      if (!standing || (validAfterMs !== null && issuedAtMs < validAfterMs)) {
        throw new AppError(401, 'AUTHENTICATION_REQUIRED');
      }
    }
    if (isSessionLive && sessionId !== undefined) {
      const live = await liveSessions.get(sessionId, () => isSessionLive(sessionId));
      if (!live) throw new AppError(401, 'AUTHENTICATION_REQUIRED');
    }
    return checked;
  };
  return {
    async forgetUser(userId) {
      standings.delete(userId);
      await broadcast?.publish(TOKENS_CUT_CHANNEL, userId);
    },
    async forgetSession(sessionId) {
      liveSessions.delete(sessionId);
      await broadcast?.publish(SESSION_ENDED_CHANNEL, sessionId);
    },
    sign: (userId, sessionId) =>
      new SignJWT({
        [ISSUED_AT_MS_CLAIM]: Date.now(),
        ...(sessionId !== undefined && { [SESSION_CLAIM]: sessionId }),
      })
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
      const { userId, issuedAtMs, sessionId } = await verifyToken(match[1]);
      request.userId = userId;
      request.tokenIssuedAtMs = issuedAtMs;
      request.sessionId = sessionId ?? '';
    },
  };
}

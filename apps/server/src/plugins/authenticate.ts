import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { ExpiringCache } from '../lib/expiring-cache.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export interface AccessTokens {
  sign(userId: string): Promise<string>;
  /** Returns the user id; throws 401 AUTHENTICATION_REQUIRED or TOKEN_EXPIRED. */
  verify(token: string): Promise<string>;
  /** onRequest hook of signed-in routes (runs before validation): sets `request.userId`. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
  }
}

const VERIFIED_CACHE_SIZE = 10_000;

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const checkSignature = async (token: string) => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
        throw new AppError(401, 'AUTHENTICATION_REQUIRED');
      }
      return { userId: payload.sub, expiresAtMs: payload.exp * 1000 };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError(401, 'TOKEN_EXPIRED');
      throw new AppError(401, 'AUTHENTICATION_REQUIRED');
    }
  };
  // A token's signature is checked once: the same string stays valid until its exp, and access
  // tokens are never revoked before that (refresh tokens are). Failures are not kept.
  const verified = new ExpiringCache<{ userId: string; expiresAtMs: number }>({
    maxEntries: VERIFIED_CACHE_SIZE,
    ttlMs: ACCESS_TOKEN_TTL_SECONDS * 1000,
    ttlAfterLoad: ({ expiresAtMs }) => expiresAtMs - Date.now(),
  });
  const verify = async (token: string): Promise<string> =>
    (await verified.get(token, () => checkSignature(token))).userId;
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    verify,
    async authenticate(request) {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match?.[1]) throw new AppError(401, 'AUTHENTICATION_REQUIRED');
      request.userId = await verify(match[1]);
    },
  };
}

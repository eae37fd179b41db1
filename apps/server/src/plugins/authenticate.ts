import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export interface AccessTokens {
  sign(userId: string): Promise<string>;
  /** Returns the user id; throws 401 AUTHENTICATION_REQUIRED or TOKEN_EXPIRED. */
  verify(token: string): Promise<string>;
  /** preHandler for signed-in routes: sets `request.userId`. */
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
  // A token's signature is checked once: the same string stays valid until its exp, and access
  // tokens are never revoked before that (refresh tokens are). Oldest entries go first.
  const verified = new Map<string, { userId: string; expiresAtMs: number }>();
  const verify = async (token: string): Promise<string> => {
    const known = verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.userId;
      verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
        throw new AppError(401, 'AUTHENTICATION_REQUIRED');
      }
      if (verified.size >= VERIFIED_CACHE_SIZE) {
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
      verified.set(token, { userId: payload.sub, expiresAtMs: payload.exp * 1000 });
      return payload.sub;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError(401, 'TOKEN_EXPIRED');
      throw new AppError(401, 'AUTHENTICATION_REQUIRED');
    }
  };
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

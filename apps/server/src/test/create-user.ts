import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createDefaultProfile } from '../modules/family/profile-repository.ts';

export interface CreatedUser {
  userId: string;
  email: string;
  token: string;
  /** Ready to spread into `inject({ headers })`. */
  authHeader: { authorization: string };
}

/**
 * A signed-in user for tests, without going through the auth API: inserts the user row and its
 * default family profile, then signs an access token for it.
 */
export async function createUser(
  app: FastifyInstance,
  options: { name?: string; email?: string } = {},
): Promise<CreatedUser> {
  const userId = crypto.randomUUID();
  const name = options.name ?? 'Test Parent';
  const email = options.email ?? `parent-${userId.slice(0, 8)}@example.com`;
  const now = new Date().toISOString();
  const { db } = app.database;
  await db
    .insertInto('users')
    .values({
      id: userId,
      name,
      email,
      passwordHash: null,
      avatarUrl: null,
      isActive: 1,
      isVerified: 0,
      createdAt: now,
      updatedAt: now,
      lastLoginAt: null,
    })
    .execute();
  await createDefaultProfile(db, { userId, email, displayName: name, photoURL: null }, now);
  const token = await app.accessTokens.sign(userId);
  return { userId, email, token, authHeader: { authorization: `Bearer ${token}` } };
}

import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createFamily } from '../modules/family/membership-repository.ts';

export interface CreatedUser {
  userId: string;
  /** The family the user owns (a new one of their own). */
  familyId: string;
  email: string;
  token: string;
  /** Ready to spread into `inject({ headers })`. */
  authHeader: { authorization: string };
}

/**
 * A signed-in user for tests, without going through the auth API: inserts the user row and its
 * own family (as its owner) with the default profile, then signs an access token for it.
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
  const familyId = await createFamily(
    db,
    { userId, email, displayName: name, photoURL: null },
    now,
  );
  const token = await app.accessTokens.sign(userId);
  return { userId, familyId, email, token, authHeader: { authorization: `Bearer ${token}` } };
}

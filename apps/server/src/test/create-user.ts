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
  const familyId = await createFamily(db, { userId, photoURL: null }, now);
  const token = await app.accessTokens.sign(userId);
  return { userId, familyId, email, token, authHeader: { authorization: `Bearer ${token}` } };
}

/**
 * `member` joins `owner`'s family through the API, as a second person does: an invitation with
 * `role`, then the join. Returns the member in their new family.
 */
export async function joinFamily<M extends Pick<CreatedUser, 'familyId' | 'authHeader'>>(
  app: FastifyInstance,
  owner: Pick<CreatedUser, 'familyId' | 'authHeader'>,
  member: M,
  role: 'parent' | 'caregiver' = 'parent',
): Promise<M> {
  const invite = await app.inject({
    method: 'POST',
    url: '/api/v1/family/invites',
    headers: owner.authHeader,
    payload: { role },
  });
  if (invite.statusCode !== 201) throw new Error(`invite: ${invite.statusCode} ${invite.body}`);
  const join = await app.inject({
    method: 'POST',
    url: '/api/v1/family/join',
    headers: member.authHeader,
    payload: { token: (invite.json() as { token: string }).token },
  });
  if (join.statusCode !== 200) throw new Error(`join: ${join.statusCode} ${join.body}`);
  return { ...member, familyId: owner.familyId };
}

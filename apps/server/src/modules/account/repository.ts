import { DEFAULT_PHOTO_URL } from '@kkb/core/family/defaults';
import type { Executor } from '../../db/database.ts';

/**
 * The family-owned tables the export copies as they are, and their file names in the archive
 * (the activity log, with its children, is read by its own module).
 */
export const EXPORTED_TABLES = {
  children: 'children.json',
  userActivities: 'user-activities.json',
  customActivities: 'own-activities.json',
  stats: 'stats.json',
  achievements: 'achievements.json',
  progress: 'progress.json',
  animations: 'animations.json',
  plans: 'plans.json',
} as const;
export type ExportedTable = keyof typeof EXPORTED_TABLES;

/** Every row of one family-owned table, without the family id. */
export async function familyRows(
  executor: Executor,
  table: ExportedTable,
  familyId: string,
): Promise<Record<string, unknown>[]> {
  const rows = (await executor
    .selectFrom(table)
    .selectAll()
    .where('familyId', '=', familyId)
    .execute()) as Record<string, unknown>[];
  return rows.map(({ familyId: _familyId, ...rest }) => rest);
}

/** The user's own notifications, oldest first, without the user id. */
export async function ownNotificationRows(
  executor: Executor,
  userId: string,
): Promise<Record<string, unknown>[]> {
  const rows = await executor
    .selectFrom('notifications')
    .select(['id', 'type', 'title', 'message', 'data', 'read', 'readAt', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows;
}

export async function listFamilyFiles(executor: Executor, familyId: string) {
  return executor
    .selectFrom('files')
    .select(['path', 'storageName', 'contentType', 'size', 'createdAt'])
    .where('familyId', '=', familyId)
    .orderBy('path')
    .execute();
}

export async function findAccount(executor: Executor, userId: string) {
  return executor
    .selectFrom('users')
    .select(['id', 'name', 'email', 'passwordHash', 'avatarUrl', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Gives the user's own account a new name; the updated row, or undefined when it is gone. */
export function renameUser(executor: Executor, userId: string, name: string, nowIso: string) {
  return executor
    .updateTable('users')
    .set({ name, updatedAt: nowIso })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function listOAuthProviders(executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor
    .selectFrom('oauthAccounts')
    .select('provider')
    .where('userId', '=', userId)
    .execute();
  return rows.map((row) => row.provider);
}

export const FORMER_MEMBER_NAME = 'Former member';

/** `value` with the member's id replaced by `formerMemberId`, and their name where it stood beside it. */
function withoutMember(value: unknown, userId: string, formerMemberId: string): unknown {
  if (value === userId) return formerMemberId;
  if (Array.isArray(value)) return value.map((item) => withoutMember(item, userId, formerMemberId));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [
      key,
      withoutMember(item, userId, formerMemberId),
    ]);
    const object = Object.fromEntries(entries) as Record<string, unknown>;
    if ('userId' in value && value.userId === userId && 'name' in object) {
      object.name = FORMER_MEMBER_NAME;
    }
    return object;
  }
  return value;
}

/**
 * Takes the user out of what a family keeps after they go: their marks and completions name a
 * former member, a family photo that was their own picture goes, invitations they made or used
 * are dropped. (The profile names no member: each reads their own account's fields in it.)
 */
export async function detachFromFamily(
  executor: Executor,
  familyId: string,
  userId: string,
  leaving: { avatarUrl: string | null },
  formerMemberId: string,
): Promise<void> {
  await executor
    .updateTable('userActivities')
    .set({ userId: formerMemberId })
    .where('familyId', '=', familyId)
    .where('userId', '=', userId)
    .execute();
  await executor
    .updateTable('userActivities')
    .set({ completedBy: formerMemberId })
    .where('familyId', '=', familyId)
    .where('completedBy', '=', userId)
    .execute();
  await executor
    .updateTable('activityLog')
    .set({ completedBy: formerMemberId })
    .where('familyId', '=', familyId)
    .where('completedBy', '=', userId)
    .execute();
  // Stored completion answers (replayed for a repeated clientId) name the members too.
  const answers = await executor
    .selectFrom('activityLog')
    .select(['id', 'response'])
    .where('familyId', '=', familyId)
    .where('response', 'like', `%${userId}%`)
    .execute();
  for (const { id, response } of answers) {
    const rewritten = JSON.stringify(
      withoutMember(JSON.parse(response) as unknown, userId, formerMemberId),
    );
    await executor
      .updateTable('activityLog')
      .set({ response: rewritten })
      .where('id', '=', id)
      .execute();
  }
  if (leaving.avatarUrl !== null) {
    // A family started by a social sign-in has the founder's picture as its photo.
    await executor
      .updateTable('profiles')
      .set({ photoUrl: DEFAULT_PHOTO_URL })
      .where('familyId', '=', familyId)
      .where('photoUrl', '=', leaving.avatarUrl)
      .execute();
  }
  await executor
    .deleteFrom('familyInvites')
    .where('familyId', '=', familyId)
    .where('createdBy', '=', userId)
    .execute();
}

/**
 * Removes the user row (its sessions, e-mail tokens, provider links and membership go with it by
 * cascade) and every invitation, in any family, they used or that was addressed to them.
 */
export async function deleteUser(executor: Executor, userId: string, email: string): Promise<void> {
  await executor
    .deleteFrom('familyInvites')
    .where((eb) =>
      eb.or([eb('usedBy', '=', userId), eb(eb.fn('lower', ['email']), '=', email.toLowerCase())]),
    )
    .execute();
  await executor.deleteFrom('users').where('id', '=', userId).execute();
}

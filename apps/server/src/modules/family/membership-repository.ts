import { randomUUID } from 'node:crypto';
import type {
  TFamilyInvite,
  TFamilyMember,
  TFamilyRole,
  TInvitableRole,
} from '@kkb/core/family/members';
import type { Executor } from '../../db/database.ts';
import { createDefaultProfile } from './profile-repository.ts';

export interface FamilyFounder {
  userId: string;
  /** The family photo the profile starts with (a social sign-in's picture), if any. */
  photoURL: string | null;
}

/**
 * Makes a new family with `founder` as its owner and its profile at the spec's defaults
 * (registration, a first social sign-in, and a member who leaves or is removed). Returns its id.
 * The founder must not be a member of another family yet (see moveMember otherwise).
 */
export async function createFamily(
  executor: Executor,
  founder: FamilyFounder,
  nowIso: string,
): Promise<string> {
  const familyId = randomUUID();
  await executor.insertInto('families').values({ id: familyId, createdAt: nowIso }).execute();
  await executor
    .insertInto('familyMembers')
    .values({ userId: founder.userId, familyId, role: 'owner', joinedAt: nowIso })
    .execute();
  await createDefaultProfile(executor, { familyId, photoURL: founder.photoURL }, nowIso);
  return familyId;
}

/** A family of its own for a user who already has a membership row (leaving, removed). */
export async function createFamilyFor(
  executor: Executor,
  founder: FamilyFounder,
  nowIso: string,
): Promise<string> {
  const familyId = randomUUID();
  await executor.insertInto('families').values({ id: familyId, createdAt: nowIso }).execute();
  await moveMember(executor, founder.userId, familyId, 'owner', nowIso);
  await createDefaultProfile(executor, { familyId, photoURL: founder.photoURL }, nowIso);
  return familyId;
}

export async function moveMember(
  executor: Executor,
  userId: string,
  familyId: string,
  role: TFamilyRole,
  nowIso: string,
): Promise<void> {
  await executor
    .updateTable('familyMembers')
    .set({ familyId, role, joinedAt: nowIso })
    .where('userId', '=', userId)
    .execute();
}

export async function setMemberRole(
  executor: Executor,
  userId: string,
  role: TFamilyRole,
): Promise<void> {
  await executor.updateTable('familyMembers').set({ role }).where('userId', '=', userId).execute();
}

/** The members with their names, in the order they joined. */
export async function listMembers(executor: Executor, familyId: string): Promise<TFamilyMember[]> {
  const rows = await executor
    .selectFrom('familyMembers')
    .innerJoin('users', 'users.id', 'familyMembers.userId')
    .select(['familyMembers.userId', 'users.name', 'familyMembers.role', 'familyMembers.joinedAt'])
    .where('familyMembers.familyId', '=', familyId)
    .orderBy('familyMembers.joinedAt')
    .orderBy('familyMembers.userId')
    .execute();
  return rows.map((row) => ({ ...row, role: row.role as TFamilyRole }));
}

/** Locks the family's row for a change of its membership (see db/family-lock.ts for the order). */
export async function lockFamilies(
  executor: Executor,
  familyIds: readonly string[],
  lock: boolean,
): Promise<number> {
  const query = executor
    .selectFrom('families')
    .select('id')
    .where('id', 'in', [...new Set(familyIds)])
    .orderBy('id');
  const rows = await (lock ? query.forUpdate() : query).execute();
  return rows.length;
}

/** Deletes a family and, by cascade, everything it owns. */
export async function deleteFamily(executor: Executor, familyId: string): Promise<void> {
  await executor.deleteFrom('families').where('id', '=', familyId).execute();
}

/**
 * True when the family has anything a parent would miss: children, marked or completed
 * activities, own activities, files or progress (its profile alone, always there, does not count).
 */
export async function familyHasData(executor: Executor, familyId: string): Promise<boolean> {
  const tables = [
    'children',
    'userActivities',
    'activityLog',
    'customActivities',
    'files',
    'progress',
  ] as const;
  for (const table of tables) {
    const row = await executor
      .selectFrom(table)
      .select('familyId')
      .where('familyId', '=', familyId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

function toInvite(row: {
  id: string;
  role: string;
  email: string | null;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}): TFamilyInvite {
  return {
    id: row.id,
    role: row.role as TInvitableRole,
    email: row.email,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

/** Unused invitations that have not expired, oldest first. */
export async function listPendingInvites(
  executor: Executor,
  familyId: string,
  nowIso: string,
): Promise<TFamilyInvite[]> {
  const rows = await executor
    .selectFrom('familyInvites')
    .select(['id', 'role', 'email', 'createdBy', 'createdAt', 'expiresAt'])
    .where('familyId', '=', familyId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', nowIso)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toInvite);
}

export async function insertInvite(
  executor: Executor,
  invite: TFamilyInvite & { familyId: string; tokenHash: string },
): Promise<void> {
  await executor
    .insertInto('familyInvites')
    .values({ ...invite, usedAt: null, usedBy: null })
    .execute();
}

/** Drops the family's used and expired invitations (they can never be used again). */
export async function deleteSpentInvites(
  executor: Executor,
  familyId: string,
  nowIso: string,
): Promise<void> {
  await executor
    .deleteFrom('familyInvites')
    .where('familyId', '=', familyId)
    .where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<=', nowIso)]))
    .execute();
}

/** False when the family has no pending invitation with this id. */
export async function deletePendingInvite(
  executor: Executor,
  familyId: string,
  inviteId: string,
): Promise<boolean> {
  const result = await executor
    .deleteFrom('familyInvites')
    .where('familyId', '=', familyId)
    .where('id', '=', inviteId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Uses the invitation with this token hash, once: marks it used and returns its family and role,
 * or undefined when there is none, it was used or it expired. Run inside the join's transaction,
 * so a join refused later leaves the invitation unused.
 */
export async function consumeInvite(
  executor: Executor,
  tokenHash: string,
  userId: string,
  nowIso: string,
): Promise<{ familyId: string; role: TInvitableRole } | undefined> {
  const row = await executor
    .updateTable('familyInvites')
    .set({ usedAt: nowIso, usedBy: userId })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', nowIso)
    .returning(['familyId', 'role'])
    .executeTakeFirst();
  return row && { familyId: row.familyId, role: row.role as TInvitableRole };
}

/** Whom a pending invitation is from: its family's name, the inviter's name, role and expiry. */
export async function findPendingInvite(
  executor: Executor,
  tokenHash: string,
  nowIso: string,
): Promise<
  { familyInfo: string; inviterName: string; role: TInvitableRole; expiresAt: string } | undefined
> {
  const row = await executor
    .selectFrom('familyInvites')
    .innerJoin('profiles', 'profiles.familyId', 'familyInvites.familyId')
    .innerJoin('users', 'users.id', 'familyInvites.createdBy')
    .select([
      'profiles.familyInfo',
      'users.name as inviterName',
      'familyInvites.role',
      'familyInvites.expiresAt',
    ])
    .where('familyInvites.tokenHash', '=', tokenHash)
    .where('familyInvites.usedAt', 'is', null)
    .where('familyInvites.expiresAt', '>', nowIso)
    .executeTakeFirst();
  return row && { ...row, role: row.role as TInvitableRole };
}

/** The family's name and a member's own name, as an invitation they send names them. */
export async function findInviterNames(
  executor: Executor,
  familyId: string,
  userId: string,
): Promise<{ familyInfo: string; inviterName: string } | undefined> {
  const profile = await executor
    .selectFrom('profiles')
    .select('familyInfo')
    .where('familyId', '=', familyId)
    .executeTakeFirst();
  const user = await executor
    .selectFrom('users')
    .select('name')
    .where('id', '=', userId)
    .executeTakeFirst();
  return profile && user && { familyInfo: profile.familyInfo, inviterName: user.name };
}

/** The invitation's family, whatever its state (to lock it before consuming). */
export async function findInviteFamily(
  executor: Executor,
  tokenHash: string,
): Promise<string | undefined> {
  const row = await executor
    .selectFrom('familyInvites')
    .select('familyId')
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
  return row?.familyId;
}

export async function findUserForFamily(
  executor: Executor,
  userId: string,
): Promise<{ avatarUrl: string | null } | undefined> {
  return executor
    .selectFrom('users')
    .select(['avatarUrl'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

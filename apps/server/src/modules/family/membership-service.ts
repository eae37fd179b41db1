import { randomUUID } from 'node:crypto';
import {
  ALREADY_MEMBER_MESSAGE,
  CANNOT_DEMOTE_OWNER_MESSAGE,
  FAMILY_HAS_DATA_MESSAGE,
  INVITE_INVALID_MESSAGE,
  INVITE_TTL_MS,
  joinPath,
  LAST_OWNER_MESSAGE,
  MAX_PENDING_INVITES,
  SHARED_FAMILY_JOIN_MESSAGE,
  type TFamily,
  type TFamilyRole,
  type TInviteCreate,
  type TInviteCreated,
  type TInvitePreview,
  type TJoinFamily,
} from '@kkb/core/family/members';
import { firstNameOf } from '@kkb/core/family/names';
import type { TFamilyInfoFields } from '@kkb/core/family/schema';
import { mayRemoveMember } from '@kkb/core/family/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { hashToken, randomToken } from '../../lib/random-tokens.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { familyInviteMail } from '../../mail/templates.ts';
import { permissionDenied } from '../../plugins/family-access.ts';
import { removeFamilyFiles } from '../files/service.ts';
import {
  consumeInvite,
  createFamilyFor,
  deleteFamily,
  deletePendingInvite,
  deleteSpentInvites,
  familyHasData,
  findInviteFamily,
  findInviterNames,
  findPendingInvite,
  findUserForFamily,
  insertInvite,
  listMembers,
  listPendingInvites,
  lockFamilies,
  moveMember,
  setMemberRole,
} from './membership-repository.ts';

/** Who asks: the signed-in user and the family the request was checked against. */
export type Actor = FamilyMember;

const conflict = (detail: string) => new AppError(409, 'VALIDATION_ERROR', detail);
const memberNotFound = () => notFound('Member');

export async function getFamily(
  executor: Executor,
  familyId: string,
  nowIso: string,
): Promise<TFamily> {
  const [members, invites] = await Promise.all([
    listMembers(executor, familyId),
    listPendingInvites(executor, familyId, nowIso),
  ]);
  return { id: familyId, members, invites };
}

export interface InviteDeps {
  database: Database;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const familyNameOf = (familyInfo: string): string =>
  (JSON.parse(familyInfo) as TFamilyInfoFields).familyName;

/** A one-time link valid 7 days; mailed (naming the family and the inviter) when an address is given. */
export async function createInvite(
  deps: InviteDeps,
  actor: Actor,
  body: TInviteCreate,
  now: Date,
): Promise<TInviteCreated> {
  const nowIso = now.toISOString();
  const token = randomToken();
  const invite = {
    id: randomUUID(),
    role: body.role,
    email: body.email ?? null,
    createdBy: actor.userId,
    createdAt: nowIso,
    expiresAt: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
  };
  const names = await inFamilyTransaction(deps.database, actor, async (trx) => {
    await deleteSpentInvites(trx, actor.familyId, nowIso);
    const pending = await listPendingInvites(trx, actor.familyId, nowIso);
    if (pending.length >= MAX_PENDING_INVITES) {
      throw badRequest(`A family can have at most ${MAX_PENDING_INVITES} pending invitations`);
    }
    await insertInvite(trx, { ...invite, familyId: actor.familyId, tokenHash: hashToken(token) });
    return findInviterNames(trx, actor.familyId, actor.userId);
  });
  const link = `${deps.publicUrl}${joinPath(token)}`;
  if (invite.email && names) {
    const invitation = {
      role: body.role,
      familyName: familyNameOf(names.familyInfo),
      inviterFirstName: firstNameOf(names.inviterName),
    };
    try {
      await deps.mailer.send(familyInviteMail(invite.email, invitation, link));
    } catch (error) {
      // The link is answered anyway: the owner can still share it by hand.
      deps.log.error({ err: error }, 'family invitation mail failed');
    }
  }
  return { invite, token, link };
}

/**
 * Whom a pending invitation comes from, for the join page (anyone holding the link, signed in or
 * not): the family's name, the inviter's first name, the role and the expiry. Used, expired,
 * revoked or unknown links answer 404 with the join's own message.
 */
export async function previewInvite(
  executor: Executor,
  token: string,
  nowIso: string,
): Promise<TInvitePreview> {
  const invite = await findPendingInvite(executor, hashToken(token), nowIso);
  if (!invite) throw new AppError(404, 'DATA_NOT_FOUND', INVITE_INVALID_MESSAGE);
  return {
    familyName: familyNameOf(invite.familyInfo),
    inviterFirstName: firstNameOf(invite.inviterName),
    role: invite.role,
    expiresAt: invite.expiresAt,
  };
}

export async function revokeInvite(
  database: Database,
  familyId: string,
  inviteId: string,
): Promise<void> {
  if (!(await deletePendingInvite(database.db, familyId, inviteId))) throw notFound('Invite');
}

/** The user's membership as stored now (the request's may be a few seconds old). */
async function storedMembership(executor: Executor, userId: string) {
  const row = await executor
    .selectFrom('familyMembers')
    .select(['familyId', 'role'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError(401, 'AUTHENTICATION_REQUIRED');
  return { familyId: row.familyId, role: row.role as TFamilyRole };
}

/** What a membership change touched: whose cached membership to drop, which families' caches. */
export interface MembershipChange {
  users: string[];
  families: string[];
}

/**
 * Joins the family of an invitation. A user alone in a family with data of its own must say
 * `discardOwnFamily` (409 otherwise); that family is then deleted. A member of a shared family
 * simply leaves it, unless they own it (they hand ownership over first).
 */
export async function joinFamily(
  database: Database,
  dataDir: string,
  userId: string,
  body: TJoinFamily,
  now: Date,
): Promise<{ family: TFamily; change: MembershipChange }> {
  const nowIso = now.toISOString();
  const tokenHash = hashToken(body.token);
  const outcome = await database.db.transaction().execute(async (trx) => {
    const targetFamilyId = await findInviteFamily(trx, tokenHash);
    if (!targetFamilyId) throw badRequest(INVITE_INVALID_MESSAGE);
    const current = await storedMembership(trx, userId);
    await lockFamilies(trx, [current.familyId, targetFamilyId], database.kind === 'postgres');
    if (current.familyId === targetFamilyId) throw conflict(ALREADY_MEMBER_MESSAGE);
    const invite = await consumeInvite(trx, tokenHash, userId, nowIso);
    if (!invite) throw badRequest(INVITE_INVALID_MESSAGE);
    const others = (await listMembers(trx, current.familyId)).filter((m) => m.userId !== userId);
    let discarded: string | undefined;
    if (others.length > 0) {
      if (current.role === 'owner') throw conflict(SHARED_FAMILY_JOIN_MESSAGE);
    } else {
      if (!body.discardOwnFamily && (await familyHasData(trx, current.familyId))) {
        throw conflict(FAMILY_HAS_DATA_MESSAGE);
      }
      discarded = current.familyId;
    }
    await moveMember(trx, userId, targetFamilyId, invite.role, nowIso);
    if (discarded) await deleteFamily(trx, discarded);
    return { targetFamilyId, previousFamilyId: current.familyId, discarded };
  });
  if (outcome.discarded) await removeFamilyFiles(dataDir, outcome.discarded);
  return {
    family: await getFamily(database.db, outcome.targetFamilyId, nowIso),
    change: { users: [userId], families: [outcome.previousFamilyId, outcome.targetFamilyId] },
  };
}

/**
 * The owner changes a member's role. Making another member owner hands ownership over: the
 * previous owner becomes a parent. The owner cannot step down otherwise.
 */
export async function changeRole(
  database: Database,
  actor: Actor,
  targetUserId: string,
  role: TFamilyRole,
  nowIso: string,
): Promise<{ family: TFamily; change: MembershipChange }> {
  const users = await inFamilyTransaction(database, actor, async (trx) => {
    const self = await storedMembership(trx, actor.userId);
    if (self.familyId !== actor.familyId || self.role !== 'owner') {
      throw permissionDenied('members.manage');
    }
    const members = await listMembers(trx, actor.familyId);
    const target = members.find((m) => m.userId === targetUserId);
    if (!target) throw memberNotFound();
    if (targetUserId === actor.userId) {
      if (role !== 'owner') throw conflict(CANNOT_DEMOTE_OWNER_MESSAGE);
      return [];
    }
    await setMemberRole(trx, targetUserId, role);
    if (role === 'owner') {
      await setMemberRole(trx, actor.userId, 'parent');
      return [targetUserId, actor.userId];
    }
    return [targetUserId];
  });
  return {
    family: await getFamily(database.db, actor.familyId, nowIso),
    change: { users, families: [actor.familyId] },
  };
}

/**
 * Removes a member (the owner) or leaves (anyone, with their own id). The owner cannot leave:
 * they hand ownership over first. Whoever goes gets a new empty family of their own.
 */
export async function removeMember(
  database: Database,
  actor: Actor,
  targetUserId: string,
  nowIso: string,
): Promise<MembershipChange> {
  const isSelf = targetUserId === actor.userId;
  await inFamilyTransaction(database, actor, async (trx) => {
    const self = await storedMembership(trx, actor.userId);
    if (self.familyId !== actor.familyId) throw memberNotFound();
    if (!mayRemoveMember(self.role, isSelf)) throw permissionDenied('members.manage');
    const target = (await listMembers(trx, actor.familyId)).find((m) => m.userId === targetUserId);
    if (!target) throw memberNotFound();
    if (target.role === 'owner') throw conflict(LAST_OWNER_MESSAGE);
    const user = await findUserForFamily(trx, targetUserId);
    if (!user) throw memberNotFound();
    await createFamilyFor(trx, { userId: targetUserId, photoURL: user.avatarUrl }, nowIso);
  });
  return { users: [targetUserId], families: [actor.familyId] };
}

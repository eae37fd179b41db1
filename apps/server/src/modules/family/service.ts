import { randomUUID } from 'node:crypto';
import {
  applyChildUpdate,
  mergeProfile,
  newChildFields,
  type ChildFields,
} from '@kkb/core/family/profile';
import {
  MAX_CHILDREN,
  MAX_CHILDREN_MESSAGE,
  type TChild,
  type TChildCreate,
  type TChildUpdate,
  type TFamilyProfile,
  type TProfileUpdate,
} from '@kkb/core/family/schema';
import { preferencesInputOfProfile, profileSwitchesOf } from '@kkb/core/notifications/preferences';
import type { TNotificationPreferences } from '@kkb/core/notifications/schema';
import type { Transaction } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { getPreferences, mergePreferences } from '../notifications/service.ts';
import { findSyncAction, insertSyncAction } from '../sync/repository.ts';
import {
  findMemberFields,
  findProfile,
  profileExists,
  saveMemberName,
  saveProfile,
  type StoredProfile,
} from './profile-repository.ts';
import {
  countChildren,
  deleteChild,
  findChildAtIndex,
  findChildById,
  insertChild,
  listChildren,
  updateChild,
} from './repository.ts';

/** How a route names the child it means: its position in the family (spec §5) or its id. */
export type ChildRef = { index: string } | { id: string };

const profileNotFound = () => notFound('User profile');
const childNotFound = () => notFound('Child');
const childAddedAlready = () =>
  new AppError(409, 'VALIDATION_ERROR', 'clientId: this child was added already');

/**
 * The whole profile document as `member` reads it: the family's, with its children in creation
 * order, and the member's own account where the spec's profile names its user (uid, e-mail,
 * name, last sign-in). No member sees another's e-mail or sign-ins through it.
 */
async function getProfile(executor: Executor, member: FamilyMember): Promise<TFamilyProfile> {
  const [profile, own, children] = await Promise.all([
    findProfile(executor, member.familyId),
    findMemberFields(executor, member.userId),
    listChildren(executor, member.familyId),
  ]);
  if (!profile || !own) throw profileNotFound();
  return { ...own, ...profile, familyInfo: { ...profile.familyInfo, children } };
}

/** The family's part of a profile document, as stored. */
function familyPartOf(profile: TFamilyProfile): StoredProfile {
  const { photoURL, createdAt, updatedAt, familyInfo, location, preferences } = profile;
  const { familyName, location: place, timezone } = familyInfo;
  return {
    photoURL,
    createdAt,
    updatedAt,
    familyInfo: { familyName, location: place, timezone },
    location,
    preferences,
  };
}

/**
 * The profile's notification switches are each member's own notification preferences (DESIGN:
 * they belong to the user), so every member sees, and changes, their own.
 */
function withSwitchesOf(
  profile: TFamilyProfile,
  preferences: TNotificationPreferences,
): TFamilyProfile {
  return {
    ...profile,
    preferences: { ...profile.preferences, ...profileSwitchesOf(preferences) },
  };
}

/** The profile as a member sees it, with their own notification switches. */
export async function getProfileFor(
  executor: Executor,
  member: FamilyMember,
): Promise<TFamilyProfile> {
  const [profile, preferences] = await Promise.all([
    getProfile(executor, member),
    getPreferences(executor, member.userId),
  ]);
  return withSwitchesOf(profile, preferences);
}

/** `PUT /profile` under the family's lock (see updateProfileIn). */
export async function updateProfile(
  database: Database,
  member: FamilyMember,
  update: TProfileUpdate,
  nowIso: string,
): Promise<TFamilyProfile> {
  return inFamilyTransaction(database, member, (trx) =>
    updateProfileIn(trx, member, update, nowIso),
  );
}

/**
 * `updateProfile` inside the caller's family transaction (offline sync applies it there). The
 * family's document takes the change but for what is the member's own: the notification
 * switches go to their notification preferences, and `displayName` renames their account (a
 * co-parent saving his name no longer overwrites the owner's).
 */
export async function updateProfileIn(
  trx: Transaction<DB>,
  member: FamilyMember,
  update: TProfileUpdate,
  nowIso: string,
): Promise<TFamilyProfile> {
  const { familyId, userId } = member;
  const { notifications, weatherAlerts, activityReminders, ...familyPreferences } =
    update.preferences ?? {};
  const switches = preferencesInputOfProfile({ notifications, weatherAlerts, activityReminders });
  const familyUpdate: TProfileUpdate = update.preferences
    ? { ...update, preferences: familyPreferences }
    : update;
  const current = await getProfile(trx, member);
  const merged = mergeProfile(current, familyUpdate, nowIso);
  await saveProfile(trx, familyId, familyPartOf(merged));
  if (update.displayName !== undefined && update.displayName !== current.displayName) {
    await saveMemberName(trx, userId, update.displayName, nowIso);
  }
  const preferences =
    Object.keys(switches).length > 0
      ? await mergePreferences(trx, userId, switches, new Date(nowIso))
      : await getPreferences(trx, userId);
  return withSwitchesOf(merged, preferences);
}

/** Spec §5: an index is a whole number from 0 to count-1; anything else is 'Child not found'. */
function parseIndex(raw: string): number | undefined {
  return /^\d{1,3}$/.test(raw) ? Number(raw) : undefined;
}

async function findChild(executor: Executor, familyId: string, ref: ChildRef) {
  if ('id' in ref) return findChildById(executor, familyId, ref.id);
  const index = parseIndex(ref.index);
  return index === undefined ? undefined : findChildAtIndex(executor, familyId, index);
}

/** Children belong to the profile: none is read or written without it. */
async function requireProfile(executor: Executor, familyId: string): Promise<void> {
  if (!(await profileExists(executor, familyId))) throw profileNotFound();
}

export async function listFamilyChildren(executor: Executor, familyId: string): Promise<TChild[]> {
  if (!(await profileExists(executor, familyId))) throw profileNotFound();
  return listChildren(executor, familyId);
}

/**
 * Adds a child. With the `clientId` the app would queue it under, the add is recorded as that
 * action (`sync_actions`, in the same transaction), so the queued copy of an add whose answer was
 * lost is answered `duplicate` by the sync; the same clientId here again is refused (409).
 */
export function addChild(
  database: Database,
  member: FamilyMember,
  input: TChildCreate,
  nowIso: string,
  clientId?: string,
): Promise<TChild> {
  return inFamilyTransaction(database, member, async (trx) => {
    if (clientId === undefined) return addChildIn(trx, member, input, nowIso);
    const { familyId } = member;
    if (await findSyncAction(trx, familyId, clientId)) throw childAddedAlready();
    const child = await addChildIn(trx, member, input, nowIso);
    await insertSyncAction(trx, {
      familyId,
      clientId,
      kind: 'addChild',
      status: 'applied',
      detail: null,
      appliedAt: nowIso,
    });
    return child;
  });
}

/** `addChild` inside the caller's family transaction (offline sync applies it there). */
export async function addChildIn(
  trx: Transaction<DB>,
  { familyId }: FamilyMember,
  input: TChildCreate,
  nowIso: string,
): Promise<TChild> {
  await requireProfile(trx, familyId);
  if ((await countChildren(trx, familyId)) >= MAX_CHILDREN) throw badRequest(MAX_CHILDREN_MESSAGE);
  return insertChild(trx, familyId, { id: randomUUID(), fields: newChildFields(input), nowIso });
}

function fieldsOf(child: TChild): ChildFields {
  const { name, age, interests, avatar, ageRange, preferences } = child;
  return { name, age, interests, avatar, ageRange, preferences };
}

export function changeChild(
  database: Database,
  member: FamilyMember,
  ref: ChildRef,
  update: TChildUpdate,
  nowIso: string,
): Promise<TChild> {
  return inFamilyTransaction(database, member, (trx) =>
    changeChildIn(trx, member, ref, update, nowIso),
  );
}

/** `changeChild` inside the caller's family transaction (offline sync applies it there). */
export async function changeChildIn(
  trx: Transaction<DB>,
  { familyId }: FamilyMember,
  ref: ChildRef,
  update: TChildUpdate,
  nowIso: string,
): Promise<TChild> {
  await requireProfile(trx, familyId);
  const child = await findChild(trx, familyId, ref);
  if (!child) throw childNotFound();
  const fields = applyChildUpdate(fieldsOf(child), update);
  const updated = await updateChild(trx, familyId, child.id, fields, nowIso);
  if (!updated) throw childNotFound();
  return updated;
}

export function removeChild(
  database: Database,
  member: FamilyMember,
  ref: ChildRef,
): Promise<void> {
  return inFamilyTransaction(database, member, (trx) => removeChildIn(trx, member, ref));
}

/** `removeChild` inside the caller's family transaction (offline sync applies it there). */
export async function removeChildIn(
  trx: Transaction<DB>,
  { familyId }: FamilyMember,
  ref: ChildRef,
): Promise<void> {
  await requireProfile(trx, familyId);
  const child = await findChild(trx, familyId, ref);
  if (!child || !(await deleteChild(trx, familyId, child.id))) throw childNotFound();
}

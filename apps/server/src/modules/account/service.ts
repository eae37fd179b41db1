import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  exportFileName,
  FORMER_MEMBER_ID,
  isRecentSignIn,
  OWNER_MUST_HAND_OVER_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  RECENT_SIGN_IN_REQUIRED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  type TAccountDelete,
  type TAccountUpdate,
} from '@kkb/core/account/account';
import type { TUser } from '@kkb/core/auth/schemas';
import { zip, type AsyncZippable } from 'fflate';
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import { AppError, badRequest } from '../../errors.ts';
import { listActivityLog } from '../achievements/repository.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import { toUser } from '../auth/service.ts';
import { listMembers } from '../family/membership-repository.ts';
import { getProfileFor } from '../family/service.ts';
import { deleteNotificationJobsOf } from '../notifications/creators.ts';
import { getPreferences } from '../notifications/service.ts';
import { familyDirectory, removeFamilyFiles } from '../files/service.ts';
import {
  deleteUser,
  detachFromFamily,
  EXPORTED_TABLES,
  familyRows,
  findAccount,
  listFamilyFiles,
  listOAuthProviders,
  ownNotificationRows,
  renameUser,
  type ExportedTable,
} from './repository.ts';

const zipAsync = promisify(zip);
const signedOut = () => new AppError(401, 'AUTHENTICATION_REQUIRED');

/** Free fields are stored as JSON text; the export gives them back as JSON. */
function withParsedJson(row: Record<string, unknown>): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'string' && /^[[{]/.test(value)) {
      try {
        parsed[key] = JSON.parse(value);
        continue;
      } catch {
        // Not JSON after all: kept as the text it is.
      }
    }
    parsed[key] = value;
  }
  return parsed;
}

const json = (value: unknown): Uint8Array =>
  new TextEncoder().encode(JSON.stringify(value, null, 2));

export interface FamilyExport {
  fileName: string;
  archive: Uint8Array;
}

/**
 * The family's data as a ZIP: one JSON file per kind of record and the uploaded files under
 * `files/`. Members appear by name and role; only the requester's own e-mail is in it. What
 * belongs to a user rather than the family (notifications and their preferences) is the
 * requester's own only.
 */
export async function exportFamily(
  database: Database,
  dataDir: string,
  member: FamilyMember,
  now: Date,
): Promise<FamilyExport> {
  const { db } = database;
  const account = await findAccount(db, member.userId);
  if (!account) throw signedOut();
  // The profile's member fields are the requester's own: no other member's e-mail is in it.
  const profile = await getProfileFor(db, member);
  const entries: AsyncZippable = {
    'account.json': json({
      name: account.name,
      email: account.email,
      createdAt: account.createdAt,
      signInProviders: await listOAuthProviders(db, member.userId),
    }),
    'profile.json': json(profile),
    'notifications.json': json((await ownNotificationRows(db, member.userId)).map(withParsedJson)),
    'notification-preferences.json': json(await getPreferences(db, member.userId)),
    'members.json': json(
      (await listMembers(db, member.familyId)).map(({ name, role, joinedAt }) => ({
        name,
        role,
        joinedAt,
      })),
    ),
  };
  for (const table of Object.keys(EXPORTED_TABLES) as ExportedTable[]) {
    const rows = await familyRows(db, table, member.familyId);
    entries[EXPORTED_TABLES[table]] = json(rows.map(withParsedJson));
  }
  entries['activity-log.json'] = json(await listActivityLog(db, member.familyId));
  const files = await listFamilyFiles(db, member.familyId);
  entries['files.json'] = json(files.map(({ storageName: _storageName, ...file }) => file));
  const directory = familyDirectory(dataDir, member.familyId);
  for (const file of files) {
    const bytes = await fs.promises.readFile(path.join(directory, file.storageName));
    // Images are compressed already: stored as they are.
    entries[`files/${file.path}`] = [bytes, { level: 0 }];
  }
  return { fileName: exportFileName(now), archive: await zipAsync(entries) };
}

async function confirmIdentity(
  executor: Executor,
  userId: string,
  body: TAccountDelete,
  tokenIssuedAtMs: number,
  now: Date,
  passwordFailures: RateLimiter,
) {
  const account = await findAccount(executor, userId);
  if (!account) throw signedOut();
  if (account.passwordHash) {
    if (!body.password) throw badRequest(PASSWORD_REQUIRED_MESSAGE);
    // A stolen access token must not become a way to guess the password. Counted as a failure
    // until it succeeds, so that guesses sent at once are all counted.
    const wait = await passwordFailures.take(userId);
    if (wait > 0) {
      throw new AppError(429, 'RATE_LIMIT_EXCEEDED', undefined, { 'Retry-After': String(wait) });
    }
    if (!(await verifyPassword(account.passwordHash, body.password))) {
      throw badRequest(WRONG_PASSWORD_MESSAGE);
    }
    await passwordFailures.clear(userId);
  } else if (!isRecentSignIn(tokenIssuedAtMs, now.getTime())) {
    throw new AppError(403, 'PERMISSION_DENIED', RECENT_SIGN_IN_REQUIRED_MESSAGE);
  }
  return account;
}

/**
 * `PATCH /account`: the member's own name, which the app greets them by and their family sees in
 * its members list and invitations. Any member may change their own, caregivers too.
 */
export async function updateAccount(
  executor: Executor,
  userId: string,
  input: TAccountUpdate,
  now: Date,
): Promise<TUser> {
  const row = await renameUser(executor, userId, input.name, now.toISOString());
  if (!row) throw signedOut();
  return toUser(row);
}

export interface AccountDeletion {
  /** The family itself was deleted (its last member went). */
  familyDeleted: boolean;
}

/**
 * Deletes the account: the user with their sessions, tokens, provider links and membership.
 * The last member takes the family along, its files on disk included; a shared family stays,
 * without them (its owner hands ownership over first).
 */
export async function deleteAccount(
  database: Database,
  dataDir: string,
  member: FamilyMember,
  body: TAccountDelete,
  tokenIssuedAtMs: number,
  now: Date,
  passwordFailures: RateLimiter,
): Promise<AccountDeletion> {
  const account = await confirmIdentity(
    database.db,
    member.userId,
    body,
    tokenIssuedAtMs,
    now,
    passwordFailures,
  );
  const familyDeleted = await inFamilyTransaction(database, member, async (trx) => {
    const members = await listMembers(trx, member.familyId);
    const self = members.find((m) => m.userId === member.userId);
    const others = members.filter((m) => m.userId !== member.userId);
    if (others.length > 0) {
      if (self?.role === 'owner')
        throw new AppError(409, 'VALIDATION_ERROR', OWNER_MUST_HAND_OVER_MESSAGE);
      await detachFromFamily(
        trx,
        member.familyId,
        member.userId,
        { avatarUrl: account.avatarUrl },
        FORMER_MEMBER_ID,
      );
      await deleteNotificationJobsOf(trx, member.userId);
      await deleteUser(trx, member.userId, account.email);
      return false;
    }
    await deleteNotificationJobsOf(trx, member.userId);
    await deleteUser(trx, member.userId, account.email);
    await trx.deleteFrom('families').where('id', '=', member.familyId).execute();
    return true;
  });
  if (familyDeleted) await removeFamilyFiles(dataDir, member.familyId);
  return { familyDeleted };
}

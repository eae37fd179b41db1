import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type {
  EmailTokensTable,
  RateLimitsTable,
  RefreshTokensTable,
  TEmailTokenPurpose,
  UsersTable,
} from './tables.ts';

export type UserRow = Selectable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type EmailTokenRow = Selectable<EmailTokensTable>;
export type RateLimitRow = Selectable<RateLimitsTable>;

// Users

export const findUserById = (db: Executor, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByEmail = (db: Executor, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

export async function insertUser(db: Executor, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Omit<UserRow, 'id' | 'createdAt'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

// Refresh tokens

export async function insertRefreshToken(db: Executor, row: RefreshTokenRow): Promise<void> {
  await db.insertInto('refreshTokens').values(row).execute();
}

export const findRefreshTokenByHash = (
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> =>
  db.selectFrom('refreshTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();

/**
 * Marks a live token as rotated into `successorId`. Conditional, so that of two concurrent
 * rotations only one wins; returns whether this call did.
 */
export async function markRefreshTokenRotated(
  db: Executor,
  id: string,
  successorId: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('refreshTokens')
    .set({ replacedBy: successorId, lastUsedAt: nowIso })
    .where('id', '=', id)
    .where('replacedBy', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The family's live heads: neither rotated nor revoked, and not yet expired. */
export const findLiveFamilyHeads = (
  db: Executor,
  familyId: string,
  nowIso: string,
): Promise<RefreshTokenRow[]> =>
  db
    .selectFrom('refreshTokens')
    .selectAll()
    .where('familyId', '=', familyId)
    .where('replacedBy', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', nowIso)
    .execute();

export async function revokeRefreshFamily(
  db: Executor,
  familyId: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('refreshTokens')
    .set({ revokedAt: nowIso })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

/**
 * Whether the sign-in (refresh token family) is still live: not signed out, nor revoked as a
 * whole (a replayed refresh token, a logout-all, a new password). Its access tokens work as long
 * as it is.
 */
export async function isSignInLive(db: Executor, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refreshTokens')
    .select('id')
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeUserRefreshTokens(
  db: Executor,
  userId: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('refreshTokens')
    .set({ revokedAt: nowIso })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}

/**
 * Housekeeping at sign-in: a user's dead refresh tokens and e-mail tokens are of no further use,
 * except used verification tokens: a link opened again answers "already verified" with them.
 */
export async function deleteExpiredUserTokens(
  db: Executor,
  userId: string,
  nowIso: string,
): Promise<void> {
  await db
    .deleteFrom('refreshTokens')
    .where('userId', '=', userId)
    .where('expiresAt', '<=', nowIso)
    .execute();
  await db
    .deleteFrom('emailTokens')
    .where('userId', '=', userId)
    .where('expiresAt', '<=', nowIso)
    .where((eb) => eb.or([eb('purpose', '!=', 'verify_email'), eb('usedAt', 'is', null)]))
    .execute();
}

// E-mail tokens

export async function insertEmailToken(db: Executor, row: EmailTokenRow): Promise<void> {
  await db.insertInto('emailTokens').values(row).execute();
}

/** The user an unused, unexpired token of the given purpose belongs to. */
export async function findEmailTokenUser(
  db: Executor,
  tokenHash: string,
  purpose: TEmailTokenPurpose,
  nowIso: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('emailTokens')
    .select('userId')
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', nowIso)
    .executeTakeFirst();
  return row?.userId;
}

/** Marks every unused token of the user with this purpose used (their links stop working). */
export async function useEmailTokensOf(
  db: Executor,
  userId: string,
  purpose: TEmailTokenPurpose,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('emailTokens')
    .set({ usedAt: nowIso })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}

/**
 * Consumes an unused, unexpired token of the given purpose and returns its user id. The
 * conditional update makes it one-time even under concurrent use.
 */
export async function consumeEmailToken(
  db: Executor,
  tokenHash: string,
  purpose: TEmailTokenPurpose,
  nowIso: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('emailTokens')
    .select(['id', 'userId'])
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', nowIso)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db
    .updateTable('emailTokens')
    .set({ usedAt: nowIso })
    .where('id', '=', row.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? row.userId : undefined;
}

/** Whose token this was, when it has been used (however long ago); undefined otherwise. */
export async function findUsedEmailTokenUserId(
  db: Executor,
  tokenHash: string,
  purpose: TEmailTokenPurpose,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('emailTokens')
    .select('userId')
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is not', null)
    .executeTakeFirst();
  return row?.userId;
}

// OAuth

export const findOAuthAccountUserId = async (
  db: Executor,
  provider: string,
  providerUserId: string,
): Promise<string | undefined> =>
  (
    await db
      .selectFrom('oauthAccounts')
      .select('userId')
      .where('provider', '=', provider)
      .where('providerUserId', '=', providerUserId)
      .executeTakeFirst()
  )?.userId;

export async function insertOAuthAccount(
  db: Executor,
  row: { provider: string; providerUserId: string; userId: string; createdAt: string },
): Promise<void> {
  await db.insertInto('oauthAccounts').values(row).execute();
}

export async function insertOAuthState(
  db: Executor,
  row: {
    stateHash: string;
    provider: string;
    codeVerifier: string;
    createdAt: string;
    expiresAt: string;
  },
): Promise<void> {
  await db.insertInto('oauthStates').values(row).execute();
}

/** Takes (deletes and returns) a started sign-in; a state works once. */
export async function takeOAuthState(
  db: Executor,
  stateHash: string,
): Promise<{ provider: string; codeVerifier: string; expiresAt: string } | undefined> {
  const row = await db
    .selectFrom('oauthStates')
    .select(['provider', 'codeVerifier', 'expiresAt'])
    .where('stateHash', '=', stateHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db
    .deleteFrom('oauthStates')
    .where('stateHash', '=', stateHash)
    .executeTakeFirst();
  return result.numDeletedRows > 0n ? row : undefined;
}

export async function deleteExpiredOAuthRows(db: Executor, nowIso: string): Promise<void> {
  await db.deleteFrom('oauthStates').where('expiresAt', '<=', nowIso).execute();
  await db.deleteFrom('oauthExchangeCodes').where('expiresAt', '<=', nowIso).execute();
}

export async function insertOAuthExchangeCode(
  db: Executor,
  row: {
    codeHash: string;
    userId: string;
    isNewUser: number;
    createdAt: string;
    expiresAt: string;
  },
): Promise<void> {
  await db.insertInto('oauthExchangeCodes').values(row).execute();
}

/** Takes (deletes and returns) an exchange code; a code works once. */
export async function takeOAuthExchangeCode(
  db: Executor,
  codeHash: string,
): Promise<{ userId: string; isNewUser: number; expiresAt: string } | undefined> {
  const row = await db
    .selectFrom('oauthExchangeCodes')
    .select(['userId', 'isNewUser', 'expiresAt'])
    .where('codeHash', '=', codeHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db
    .deleteFrom('oauthExchangeCodes')
    .where('codeHash', '=', codeHash)
    .executeTakeFirst();
  return result.numDeletedRows > 0n ? row : undefined;
}

// Rate limits

/**
 * Counts one hit of `key` in one atomic statement: the running window's count goes up by one, or,
 * when there is none or it ended by `nowIso`, a new window starts with 1 and ends at `resetAt`.
 */
export const hitRateLimit = (
  db: Executor,
  key: string,
  resetAt: string,
  nowIso: string,
): Promise<Pick<RateLimitRow, 'count' | 'resetAt'>> =>
  db
    .insertInto('rateLimits')
    .values({ key, count: 1, resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const ended = eb('rateLimits.resetAt', '<=', nowIso);
        return {
          count: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('rateLimits.count', '+', 1))
            .end(),
          resetAt: eb
            .case()
            .when(ended)
            .then(eb.ref('excluded.resetAt'))
            .else(eb.ref('rateLimits.resetAt'))
            .end(),
        };
      }),
    )
    .returning(['count', 'resetAt'])
    .executeTakeFirstOrThrow();

export async function deleteRateLimit(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('key', '=', key).execute();
}

export async function deleteEndedRateLimits(db: Executor, nowIso: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('resetAt', '<=', nowIso).execute();
}

import type { ColumnType } from 'kysely';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  passwordHash: string | null;
  avatarUrl: string | null;
  isActive: number;
  isVerified: number;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
  /** Access tokens issued before this time are refused (null: all are accepted). */
  tokensValidAfter: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per issued refresh token; a family is one sign-in and its chain of rotations. */
export interface RefreshTokensTable {
  id: string;
  userId: string;
  familyId: string;
  /** SHA-256 of the token; the token itself is never stored. */
  tokenHash: string;
  familyCreatedAt: string;
  createdAt: string;
  /** When it was presented for rotation (equal to createdAt until then). */
  lastUsedAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Id of the token it was rotated into; set means "already used". */
  replacedBy: string | null;
}

export type TEmailTokenPurpose = 'verify_email' | 'password_reset';

export interface EmailTokensTable {
  id: string;
  userId: string;
  purpose: TEmailTokenPurpose;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface OAuthAccountsTable {
  provider: string;
  providerUserId: string;
  userId: string;
  createdAt: string;
}

/** A started OAuth sign-in: the state (hashed) and its PKCE verifier, used once. */
export interface OAuthStatesTable {
  stateHash: string;
  provider: string;
  codeVerifier: string;
  createdAt: string;
  expiresAt: string;
}

/** The one-time code the callback hands to the web app, traded for tokens at /oauth/exchange. */
export interface OAuthExchangeCodesTable {
  codeHash: string;
  userId: string;
  isNewUser: number;
  createdAt: string;
  expiresAt: string;
}

/**
 * A fixed-window rate-limit counter shared by every server process (PostgreSQL; SQLite counts in
 * memory). `key` is the SHA-256 of the limit's name and what it counts (an address, an IP).
 */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** When the window ends (ISO); from then on the next hit starts a new one. */
  resetAt: string;
}

/**
 * Failed sign-ins of one account at one address (PostgreSQL; SQLite keeps them in memory), as
 * core's `auth/lockout.ts` counts them. Both parts of the key are SHA-256 hashes.
 */
export interface LoginFailuresTable {
  accountHash: string;
  ipHash: string;
  failures: number;
  lastFailureAt: string;
  /** Until when attempts are refused (the epoch when not locked). */
  lockedUntil: string;
}

/** The users/auth feature's tables. */
export interface UserTables {
  users: UsersTable;
  refreshTokens: RefreshTokensTable;
  emailTokens: EmailTokensTable;
  oauthAccounts: OAuthAccountsTable;
  oauthStates: OAuthStatesTable;
  oauthExchangeCodes: OAuthExchangeCodesTable;
  rateLimits: RateLimitsTable;
  loginFailures: LoginFailuresTable;
}

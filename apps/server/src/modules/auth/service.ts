import crypto from 'node:crypto';
import {
  CURRENT_PASSWORD_INCORRECT_MESSAGE,
  DUPLICATE_EMAIL_MESSAGE,
  EMAIL_VERIFICATION_LINK_INVALID_MESSAGE,
  PASSWORD_RESET_LINK_INVALID_MESSAGE,
  PASSWORD_TOO_COMMON_MESSAGE,
  type TOAuthExchangeResponse,
  type TOAuthProvider,
  type TProviders,
  type TTokenSet,
  type TUser,
  type TVerifyEmailResponse,
} from '@kkb/core/auth/schemas';
import { tooManyAttemptsMessage } from '@kkb/core/auth/lockout';
import { passwordProblem, type TPasswordOwner } from '@kkb/core/auth/password-rules';
import { isWithinReuseGrace, refreshTokenExpiresAt } from '@kkb/core/auth/sessions';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { generateRandomCodeVerifier, generateRandomState } from 'oauth4webapi';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { DatabaseKind, Executor } from '../../db/database.ts';
import { inUserTransaction } from '../../db/family-lock.ts';
import type { JobContext, Jobs } from '../../jobs/jobs.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { passwordResetMail, verificationMail } from '../../mail/templates.ts';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens } from '../../plugins/authenticate.ts';
import { createFamily } from '../family/membership-repository.ts';
import { createMemoryLoginLockoutStore, type LoginLockoutStore } from './login-lockout.ts';
import { OAuthClient, type OAuthProfile } from './oauth.ts';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import {
  DEFAULT_AUTH_RATE_LIMITS,
  RateLimiter,
  type AuthRateLimits,
  type RateLimitRule,
  type RateLimitStore,
} from './rate-limit.ts';
import * as repo from './repository.ts';
import { hashToken, randomToken } from '../../lib/random-tokens.ts';
import { deleteUserSubscriptions } from '../push/repository.ts';

const MINUTE_MS = 60_000;
const PASSWORD_RESET_TTL_MS = 60 * MINUTE_MS;
const EMAIL_VERIFICATION_TTL_MS = 7 * 24 * 60 * MINUTE_MS;
const OAUTH_STATE_TTL_MS = 10 * MINUTE_MS;
const OAUTH_EXCHANGE_CODE_TTL_MS = 60_000;

/** The job that mails a reset link, scheduled for every address a reset is asked for. */
export const PASSWORD_RESET_MAIL_JOB = 'auth.password-reset-mail';
const ZPasswordResetMailJob = z.object({ email: z.string() });
type TPasswordResetMailJob = z.infer<typeof ZPasswordResetMailJob>;

export interface AuthServiceDeps {
  db: Kysely<DB>;
  /** Which database `db` is (row locks are PostgreSQL's); SQLite when not given. */
  dbKind?: DatabaseKind;
  config: AppConfig;
  accessTokens: AccessTokens;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The clock; tests move it to check expiries and the reuse grace. */
  now?: () => Date;
  /** Where the rate limits count: the app's `rateLimitStore`, shared by its processes. */
  rateLimitStore: RateLimitStore;
  /** Where a reset request's mail is scheduled (`PASSWORD_RESET_MAIL_JOB`). */
  jobs: Pick<Jobs, 'schedule'>;
  rateLimits?: AuthRateLimits;
  /** Where failed sign-ins are kept (`createLoginLockoutStore`); this process's memory when not given. */
  loginLockouts?: LoginLockoutStore;
}

/** A failure of the OAuth callback, with the short message the web app shows. */
class OAuthSignInError extends Error {}

/** A lost race while rotating a refresh token: the transaction is rolled back and retried as reuse. */
class RotationLostError extends Error {}

const tooManyRequests = (retryAfterSeconds: number): AppError =>
  new AppError(429, 'RATE_LIMIT_EXCEEDED', tooManyAttemptsMessage(retryAfterSeconds), {
    'Retry-After': String(retryAfterSeconds),
  });

const invalidCredentials = (): AppError => new AppError(401, 'INVALID_CREDENTIALS');
const signedOut = (): AppError => new AppError(401, 'AUTHENTICATION_REQUIRED');

export function toUser(row: repo.UserRow): TUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar_url: row.avatarUrl,
    is_active: row.isActive === 1,
    is_verified: row.isVerified === 1,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export class AuthService {
  readonly #db: Kysely<DB>;
  readonly #dbKind: DatabaseKind;
  readonly #config: AppConfig;
  readonly #accessTokens: AccessTokens;
  readonly #mailer: Mailer;
  readonly #jobs: Pick<Jobs, 'schedule'>;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => Date;
  readonly #loginLockouts: LoginLockoutStore;
  readonly #loginAttemptsPerIp: RateLimiter;
  readonly #resetRequestsPerAccount: RateLimiter;
  readonly #resetRequestsPerIp: RateLimiter;
  readonly #registrationsPerIp: RateLimiter;
  readonly #mailsPerAddress: RateLimiter;
  readonly #oauthClients = new Map<TOAuthProvider, OAuthClient>();

  constructor(deps: AuthServiceDeps) {
    this.#db = deps.db;
    this.#dbKind = deps.dbKind ?? 'sqlite';
    this.#config = deps.config;
    this.#accessTokens = deps.accessTokens;
    this.#mailer = deps.mailer;
    this.#jobs = deps.jobs;
    this.#log = deps.log;
    this.#now = deps.now ?? (() => new Date());
    const limits = deps.rateLimits ?? DEFAULT_AUTH_RATE_LIMITS;
    const clock = (): number => this.#now().getTime();
    const limiter = (name: string, rule: RateLimitRule): RateLimiter =>
      new RateLimiter(deps.rateLimitStore, name, rule, clock);
    this.#loginLockouts = deps.loginLockouts ?? createMemoryLoginLockoutStore();
    this.#loginAttemptsPerIp = limiter('login-ip', limits.loginAttemptsPerIp);
    this.#resetRequestsPerAccount = limiter('reset-account', limits.resetRequests);
    this.#resetRequestsPerIp = limiter('reset-ip', limits.resetRequests);
    this.#registrationsPerIp = limiter('register-ip', limits.registrationsPerIp);
    this.#mailsPerAddress = limiter('mail', limits.mailsPerAddress);
  }

  // Registration and e-mail verification

  async register(
    input: { name: string; email: string; password: string },
    ip: string,
  ): Promise<TUser> {
    const wait = await this.#registrationsPerIp.take(ip);
    if (wait > 0) throw tooManyRequests(wait);
    await this.#assertAcceptablePassword(input.password, 'password', input);
    if (await repo.findUserByEmail(this.#db, input.email)) throw duplicateEmail();
    const passwordHash = await hashPassword(input.password);
    const nowIso = this.#nowIso();
    const user: repo.UserRow = {
      id: crypto.randomUUID(),
      name: input.name,
      email: input.email,
      passwordHash,
      avatarUrl: null,
      isActive: 1,
      isVerified: 0,
      createdAt: nowIso,
      updatedAt: nowIso,
      lastLoginAt: null,
      tokensValidAfter: null,
    };
    const verificationToken = randomToken();
    try {
      await this.#db.transaction().execute(async (trx) => {
        await repo.insertUser(trx, user);
        await createFamily(trx, { userId: user.id, photoURL: null }, nowIso);
        await this.#insertEmailToken(trx, user.id, 'verify_email', verificationToken);
      });
    } catch (error) {
      // Two registrations of one address at once: the unique index decides.
      if (await repo.findUserByEmail(this.#db, input.email)) throw duplicateEmail();
      throw error;
    }
    const link = `${this.#config.publicUrl}/verify-email?token=${verificationToken}`;
    await this.#sendQuietly(verificationMail(user.email, link));
    return toUser(user);
  }

  /**
   * Confirms the address with a one-time token. A used token whose user is still verified
   * answers "already verified" rather than an error: people open the mail's link twice.
   */
  async verifyEmail(token: string): Promise<TVerifyEmailResponse> {
    const nowIso = this.#nowIso();
    const tokenHash = hashToken(token);
    const userId = await repo.consumeEmailToken(this.#db, tokenHash, 'verify_email', nowIso);
    if (userId) {
      await repo.updateUser(this.#db, userId, { isVerified: 1, updatedAt: nowIso });
      return { user: await this.me(userId), already_verified: false };
    }
    const usedBy = await repo.findUsedEmailTokenUserId(this.#db, tokenHash, 'verify_email');
    const user = usedBy === undefined ? undefined : await repo.findUserById(this.#db, usedBy);
    if (user?.isVerified === 1) return { user: toUser(user), already_verified: true };
    throw badRequest(EMAIL_VERIFICATION_LINK_INVALID_MESSAGE);
  }

  // Password sign-in and sessions

  async login(input: { email: string; password: string }, ip: string): Promise<TTokenSet> {
    const waitForIp = await this.#loginAttemptsPerIp.take(ip);
    if (waitForIp > 0) throw tooManyRequests(waitForIp);
    // Counted as a failure until it succeeds, so that guesses sent at once are all counted.
    const waitMs = await this.#loginLockouts.attempt(input.email, ip, this.#now().getTime());
    if (waitMs > 0) throw tooManyRequests(Math.ceil(waitMs / 1000));

    const user = await repo.findUserByEmail(this.#db, input.email);
    let ok = false;
    if (user?.passwordHash && user.isActive === 1) {
      ok = await verifyPassword(user.passwordHash, input.password);
    } else {
      await verifyAgainstDummy(input.password);
    }
    if (!ok || !user) throw invalidCredentials();
    await this.#loginLockouts.succeeded(input.email, ip);
    return this.#signIn(user);
  }

  async me(userId: string): Promise<TUser> {
    const user = await repo.findUserById(this.#db, userId);
    if (!user) throw signedOut();
    return toUser(user);
  }

  /**
   * Rotates a refresh token. Each token is used once: it is marked as replaced by its successor.
   * Presenting a replaced token again means it leaked (or a client misbehaves), so the whole
   * sign-in is revoked - unless it was replaced within the last few seconds, which is what two
   * tabs refreshing at once look like.
   *
   * In that grace case we cannot return the successor the first caller got, because only hashes
   * are stored. We also must not rotate the current head on the second caller's behalf: the first
   * caller holds that head, and retiring it would turn its next, perfectly normal refresh into
   * "reuse" and sign the user out. So the second caller gets a new, independent token in the
   * same family (same sign-in, same absolute expiry), and the head stays valid. Logout, password
   * changes and reuse detection still revoke the family as a whole, both branches included.
   * The price: a stolen token replayed within those 10 s also gets a branch, the usual trade-off
   * of a reuse interval, bounded by the window and by the family's absolute expiry.
   */
  async refresh(refreshToken: string): Promise<TTokenSet> {
    const tokenHash = hashToken(refreshToken);
    const now = this.#now();
    const nowIso = now.toISOString();
    const row = await repo.findRefreshTokenByHash(this.#db, tokenHash);
    if (!row || row.revokedAt !== null) throw signedOut();
    if (row.expiresAt <= nowIso) throw new AppError(401, 'TOKEN_EXPIRED');
    const user = await repo.findUserById(this.#db, row.userId);
    if (!user || user.isActive !== 1) throw signedOut();

    if (row.replacedBy === null) {
      try {
        return await this.#db.transaction().execute(async (trx) => {
          const successor = await this.#issueRefreshToken(trx, user.id, row, now);
          if (!(await repo.markRefreshTokenRotated(trx, row.id, successor.id, nowIso))) {
            throw new RotationLostError();
          }
          return this.#tokenSet(user, successor.token, row.familyId);
        });
      } catch (error) {
        if (!(error instanceof RotationLostError)) throw error;
      }
    }

    const rotated = await repo.findRefreshTokenByHash(this.#db, tokenHash);
    if (!rotated || rotated.revokedAt !== null) throw signedOut();
    if (!isWithinReuseGrace(Date.parse(rotated.lastUsedAt), now.getTime())) {
      await repo.revokeRefreshFamily(this.#db, rotated.familyId, nowIso);
      await this.#accessTokens.forgetSession(rotated.familyId);
      this.#log.warn({ userId: user.id }, 'refresh token reused: sign-in revoked');
      throw signedOut();
    }
    const heads = await repo.findLiveFamilyHeads(this.#db, rotated.familyId, nowIso);
    if (heads.length === 0) throw signedOut();
    const branch = await this.#issueRefreshToken(this.#db, user.id, rotated, now);
    return this.#tokenSet(user, branch.token, rotated.familyId);
  }

  /**
   * Ends the sign-in the token belongs to: its refresh tokens and the access tokens issued with
   * them, at once on every process. Unknown or already ended tokens are fine.
   */
  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const row = await repo.findRefreshTokenByHash(this.#db, hashToken(refreshToken));
    if (!row) return;
    await repo.revokeRefreshFamily(this.#db, row.familyId, this.#nowIso());
    await this.#accessTokens.forgetSession(row.familyId);
  }

  /**
   * Ends every sign-in: refresh tokens are revoked, access tokens issued so far refused, and no
   * device goes on receiving the user's push messages.
   */
  async logoutAll(userId: string): Promise<void> {
    const nowIso = this.#nowIso();
    await this.#db.transaction().execute(async (trx) => {
      await repo.revokeUserRefreshTokens(trx, userId, nowIso);
      await deleteUserSubscriptions(trx, userId);
      await repo.updateUser(trx, userId, { tokensValidAfter: new Date().toISOString() });
    });
    await this.#accessTokens.forgetUser(userId);
  }

  async changePassword(
    userId: string,
    input: { current_password: string; new_password: string },
  ): Promise<void> {
    const user = await repo.findUserById(this.#db, userId);
    if (!user) throw signedOut();
    const ok = user.passwordHash
      ? await verifyPassword(user.passwordHash, input.current_password)
      : false;
    if (!ok) throw badRequest(CURRENT_PASSWORD_INCORRECT_MESSAGE);
    await this.#assertAcceptablePassword(input.new_password, 'new_password', user);
    await this.#setPassword(userId, input.new_password);
  }

  // Password reset

  /**
   * Always accepted (202) so that nobody learns which addresses have accounts. The request does
   * the same work whatever the address (the rate limits, then one job): looking the account up,
   * making the link and mailing it are the job's (`mailPasswordReset`), so neither the answer nor
   * its time tells whether the account exists.
   */
  async requestPasswordReset(email: string, ip: string): Promise<void> {
    const waitForIp = await this.#resetRequestsPerIp.take(ip);
    if (waitForIp > 0) throw tooManyRequests(waitForIp);
    const wait = await this.#resetRequestsPerAccount.take(email);
    if (wait > 0) throw tooManyRequests(wait);
    await this.#jobs.schedule(this.#db, {
      kind: PASSWORD_RESET_MAIL_JOB,
      runAt: this.#now(),
      payload: { email } satisfies TPasswordResetMailJob,
    });
  }

  /**
   * The job of a reset request: mails a one-time link to an active account's address, nothing to
   * any other. The link is stored before the mail goes, and the job finishes after it (a crash
   * between them mails a second link rather than none); the address leaves the job as it ends.
   */
  async mailPasswordReset(payload: unknown, { finish }: Pick<JobContext, 'finish'>): Promise<void> {
    const { email } = ZPasswordResetMailJob.parse(payload);
    const user = await repo.findUserByEmail(this.#db, email);
    if (user?.isActive === 1) {
      const token = randomToken();
      await this.#insertEmailToken(this.#db, user.id, 'password_reset', token);
      const link = `${this.#config.publicUrl}/reset-password?token=${token}`;
      await this.#sendQuietly(passwordResetMail(user.email, link));
    }
    await this.#db.transaction().execute((trx) => finish(trx, { forgetPayload: true }));
  }

  /**
   * Sets the new password and retires every other reset link of the account with this one. Under
   * the account's lock, so that of two links confirmed at once only the first counts.
   */
  async confirmPasswordReset(input: { token: string; password: string }): Promise<void> {
    // Before the link is looked at: a common password is refused whoever asks.
    await this.#assertAcceptablePassword(input.password, 'password', {});
    const tokenHash = hashToken(input.token);
    const holder = await repo.findEmailTokenUser(
      this.#db,
      tokenHash,
      'password_reset',
      this.#nowIso(),
    );
    if (!holder) throw badRequest(PASSWORD_RESET_LINK_INVALID_MESSAGE);
    const owner = await repo.findUserById(this.#db, holder);
    if (owner) await this.#assertAcceptablePassword(input.password, 'password', owner);
    const passwordHash = await hashPassword(input.password);
    await inUserTransaction({ db: this.#db, kind: this.#dbKind }, holder, async (trx) => {
      const nowIso = this.#nowIso();
      const userId = await repo.consumeEmailToken(trx, tokenHash, 'password_reset', nowIso);
      if (userId !== holder) throw badRequest(PASSWORD_RESET_LINK_INVALID_MESSAGE);
      await repo.useEmailTokensOf(trx, userId, 'password_reset', nowIso);
      // Following the mailed link proves the address belongs to the user.
      await this.#storePassword(trx, userId, passwordHash, { isVerified: 1 });
    });
    await this.#accessTokens.forgetUser(holder);
    if (owner) await this.liftLoginLockout(owner.email);
  }

  /**
   * Lifts the account's sign-in lockout at every address. A completed password reset does (the
   * mailed link proved the owner is at hand); so should any other sign-in that proves it, such
   * as a passkey (issue 33). The per-IP limit stays.
   */
  liftLoginLockout(email: string): Promise<void> {
    return this.#loginLockouts.lift(email);
  }

  // Social sign-in

  providers(): TProviders {
    return {
      password: true,
      google: this.#config.oauth.google !== undefined,
      facebook: this.#config.oauth.facebook !== undefined,
    };
  }

  /** Starts an authorization-code flow: remembers state and PKCE verifier, returns the provider URL. */
  async oauthStart(provider: TOAuthProvider): Promise<string> {
    const client = this.#oauthClient(provider);
    const now = this.#now();
    const state = generateRandomState();
    const codeVerifier = generateRandomCodeVerifier();
    await repo.deleteExpiredOAuthRows(this.#db, now.toISOString());
    await repo.insertOAuthState(this.#db, {
      stateHash: hashToken(state),
      provider,
      codeVerifier,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString(),
    });
    return client.authorizationUrl(state, codeVerifier);
  }

  /** Finishes the flow; always returns where to send the browser (a code, or a short error). */
  async oauthCallback(provider: TOAuthProvider, query: Record<string, string>): Promise<string> {
    const target = new URL('/oauth-callback', `${this.#config.publicUrl}/`);
    try {
      const client = this.#oauthClient(provider);
      if (query.error !== undefined) throw new OAuthSignInError('Sign-in was cancelled');
      const state = query.state ?? '';
      const stored =
        state === '' ? undefined : await repo.takeOAuthState(this.#db, hashToken(state));
      const now = this.#now();
      if (!stored || stored.provider !== provider || stored.expiresAt <= now.toISOString()) {
        throw new OAuthSignInError('Sign-in session expired. Please try again');
      }
      const profile = await client.complete(new URLSearchParams(query), state, stored.codeVerifier);
      const { userId, isNewUser } = await this.#linkOrCreateUser(provider, profile);
      const code = randomToken();
      await repo.insertOAuthExchangeCode(this.#db, {
        codeHash: hashToken(code),
        userId,
        isNewUser: isNewUser ? 1 : 0,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + OAUTH_EXCHANGE_CODE_TTL_MS).toISOString(),
      });
      target.searchParams.set('code', code);
    } catch (error) {
      this.#log.warn({ provider, err: error }, 'social sign-in failed');
      target.searchParams.set(
        'error',
        error instanceof OAuthSignInError ? error.message : 'Sign-in failed. Please try again',
      );
    }
    return target.href;
  }

  async oauthExchange(code: string): Promise<TOAuthExchangeResponse> {
    const row = await repo.takeOAuthExchangeCode(this.#db, hashToken(code));
    if (!row || row.expiresAt <= this.#nowIso()) {
      throw badRequest('code: This sign-in code is invalid or has expired');
    }
    const user = await repo.findUserById(this.#db, row.userId);
    if (!user || user.isActive !== 1) throw signedOut();
    return { ...(await this.#signIn(user)), is_new_user: row.isNewUser === 1 };
  }

  // Internals

  #nowIso(): string {
    return this.#now().toISOString();
  }

  #oauthClient(provider: TOAuthProvider): OAuthClient {
    const config = this.#config.oauth[provider];
    if (!config) throw notFound(`Sign-in provider ${provider}`);
    let client = this.#oauthClients.get(provider);
    if (!client) {
      const redirectUri = `${this.#config.publicUrl}/api/v1/auth/oauth/${provider}/callback`;
      client = new OAuthClient(provider, config, redirectUri);
      this.#oauthClients.set(provider, client);
    }
    return client;
  }

  async #linkOrCreateUser(
    provider: TOAuthProvider,
    profile: OAuthProfile,
  ): Promise<{ userId: string; isNewUser: boolean }> {
    const nowIso = this.#nowIso();
    return this.#db.transaction().execute(async (trx) => {
      const linked = await repo.findOAuthAccountUserId(trx, provider, profile.providerUserId);
      if (linked) return { userId: linked, isNewUser: false };
      if (!profile.email) {
        throw new OAuthSignInError('Your account did not share an e-mail address');
      }
      const email = profile.email.trim().toLowerCase();
      const link = { provider, providerUserId: profile.providerUserId, createdAt: nowIso };
      const existing = await repo.findUserByEmail(trx, email);
      if (existing) {
        // Linking on an unverified address would let anyone claim an account by e-mail alone.
        if (!profile.emailVerified) {
          throw new OAuthSignInError(
            'An account with this email already exists. Please sign in with your password',
          );
        }
        await repo.insertOAuthAccount(trx, { ...link, userId: existing.id });
        if (existing.isVerified !== 1) {
          await repo.updateUser(trx, existing.id, { isVerified: 1, updatedAt: nowIso });
        }
        return { userId: existing.id, isNewUser: false };
      }
      const user: repo.UserRow = {
        id: crypto.randomUUID(),
        name: profile.name ?? email.split('@')[0] ?? email,
        email,
        passwordHash: null,
        avatarUrl: profile.picture ?? null,
        isActive: 1,
        isVerified: profile.emailVerified ? 1 : 0,
        createdAt: nowIso,
        updatedAt: nowIso,
        lastLoginAt: null,
        tokensValidAfter: null,
      };
      await repo.insertUser(trx, user);
      await createFamily(trx, { userId: user.id, photoURL: user.avatarUrl }, nowIso);
      await repo.insertOAuthAccount(trx, { ...link, userId: user.id });
      return { userId: user.id, isNewUser: true };
    });
  }

  /** A new sign-in: a new token family, and the login recorded on the user. */
  async #signIn(user: repo.UserRow): Promise<TTokenSet> {
    const now = this.#now();
    const nowIso = now.toISOString();
    const issued = await this.#db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, user.id, { lastLoginAt: nowIso });
      await repo.deleteExpiredUserTokens(trx, user.id, nowIso);
      return this.#issueRefreshToken(trx, user.id, undefined, now);
    });
    return this.#tokenSet(user, issued.token, issued.familyId);
  }

  /** Issues a refresh token: in the family of `parent`, or a new family (a new sign-in). */
  async #issueRefreshToken(
    db: Executor,
    userId: string,
    parent: Pick<repo.RefreshTokenRow, 'familyId' | 'familyCreatedAt'> | undefined,
    now: Date,
  ): Promise<{ id: string; token: string; familyId: string }> {
    const nowIso = now.toISOString();
    const familyCreatedAt = parent?.familyCreatedAt ?? nowIso;
    const token = randomToken();
    const id = crypto.randomUUID();
    const familyId = parent?.familyId ?? crypto.randomUUID();
    await repo.insertRefreshToken(db, {
      id,
      userId,
      familyId,
      tokenHash: hashToken(token),
      familyCreatedAt,
      createdAt: nowIso,
      lastUsedAt: nowIso,
      expiresAt: new Date(
        refreshTokenExpiresAt(now.getTime(), Date.parse(familyCreatedAt)),
      ).toISOString(),
      revokedAt: null,
      replacedBy: null,
    });
    return { id, token, familyId };
  }

  /** The tokens of a sign-in: the access token names it, and stops working when it ends. */
  async #tokenSet(user: repo.UserRow, refreshToken: string, signIn: string): Promise<TTokenSet> {
    return {
      access_token: await this.#accessTokens.sign(user.id, signIn),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      user: toUser(user),
    };
  }

  async #setPassword(userId: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.#db
      .transaction()
      .execute((trx) => this.#storePassword(trx, userId, passwordHash, {}));
    await this.#accessTokens.forgetUser(userId);
  }

  /** Stores a new password hash and ends every sign-in: refresh and access tokens alike. */
  async #storePassword(
    trx: Executor,
    userId: string,
    passwordHash: string,
    extra: Partial<Pick<repo.UserRow, 'isVerified'>>,
  ): Promise<void> {
    const nowIso = this.#nowIso();
    await repo.updateUser(trx, userId, {
      ...extra,
      passwordHash,
      updatedAt: nowIso,
      // The access tokens' own clock (real time), not the injectable one of sessions.
      tokensValidAfter: new Date().toISOString(),
    });
    await repo.revokeUserRefreshTokens(trx, userId, nowIso);
  }

  /**
   * The password rules of every route that sets one (register, reset, change; OWASP ASVS 5.0
   * V6): core's `passwordProblem` with the account's own e-mail and name, and not among the most
   * common passwords. The length is each route's schema's (core's `ZNewPassword`).
   */
  async #assertAcceptablePassword(
    password: string,
    field: string,
    owner: TPasswordOwner,
  ): Promise<void> {
    const problem = passwordProblem(password, owner);
    if (problem) throw badRequest(`${field}: ${problem}`);
    if (await isCommonPassword(password)) {
      throw badRequest(`${field}: ${PASSWORD_TOO_COMMON_MESSAGE}`);
    }
  }

  async #insertEmailToken(
    db: Executor,
    userId: string,
    purpose: 'verify_email' | 'password_reset',
    token: string,
  ): Promise<void> {
    const now = this.#now();
    const ttl = purpose === 'password_reset' ? PASSWORD_RESET_TTL_MS : EMAIL_VERIFICATION_TTL_MS;
    await repo.insertEmailToken(db, {
      id: crypto.randomUUID(),
      userId,
      purpose,
      tokenHash: hashToken(token),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ttl).toISOString(),
      usedAt: null,
    });
  }

  /** A mail that fails is logged, never turned into a failed request. */
  async #sendQuietly(message: MailMessage): Promise<void> {
    const address = message.to.toLowerCase();
    try {
      if ((await this.#mailsPerAddress.take(address)) > 0) {
        this.#log.warn({ subject: message.subject }, 'mail dropped: too many to one address');
        return;
      }
      await this.#mailer.send(message);
    } catch (error) {
      this.#log.error({ err: error, subject: message.subject }, 'sending mail failed');
    }
  }
}

const duplicateEmail = (): AppError =>
  new AppError(409, 'VALIDATION_ERROR', DUPLICATE_EMAIL_MESSAGE);

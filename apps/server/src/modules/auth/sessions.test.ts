import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AuthService } from './service.ts';
import { registerUser, STRONG_PASSWORD, uniqueIp } from './test-helpers.ts';

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

/** The service on the test app's database, driven by a clock the test moves. */
function serviceWithClock(t: TestApp): {
  service: AuthService;
  advance(ms: number): void;
  now(): Date;
} {
  let now = Date.now();
  const service = new AuthService({
    db: t.app.database.db,
    config: t.app.config,
    accessTokens: t.app.accessTokens,
    mailer: t.app.mailer,
    log: t.app.log,
    now: () => new Date(now),
    rateLimitStore: t.app.rateLimitStore,
    jobs: t.app.jobs,
  });
  return { service, advance: (ms) => (now += ms), now: () => new Date(now) };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { statusCode?: number; code?: string }) => ({
      status: error.statusCode,
      code: error.code,
    }),
  );

describe('refresh token lifetime and reuse (injectable clock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signIn(service: AuthService) {
    const { email } = await registerUser(t.app);
    return service.login({ email, password: STRONG_PASSWORD }, uniqueIp());
  }

  it('reuse within 10 s answers with a working token; the first successor stays valid', async () => {
    const { service, advance } = serviceWithClock(t);
    const first = await signIn(service);
    const successor = await service.refresh(first.refresh_token);
    advance(10 * SECOND);
    const branch = await service.refresh(first.refresh_token);
    expect(branch.refresh_token).not.toBe(successor.refresh_token);
    expect(branch.user.id).toBe(first.user.id);
    advance(60 * SECOND);
    await expect(service.refresh(successor.refresh_token)).resolves.toMatchObject({
      token_type: 'Bearer',
    });
    await expect(service.refresh(branch.refresh_token)).resolves.toMatchObject({
      token_type: 'Bearer',
    });
  });

  it('reuse after the 10 s grace revokes the whole sign-in', async () => {
    const { service, advance } = serviceWithClock(t);
    const first = await signIn(service);
    const successor = await service.refresh(first.refresh_token);
    advance(10 * SECOND + 1);
    expect(await rejection(service.refresh(first.refresh_token))).toEqual({
      status: 401,
      code: 'AUTHENTICATION_REQUIRED',
    });
    expect(await rejection(service.refresh(successor.refresh_token))).toEqual({
      status: 401,
      code: 'AUTHENTICATION_REQUIRED',
    });
  });

  it('reuse revokes only that sign-in, not the user’s other devices', async () => {
    const { service, advance } = serviceWithClock(t);
    const { email } = await registerUser(t.app);
    const phone = await service.login({ email, password: STRONG_PASSWORD }, uniqueIp());
    const laptop = await service.login({ email, password: STRONG_PASSWORD }, uniqueIp());
    await service.refresh(phone.refresh_token);
    advance(60 * SECOND);
    await rejection(service.refresh(phone.refresh_token));
    await expect(service.refresh(laptop.refresh_token)).resolves.toBeDefined();
  });

  it('a refresh token dies 30 days after its last use (TOKEN_EXPIRED)', async () => {
    const { service, advance } = serviceWithClock(t);
    const idle = await signIn(service);
    const active = await signIn(service);
    advance(30 * DAY - SECOND);
    const kept = await service.refresh(active.refresh_token);
    advance(2 * SECOND);
    expect(await rejection(service.refresh(idle.refresh_token))).toEqual({
      status: 401,
      code: 'TOKEN_EXPIRED',
    });
    await expect(service.refresh(kept.refresh_token)).resolves.toBeDefined();
  });

  it('a sign-in ends 180 days after it began, however often it is refreshed', async () => {
    const { service, advance } = serviceWithClock(t);
    let tokens = await signIn(service);
    for (let day = 0; day < 174; day += 29) {
      advance(29 * DAY);
      tokens = await service.refresh(tokens.refresh_token);
    }
    // Now 174 days in: the last token was issued 0 days ago but the sign-in is 180 days old at +6.
    advance(6 * DAY + SECOND);
    expect(await rejection(service.refresh(tokens.refresh_token))).toEqual({
      status: 401,
      code: 'TOKEN_EXPIRED',
    });
  });

  it('the grace answer is refused once the sign-in was revoked', async () => {
    const { service, advance } = serviceWithClock(t);
    const first = await signIn(service);
    await service.refresh(first.refresh_token);
    await service.logout(first.refresh_token);
    advance(SECOND);
    expect(await rejection(service.refresh(first.refresh_token))).toEqual({
      status: 401,
      code: 'AUTHENTICATION_REQUIRED',
    });
  });

  it('a login records its time on the user, which their profile shows (lastLogin)', async () => {
    const clock = serviceWithClock(t);
    const { service, advance } = clock;
    const { email, user } = await registerUser(t.app);
    advance(DAY);
    const tokens = await service.login({ email, password: STRONG_PASSWORD }, uniqueIp());
    const row = await t.app.database.db
      .selectFrom('users')
      .select('lastLoginAt')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(row.lastLoginAt).toBe(clock.now().toISOString());
    expect(profile.json().lastLogin).toBe(clock.now().toISOString());
  });

  it('the lockout follows the same clock: the account unlocks once its wait is over', async () => {
    const { service, advance } = serviceWithClock(t);
    const { email } = await registerUser(t.app);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      await rejection(service.login({ email, password: 'wrong-password-123' }, ip));
    }
    expect(await rejection(service.login({ email, password: STRONG_PASSWORD }, ip))).toEqual({
      status: 429,
      code: 'RATE_LIMIT_EXCEEDED',
    });
    advance(29 * SECOND);
    expect(await rejection(service.login({ email, password: STRONG_PASSWORD }, ip))).toEqual({
      status: 429,
      code: 'RATE_LIMIT_EXCEEDED',
    });
    advance(SECOND);
    await expect(service.login({ email, password: STRONG_PASSWORD }, ip)).resolves.toBeDefined();
  });
});

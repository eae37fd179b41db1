import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  findMailedToken,
  outboxMails,
  registerUser,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueIp,
  waitFor,
} from './test-helpers.ts';

const WRONG = 'wrong-password-123';
const NEW_PASSWORD = 'amber-glacier-pocket-19';

// Issue 29: five wrong passwords (a child at the keyboard) used to lock the right one out for a
// quarter of an hour with "Please wait a moment".
describe('sign-in lockout', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-03-02T09:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
      remoteAddress,
    });
  /** `times` wrong passwords, each sent once the wait before it is over. */
  const failTimes = async (email: string, ip: string, times: number) => {
    for (let i = 0; i < times; i++) {
      let answer = await attempt(email, WRONG, ip);
      if (answer.statusCode === 429) {
        clock.advance(Number(answer.headers['retry-after']) * 1000);
        answer = await attempt(email, WRONG, ip);
      }
      expect(answer.statusCode).toBe(401);
    }
  };

  it('the wait after 5 failures is 30 s, then doubles with each further failure up to 15 minutes', async () => {
    const { email } = await registerUser(t.app);
    const ip = uniqueIp();
    await failTimes(email, ip, 5);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await attempt(email, STRONG_PASSWORD, ip);
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      waits.push(seconds);
      clock.advance(seconds * 1000);
      // The wait is over: this attempt is judged, and fails.
      expect((await attempt(email, WRONG, ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it('a refusal says how long in words, and waiting attempts do not lengthen the wait', async () => {
    const { email } = await registerUser(t.app);
    const ip = uniqueIp();
    // The 7th failure makes the next attempt wait 2 minutes.
    await failTimes(email, ip, 7);
    const first = await attempt(email, STRONG_PASSWORD, ip);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('120');
    expect(first.json()).toEqual({
      detail: 'Too many attempts. Try again in 2 minutes.',
      code: 'RATE_LIMIT_EXCEEDED',
    });
    clock.advance(90_000);
    const tapping = await attempt(email, WRONG, ip);
    expect(tapping.headers['retry-after']).toBe('30');
    expect(tapping.json().detail).toBe('Too many attempts. Try again in 30 seconds.');
    clock.advance(30_000);
    expect((await attempt(email, STRONG_PASSWORD, ip)).statusCode).toBe(200);
    // Signed in: the failures are forgotten.
    await failTimes(email, ip, 4);
    expect((await attempt(email, STRONG_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('of many wrong attempts sent at once, 5 are judged and the rest wait', async () => {
    const { email } = await registerUser(t.app);
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => attempt(email, WRONG, ip)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('a completed password reset lifts the lockout at every address; the per-IP limit stays', async () => {
    const { email } = await registerUser(t.app);
    const home = uniqueIp();
    const phone = uniqueIp();
    await failTimes(email, home, 9);
    await failTimes(email, phone, 5);
    expect((await attempt(email, STRONG_PASSWORD, home)).statusCode).toBe(429);
    expect((await attempt(email, STRONG_PASSWORD, phone)).statusCode).toBe(429);
    // An address that tried 20 sign-ins (other accounts) in this window.
    const busy = uniqueIp();
    for (let i = 0; i < 20; i++) await attempt(uniqueEmail('spray'), WRONG, busy);

    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email },
      remoteAddress: uniqueIp(),
    });
    expect(requested.statusCode).toBe(202);
    // The reset mail is a job's (the request does the same work for any address).
    await t.app.jobs.runDue();
    const token = await waitFor(() =>
      findMailedToken(outboxMails(t.config.dataDir), email, 'reset-password'),
    );
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, password: NEW_PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(confirmed.statusCode).toBe(204);

    expect((await attempt(email, NEW_PASSWORD, home)).statusCode).toBe(200);
    expect((await attempt(email, NEW_PASSWORD, phone)).statusCode).toBe(200);
    const stillBusy = await attempt(email, NEW_PASSWORD, busy);
    expect(stillBusy.statusCode).toBe(429);
  });
});

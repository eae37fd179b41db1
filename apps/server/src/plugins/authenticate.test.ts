import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  createAccessTokens,
  USER_STANDING_TTL_MS,
  type UserStanding,
} from './authenticate.ts';

const tokens = createAccessTokens('unit-test-secret-unit-test-secret-0123456789');

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('verifies a signed token to its user, again and again', async () => {
    const token = await tokens.sign('user-1');
    expect(await tokens.verify(token)).toBe('user-1');
    expect(await tokens.verify(token)).toBe('user-1');
  });

  it('refuses a tampered token even after the genuine one was verified', async () => {
    const token = await tokens.sign('user-2');
    await tokens.verify(token);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(tokens.verify(tampered)).rejects.toMatchObject({
      code: 'AUTHENTICATION_REQUIRED',
    });
  });

  it('answers TOKEN_EXPIRED once an already verified token passes its expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await tokens.sign('user-3');
    expect(await tokens.verify(token)).toBe('user-3');
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    const failure = await tokens.verify(token).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
  });
});

describe("a user's standing (issue 8)", () => {
  it('refuses tokens issued before the valid-after time, once the cached standing expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let validAfterMs: number | null = null;
    const checked = createAccessTokens('unit-test-secret-unit-test-secret-0123456789', {
      loadStanding: () => Promise.resolve({ tokensValidAfterMs: validAfterMs }),
    });
    const token = await checked.sign('user-4');
    expect(await checked.verify(token)).toBe('user-4');
    vi.setSystemTime(Date.now() + 1000);
    // Another process cut the tokens off: this one notices within the standing's lifetime.
    validAfterMs = Date.now();
    expect(await checked.verify(token)).toBe('user-4');
    vi.setSystemTime(Date.now() + USER_STANDING_TTL_MS);
    await expect(checked.verify(token)).rejects.toMatchObject({
      statusCode: 401,
      code: 'AUTHENTICATION_REQUIRED',
    });
    vi.setSystemTime(Date.now() + 1000);
    expect(await checked.verify(await checked.sign('user-4'))).toBe('user-4');
  });

  it('forgetUser makes the writing process notice at once; a missing user is refused', async () => {
    let standing: UserStanding = { tokensValidAfterMs: null };
    const checked = createAccessTokens('unit-test-secret-unit-test-secret-0123456789', {
      loadStanding: () => Promise.resolve(standing),
    });
    const token = await checked.sign('user-5');
    expect(await checked.verify(token)).toBe('user-5');
    standing = undefined;
    await checked.forgetUser('user-5');
    await expect(checked.verify(token)).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('a sign-in that ends (issue 28)', () => {
  it("refuses the sign-in's tokens once it has ended, at once after forgetSession; tokens of others go on", async () => {
    const ended = new Set<string>();
    const checked = createAccessTokens('unit-test-secret-unit-test-secret-0123456789', {
      isSessionLive: (sessionId) => Promise.resolve(!ended.has(sessionId)),
    });
    const phone = await checked.sign('user-6', 'sign-in-1');
    const laptop = await checked.sign('user-6', 'sign-in-2');
    expect(await checked.verify(phone)).toBe('user-6');
    ended.add('sign-in-1');
    // Still cached as live until told (or 30 s later)…
    expect(await checked.verify(phone)).toBe('user-6');
    await checked.forgetSession('sign-in-1');
    await expect(checked.verify(phone)).rejects.toMatchObject({
      statusCode: 401,
      code: 'AUTHENTICATION_REQUIRED',
    });
    expect(await checked.verify(laptop)).toBe('user-6');
  });

  it('another process that caught the broadcast refuses them at once too', async () => {
    const listeners = new Map<string, ((message: string) => void)[]>();
    const broadcast = {
      publish: async (channel: string, message: string) => {
        for (const listener of listeners.get(channel) ?? []) listener(message);
      },
      subscribe: (channel: string, listener: (message: string) => void) => {
        listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
        return () => {};
      },
    };
    const ended = new Set<string>();
    const isSessionLive = (sessionId: string) => Promise.resolve(!ended.has(sessionId));
    const secret = 'unit-test-secret-unit-test-secret-0123456789';
    const here = createAccessTokens(secret, { isSessionLive, broadcast });
    const there = createAccessTokens(secret, { isSessionLive, broadcast });
    const token = await here.sign('user-7', 'sign-in-3');
    expect(await there.verify(token)).toBe('user-7');
    ended.add('sign-in-3');
    await here.forgetSession('sign-in-3');
    await expect(there.verify(token)).rejects.toMatchObject({ statusCode: 401 });
  });
});

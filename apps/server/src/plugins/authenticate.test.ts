import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.ts';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from './authenticate.ts';

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

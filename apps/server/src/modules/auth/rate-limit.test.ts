import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('allows max hits per window, then reports the seconds left', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBe(60);
    now = 30_500;
    expect(limiter.retryAfter('a')).toBe(30);
    expect(limiter.retryAfter('b')).toBe(0);
    now = 60_000;
    expect(limiter.retryAfter('a')).toBe(0);
  });

  it('clear forgets a key', () => {
    const limiter = new RateLimiter(1, 60_000, () => 0);
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBe(60);
    limiter.clear('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { createRateLimitStore, RateLimiter, type RateLimitStore } from './rate-limit.ts';

// The store the app uses on this run's database: memory on SQLite, the shared table on PostgreSQL.
describe('RateLimiter', () => {
  let testDatabase: TestDatabase;
  let store: RateLimitStore;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await migrateToLatest(testDatabase.database.db, testDatabase.database.pgSchema);
    store = createRateLimitStore(testDatabase.database);
  });
  afterAll(() => testDatabase.close());

  it('allows max attempts per window, then reports the seconds left', async () => {
    let now = 0;
    const limiter = new RateLimiter(store, 'window', { max: 2, windowMs: 60_000 }, () => now);
    expect(await limiter.take('a')).toBe(0);
    expect(await limiter.take('a')).toBe(0);
    expect(await limiter.take('a')).toBe(60);
    now = 30_500;
    expect(await limiter.take('a')).toBe(30);
    expect(await limiter.take('b')).toBe(0);
    now = 60_000;
    expect(await limiter.take('a')).toBe(0);
  });

  it('clear forgets a key', async () => {
    const limiter = new RateLimiter(store, 'clear', { max: 1, windowMs: 60_000 }, () => 0);
    await limiter.take('a');
    expect(await limiter.take('a')).toBe(60);
    await limiter.clear('a');
    expect(await limiter.take('a')).toBe(0);
  });

  it('keeps the keys of two rules apart', async () => {
    const rule = { max: 1, windowMs: 60_000 };
    const first = new RateLimiter(store, 'first', rule, () => 0);
    const second = new RateLimiter(store, 'second', rule, () => 0);
    await first.take('a');
    expect(await first.take('a')).toBe(60);
    expect(await second.take('a')).toBe(0);
  });

  it('lets exactly max of many attempts at once through', async () => {
    const limiter = new RateLimiter(store, 'burst', { max: 5, windowMs: 60_000 });
    const waits = await Promise.all(Array.from({ length: 20 }, () => limiter.take('a')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });
});

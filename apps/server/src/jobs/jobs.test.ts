import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ManualClock } from '../lib/clock.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test/test-app.ts';
import { createJobs, JOB_LEASE_MS, MAX_JOB_ATTEMPTS, retryDelayMs, RetryLater } from './jobs.ts';

const noop = () => {};
const log = {
  level: 'silent',
  ...Object.fromEntries(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => [l, noop]),
  ),
  child: () => log,
} as unknown as FastifyBaseLogger;
const START = '2026-11-23T08:00:00.000Z';
let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = testDatabase.database;
  await migrateToLatest(database.db, database.pgSchema);
});
afterAll(() => testDatabase.close());
afterEach(() => database.db.deleteFrom('jobs').execute());

const at = (iso: string) => new Date(iso);

describe('durable jobs (DESIGN Jobs)', () => {
  it('a job runs when due, not before, and only once', async () => {
    const clock = new ManualClock(START);
    const jobs = createJobs(database, clock, log);
    const seen: unknown[] = [];
    jobs.handle('greet', async (payload) => void seen.push(payload));
    await jobs.schedule(database.db, {
      kind: 'greet',
      runAt: at('2026-11-23T09:00:00Z'),
      payload: { name: 'Mia' },
    });
    expect(await jobs.runDue()).toBe(0);
    clock.set('2026-11-23T09:00:00Z');
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([{ name: 'Mia' }]);
  });

  it('a key is scheduled once, ever', async () => {
    const clock = new ManualClock(START);
    const jobs = createJobs(database, clock, log);
    let runs = 0;
    jobs.handle('summary', async () => void (runs += 1));
    const job = { kind: 'summary', runAt: at(START), key: 'summary:u1:2026-11-23' };
    expect(await jobs.schedule(database.db, job)).toBe(true);
    expect(await jobs.schedule(database.db, job)).toBe(false);
    await jobs.runDue();
    expect(await jobs.schedule(database.db, job)).toBe(false);
    await jobs.runDue();
    expect(runs).toBe(1);
  });

  it('a failing job is retried with back-off, then given up after the last attempt', async () => {
    const clock = new ManualClock(START);
    const jobs = createJobs(database, clock, log);
    let runs = 0;
    jobs.handle('flaky', async () => {
      runs += 1;
      throw new Error('service down');
    });
    await jobs.schedule(database.db, { kind: 'flaky', runAt: at(START) });
    await jobs.runDue();
    expect(runs).toBe(1);
    clock.advance(retryDelayMs(1) - 1);
    await jobs.runDue();
    expect(runs).toBe(1);
    for (let attempt = 1; attempt < MAX_JOB_ATTEMPTS; attempt += 1) {
      clock.advance(retryDelayMs(attempt));
      await jobs.runDue();
    }
    expect(runs).toBe(MAX_JOB_ATTEMPTS);
    clock.advance(retryDelayMs(MAX_JOB_ATTEMPTS) * 10);
    await jobs.runDue();
    expect(runs).toBe(MAX_JOB_ATTEMPTS);
    const row = await database.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(row.doneAt).not.toBeNull();
    expect(row.lastError).toBe('service down');
  });

  it('RetryLater runs the job again after the delay it names', async () => {
    const clock = new ManualClock(START);
    const jobs = createJobs(database, clock, log);
    let runs = 0;
    jobs.handle('push', async () => {
      runs += 1;
      if (runs === 1) throw new RetryLater(120_000);
    });
    await jobs.schedule(database.db, { kind: 'push', runAt: at(START) });
    await jobs.runDue();
    clock.advance(119_000);
    await jobs.runDue();
    expect(runs).toBe(1);
    clock.advance(1_000);
    await jobs.runDue();
    expect(runs).toBe(2);
  });

  it('finish() commits the effects and the completion together: a failure after it rolls both back', async () => {
    const clock = new ManualClock(START);
    const jobs = createJobs(database, clock, log);
    let runs = 0;
    jobs.handle('chain', async (_payload, { finish }) => {
      runs += 1;
      await database.db.transaction().execute(async (trx) => {
        await jobs.schedule(trx, { kind: 'other', runAt: at(START), key: 'effect' });
        await finish(trx);
        if (runs === 1) throw new Error('crash after finishing');
      });
    });
    await jobs.schedule(database.db, { kind: 'chain', runAt: at(START) });
    await jobs.runDue();
    const afterCrash = await database.db.selectFrom('jobs').select(['kind', 'doneAt']).execute();
    expect(afterCrash).toEqual([{ kind: 'chain', doneAt: null }]);
    clock.advance(retryDelayMs(1));
    await jobs.runDue();
    const rows = await database.db.selectFrom('jobs').select('kind').orderBy('kind').execute();
    expect(rows.map((r) => r.kind)).toEqual(['chain', 'other']);
    expect(runs).toBe(2);
  });

  it('a runner that died mid-job leaves it to another after the lease', async () => {
    const clock = new ManualClock(START);
    const dying = createJobs(database, clock, log);
    dying.handle('work', () => new Promise<void>(() => {}));
    await dying.schedule(database.db, { kind: 'work', runAt: at(START) });
    void dying.runDue();
    await expect
      .poll(
        async () =>
          (await database.db.selectFrom('jobs').select('lockedBy').executeTakeFirst())?.lockedBy,
      )
      .not.toBeNull();

    const survivor = createJobs(database, clock, log);
    let runs = 0;
    survivor.handle('work', async () => void (runs += 1));
    await survivor.runDue();
    expect(runs).toBe(0);
    clock.advance(JOB_LEASE_MS);
    await survivor.runDue();
    expect(runs).toBe(1);
  });

  it('several runners on one database run each job exactly once', async () => {
    const clock = new ManualClock(START);
    // On PostgreSQL each runner has its own connections, like separate server processes.
    const extra =
      testDatabaseKind === 'postgres'
        ? [0, 1].map(() =>
            createDatabase({
              dataDir: testDatabase.dataDir,
              databaseUrl: process.env.TEST_DATABASE_URL,
              pgSchema: database.pgSchema,
            }),
          )
        : [database, database];
    const counts = new Map<string, number>();
    const runners = [database, ...extra].map((db) => {
      const jobs = createJobs(db, clock, log);
      jobs.handle('count', async (payload) => {
        const id = String(payload);
        counts.set(id, (counts.get(id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      });
      return jobs;
    });
    for (let i = 0; i < 60; i += 1) {
      await runners[0]!.schedule(database.db, { kind: 'count', runAt: at(START), payload: i });
    }
    const ran = await Promise.all(runners.map((jobs) => jobs.runDue()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(60);
    if (testDatabaseKind === 'postgres') await Promise.all(extra.map((db) => db.destroy()));
  });
});

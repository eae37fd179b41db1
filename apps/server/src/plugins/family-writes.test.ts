import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type CreatedUser } from '../test/create-user.ts';
import { OWN_ACTIVITY } from '../test/own-activity.ts';
import {
  createTestApp,
  startAnotherProcess,
  testDatabaseKind,
  type TestApp,
} from '../test/test-app.ts';

const CASTLE = 'cardboard-box-castle';
const LIVE_EVENTS_CHANNEL = 'live-events';

interface Sent {
  client: unknown;
  sql: string;
}

const isNotify = (sql: string) => sql.includes('pg_notify');

/**
 * What a run of statements costs the database's pool connections (the broadcast's own connection,
 * which sends the NOTIFYs, aside): their statements, transactions and durable commits.
 */
function costOf(statements: readonly Sent[]) {
  const open = new Set<unknown>();
  let commits = 0;
  let count = 0;
  const outside: string[] = [];
  for (const { client, sql } of statements) {
    if (isNotify(sql)) continue;
    count += 1;
    const verb = sql.trim().split(/\s/)[0]!.toLowerCase();
    if (verb === 'begin') open.add(client);
    else if (verb === 'commit' || verb === 'rollback') {
      open.delete(client);
      if (verb === 'commit') commits += 1;
    } else if (!open.has(client)) {
      // A statement outside a transaction commits on its own.
      outside.push(sql);
      commits += 1;
    }
  }
  return { count, commits, outside };
}

/**
 * Issue 30: on PostgreSQL a family write is one transaction with one commit, which moves the
 * family's data version; the live events follow in one NOTIFY on the broadcast's connection,
 * outside the write's transaction (a NOTIFY holds a cluster-wide lock through its commit).
 * Every statement the app sends goes through pg's Client#query, which the test watches.
 */
describe.runIf(testDatabaseKind === 'postgres')('family writes on PostgreSQL', () => {
  let t: TestApp;
  let parent: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    parent = await createUser(t.app);
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: parent.authHeader,
      ...(payload && { payload }),
    });

  /** The statements `run` sends, in order (the broadcast's included, once `run` resolves). */
  async function statementsOf(run: () => Promise<unknown>): Promise<Sent[]> {
    const sent: Sent[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const [text] = args;
      sent.push({ client: this, sql: typeof text === 'string' ? text : String(text) });
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return sent;
  }

  const versionOf = async (familyId: string) =>
    (
      await t.app.database.db
        .selectFrom('families')
        .select('dataVersion')
        .where('id', '=', familyId)
        .executeTakeFirstOrThrow()
    ).dataVersion;

  /** The live events broadcast to the family from now on (as every process receives them). */
  function eventsHeard() {
    const heard: string[] = [];
    const unsubscribe = t.app.broadcast.subscribe(LIVE_EVENTS_CHANNEL, (message) => {
      for (const { target, event } of JSON.parse(message) as {
        target: { familyId?: string };
        event: { type: string };
      }[]) {
        if (target.familyId === parent.familyId) heard.push(event.type);
      }
    });
    return { heard, unsubscribe };
  }
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  };

  it('a favourite is one transaction and one commit, which moves the version; its events follow', async () => {
    // Signed in and a member already (both cached), as on any request after the first.
    expect((await inject('GET', '/user-activities')).statusCode).toBe(200);
    const before = await versionOf(parent.familyId);
    const events = eventsHeard();
    const statements = await statementsOf(async () => {
      const res = await inject('PUT', `/user-activities/${CASTLE}/favorite`);
      expect(res.statusCode, res.body).toBe(200);
      await waitFor(() => events.heard.length >= 2);
    });
    events.unsubscribe();
    const cost = costOf(statements);
    expect(cost, statements.map((s) => s.sql).join('\n')).toMatchObject({
      commits: 1,
      outside: [],
    });
    // begin, the family's lock (the update that moves the version), the mark's read and write,
    // commit. Before issue 30: 6 statements and 2 commits, then 2 NOTIFYs committing each.
    expect(cost.count).toBeLessThanOrEqual(5);
    expect(statements[1]?.sql).toMatch(/^update "families" set "data_version"/);
    expect(await versionOf(parent.familyId)).toBe(before + 1);
    // The events: one NOTIFY, after the commit, on a connection of its own.
    const notifies = statements.filter((s) => isNotify(s.sql));
    expect(notifies).toHaveLength(1);
    expect(statements.findIndex((s) => isNotify(s.sql))).toBeGreaterThan(
      statements.findIndex((s) => s.sql === 'commit'),
    );
    expect(statements.filter((s) => s.client === notifies[0]!.client)).toHaveLength(1);
    expect(events.heard).toEqual(['user-activity.changed', 'stats.changed']);
  });

  it("a process's broadcast connection commits its NOTIFYs without waiting for the disk", async () => {
    const statements = await statementsOf(async () => {
      const other = await startAnotherProcess(t);
      await other.app.broadcast.publish('test', 'hello');
      await other.close();
    });
    const [set] = statements.filter((s) => s.sql.startsWith('SET synchronous_commit'));
    expect(set?.sql).toBe('SET synchronous_commit = off');
    const ofItsConnection = statements.filter((s) => s.client === set!.client).map((s) => s.sql);
    expect(ofItsConnection[1]).toMatch(/^LISTEN /);
    expect(ofItsConnection.filter(isNotify)).toHaveLength(1);
  });

  it('clearing it again costs the same', async () => {
    const statements = await statementsOf(async () => {
      const res = await inject('DELETE', `/user-activities/${CASTLE}/favorite`);
      expect(res.statusCode, res.body).toBe(204);
    });
    expect(costOf(statements)).toMatchObject({ commits: 1, outside: [] });
    expect(statements.length).toBeLessThanOrEqual(5);
  });

  it('a refused write moves nothing and tells nobody', async () => {
    const before = await versionOf(parent.familyId);
    const events = eventsHeard();
    const res = await inject('PUT', '/user-activities/no-such-activity/favorite');
    expect(res.statusCode).toBe(404);
    expect(await versionOf(parent.familyId)).toBe(before);
    // A write after it is heard alone.
    await inject('PUT', `/user-activities/${CASTLE}/tried`);
    await waitFor(() => events.heard.length >= 2);
    events.unsubscribe();
    expect(events.heard).toEqual(['user-activity.changed', 'stats.changed']);
  });

  it('a write made outside a family transaction owes one statement: the version', async () => {
    const created = await inject('POST', '/activities', OWN_ACTIVITY);
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const before = await versionOf(parent.familyId);
    const statements = await statementsOf(async () => {
      const res = await inject('PUT', `/activities/${id}`, { ...OWN_ACTIVITY, title: 'Disco' });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(costOf(statements)).toMatchObject({ count: 2, commits: 2 });
    expect(statements[1]!.sql).toMatch(/^update "families" set "data_version"/);
    expect(await versionOf(parent.familyId)).toBe(before + 1);
  });

  it('a sync moves the version with each action, and its events follow the last one', async () => {
    const before = await versionOf(parent.familyId);
    const actions = ['favorite', 'tried'].map((mark) => ({
      clientId: crypto.randomUUID(),
      kind: 'saveUserActivity',
      payload: { activityId: 'backyard-scavenger-hunt', mark, on: true },
      queuedAt: new Date().toISOString(),
    }));
    const events = eventsHeard();
    const statements = await statementsOf(async () => {
      const res = await inject('POST', '/sync', { actions });
      expect(res.statusCode, res.body).toBe(200);
      await waitFor(() => events.heard.length >= 3);
    });
    events.unsubscribe();
    // Each action's transaction moved it, and once more after the last; then the events.
    expect(await versionOf(parent.familyId)).toBe(before + 3);
    const sqls = statements.map((s) => s.sql);
    expect(sqls.findIndex(isNotify)).toBeGreaterThan(sqls.lastIndexOf('commit'));
    expect(events.heard).toEqual(['user-activity.changed', 'stats.changed', 'profile.changed']);
  });
});

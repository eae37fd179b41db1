import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './database.ts';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.ts';

interface TestDB {
  items: { id: number; familyId: string | null };
  families: { id: string };
}

let dir: string;
let file: string;
let db: Kysely<TestDB>;
/** The SQL the driver ran, in order. */
let statements: string[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kkb-group-commit-'));
  file = path.join(dir, 'app.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(`
    create table families (id text primary key);
    create table items (
      id integer primary key,
      family_id text references families (id) deferrable initially deferred
    );`);
  const writer = withStatementCache(sqlite);
  const reader = new SQLite(file);
  statements = [];
  db = new Kysely<TestDB>({
    plugins: [new CamelCasePlugin()],
    dialect: new GroupCommitSqliteDialect({
      writer: {
        get inTransaction() {
          return writer.inTransaction;
        },
        close: () => writer.close(),
        prepare(text) {
          statements.push(text);
          return writer.prepare(text);
        },
      },
      reader: withStatementCache(reader),
    }),
  });
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What another connection (another process, or the file after a restart) sees. */
function committedIds(): number[] {
  const other = new SQLite(file, { readonly: true });
  try {
    return other
      .prepare('select id from items order by id')
      .all()
      .map((row) => (row as { id: number }).id);
  } finally {
    other.close();
  }
}

const insert = (id: number, executor: Kysely<TestDB> = db) =>
  executor.insertInto('items').values({ id, familyId: null });

describe('SQLite group commit', () => {
  it('commits transactions that run together under one commit, each reported once on disk', async () => {
    const seen = await Promise.all(
      [1, 2, 3, 4, 5].map((id) =>
        db
          .transaction()
          .execute((trx) => insert(id, trx).execute())
          .then(() => committedIds()),
      ),
    );
    // Each writer, when told its write is done, finds it committed for everyone.
    seen.forEach((ids, i) => expect(ids).toContain(i + 1));
    expect(statements.filter((s) => s === 'commit')).toHaveLength(1);
    expect(committedIds()).toEqual([1, 2, 3, 4, 5]);
  });

  it('rolls a failing transaction back alone; the others of its group are kept', async () => {
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map((id) =>
        db.transaction().execute(async (trx) => {
          await insert(id, trx).execute();
          await insert(id + 10, trx).execute();
          if (id === 2) throw new Error('refused');
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedIds()).toEqual([1, 3, 11, 13]);
  });

  it('lets others read only what is committed: no unfinished transaction, no group before its fsync', async () => {
    let finish!: () => void;
    const transaction = db.transaction().execute(async (trx) => {
      await insert(1, trx).execute();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      await insert(2, trx).execute();
    });
    await new Promise((resolve) => setImmediate(resolve));
    const ids = () =>
      db
        .selectFrom('items')
        .select('id')
        .execute()
        .then((rows) => rows.map((row) => row.id));
    expect(await ids()).toEqual([]);
    finish();
    // Released into its group, which commits at the end of this turn.
    while (!statements.includes(`release app_transaction`)) await Promise.resolve();
    expect(await ids()).toEqual([]);
    await transaction;
    expect(await ids()).toEqual([1, 2]);
  });

  it('lets a connection kept for several statements read its own writes', async () => {
    const read = await db.connection().execute(async (connection) => {
      await insert(5, connection).execute();
      return connection.selectFrom('items').select('id').execute();
    });
    expect(read).toEqual([{ id: 5 }]);
    expect(committedIds()).toEqual([5]);
  });

  it('reports a statement outside a transaction only once it is committed', async () => {
    await insert(7).execute();
    expect(committedIds()).toEqual([7]);
  });

  it('fails every writer of a group whose commit fails, then commits the next group', async () => {
    const outcomes = await Promise.allSettled([
      db.transaction().execute((trx) => insert(1, trx).execute()),
      // Checked only at the group's commit: a family that does not exist.
      db
        .transaction()
        .execute((trx) => trx.insertInto('items').values({ id: 2, familyId: 'missing' }).execute()),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(committedIds()).toEqual([]);
    await insert(3).execute();
    expect(committedIds()).toEqual([3]);
  });

  it('commits an open group when the database closes', async () => {
    const write = insert(4).execute();
    // Closed while the write waits in the open group (it commits at the end of this turn).
    while (!statements.some((s) => s.startsWith('insert'))) await Promise.resolve();
    await db.destroy();
    await write;
    expect(committedIds()).toEqual([4]);
    const spare = new SQLite(':memory:');
    db = new Kysely<TestDB>({
      dialect: new GroupCommitSqliteDialect({ writer: spare, reader: spare }),
    });
  });

  it('runs raw SQL in a transaction as the query builder does', async () => {
    await db.transaction().execute((trx) => sql`insert into items (id) values (${8})`.execute(trx));
    expect(committedIds()).toEqual([8]);
  });
});

describe('SQLite parameters', () => {
  it('are written as +? (planned once, not at every run), and match as a bare ? does', async () => {
    await db.insertInto('families').values({ id: 'f1' }).execute();
    await db
      .insertInto('items')
      .values([1, 2, 3, 4].map((id) => ({ id, familyId: id % 2 ? 'f1' : null })))
      .execute();
    const query = db
      .selectFrom('items')
      .select('id')
      .where('familyId', '=', 'f1')
      .orderBy('id', 'desc')
      .limit(5);
    expect(query.compile().sql).toBe(
      'select "id" from "items" where "family_id" = +? order by "id" desc limit +?',
    );
    expect(await query.execute()).toEqual([{ id: 3 }, { id: 1 }]);
    // A column's affinity still applies to the value: text that reads as a number matches.
    const byText = await sql<{ id: number }>`select id from items where id = ${'2'}`.execute(db);
    expect(byText.rows).toEqual([{ id: 2 }]);
    const listed = await db
      .selectFrom('items')
      .select('id')
      .where('id', 'in', [2, 4, 9])
      .orderBy('id')
      .offset(1)
      .limit(-1)
      .execute();
    expect(listed).toEqual([{ id: 4 }]);
  });
});

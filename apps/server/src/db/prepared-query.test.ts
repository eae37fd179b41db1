import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { migrateToLatest } from './migrate.ts';
import { preparedQuery } from './prepared-query.ts';

describe('prepared queries', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateToLatest(test.database.db, test.database.pgSchema);
  });
  afterAll(() => test.close());

  const insertFamily = preparedQuery(2, (executor, id: string, createdAt: string) =>
    executor.insertInto('families').values({ id, createdAt }).returningAll(),
  );
  const familyById = preparedQuery(1, (executor, id: string) =>
    executor.selectFrom('families').select(['id', 'dataVersion']).where('id', '=', id),
  );

  it('run with the values of each call, in and out of transactions, answers in camelCase', async () => {
    const { db } = test.database;
    const inserted = await insertFamily.all(db, 'fam-1', '2026-01-01T00:00:00.000Z');
    expect(inserted).toEqual([
      { id: 'fam-1', createdAt: '2026-01-01T00:00:00.000Z', dataVersion: 0 },
    ]);
    await db
      .transaction()
      .execute((trx) => insertFamily.execute(trx, 'fam-2', '2026-01-02T00:00:00.000Z'));
    expect(await familyById.first(db, 'fam-2')).toEqual({ id: 'fam-2', dataVersion: 0 });
    expect(await familyById.first(db, 'fam-1')).toEqual({ id: 'fam-1', dataVersion: 0 });
    const inTransaction = await db.transaction().execute((trx) => familyById.all(trx, 'fam-1'));
    expect(inTransaction).toEqual([{ id: 'fam-1', dataVersion: 0 }]);
    expect(await familyById.first(db, 'none')).toBeUndefined();
  });

  it('are built and compiled once per database, whether run in transactions or not', async () => {
    const { db } = test.database;
    let builds = 0;
    const counted = preparedQuery(1, (executor, id: string) => {
      builds += 1;
      return executor.selectFrom('families').select('id').where('id', '=', id);
    });
    expect(await counted.all(db, 'fam-1')).toEqual([{ id: 'fam-1' }]);
    for (const id of ['fam-1', 'fam-2']) {
      expect(await db.transaction().execute((trx) => counted.first(trx, id))).toEqual({ id });
    }
    expect(await counted.first(db, 'fam-2')).toEqual({ id: 'fam-2' });
    expect(builds).toBe(1);
  });

  it('refuse a value that is not an argument, and an argument left unused', async () => {
    const { db } = test.database;
    // Built once: a value computed in the builder would be the same at every run.
    const fixed = preparedQuery(1, (executor, id: string) =>
      executor
        .selectFrom('families')
        .select('id')
        .where('id', '=', id)
        .where('dataVersion', '=', 0),
    );
    await expect(fixed.all(db, 'fam-1')).rejects.toThrow(/each value as an argument/);
    const unused = preparedQuery(2, (executor, id: string, _other: string) =>
      executor.selectFrom('families').select('id').where('id', '=', id),
    );
    await expect(unused.all(db, 'fam-1', 'x')).rejects.toThrow(/each value as an argument/);
  });
});

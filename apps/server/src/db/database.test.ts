import SQLite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './database.ts';

describe('SQLite statement cache', () => {
  it('prepares a statement once and reuses it, with results unchanged', () => {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cached = withStatementCache(sqlite);
    cached.prepare('create table t (n integer)').run([]);
    cached.prepare('insert into t (n) values (?)').run([1]);
    cached.prepare('insert into t (n) values (?)').run([2]);
    expect(cached.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(prepare.mock.calls.map(([sql]) => sql)).toEqual([
      'create table t (n integer)',
      'insert into t (n) values (?)',
      'select n from t order by n',
    ]);
    cached.close();
  });
});

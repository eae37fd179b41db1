import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type TableMetadata,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { GroupCommitSqliteDialect, type GroupCommitDatabase } from './sqlite-group-commit.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** PostgreSQL schema the app works in, when not the connection's default. */
  pgSchema?: string;
  destroy(): Promise<void>;
}

/**
 * Kysely's PostgreSQL introspector (the migrator asks it whether its tables exist) reads every
 * schema of the database, and fails when another schema is dropped meanwhile (several test runs,
 * or other apps, on one server). The app only ever needs the tables on its own search path.
 */
class SearchPathIntrospector implements DatabaseIntrospector {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- introspects any schema
  readonly #db: Kysely<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- introspects any schema
  constructor(db: Kysely<any>) {
    this.#db = db;
  }

  async getSchemas(): Promise<{ name: string }[]> {
    const { rows } = await sql<{ name: string }>`
      select unnest(current_schemas(false)) as name`.execute(this.#db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; type: string }>`
      select table_name as name, table_schema as schema, table_type as type
      from information_schema.tables
      where table_schema = any(current_schemas(false))`.execute(this.#db);
    return rows.map((row) => ({
      name: row.name,
      schema: row.schema,
      isView: row.type === 'VIEW',
      isForeign: row.type === 'FOREIGN',
      columns: [],
    }));
  }
}

class AppPostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- introspects any schema
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}

/** A query runner: the database itself or an open transaction. Repositories take either. */
export type Executor = Kysely<DB> | Transaction<DB>;

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema to work in (tests isolate each file in its own). */
  pgSchema?: string;
}

// PostgreSQL returns COUNT/BIGINT as strings; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function createDatabase(options: DatabaseOptions): Database {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema && { options: `-c search_path=${options.pgSchema}` }),
    });
    const db = new Kysely<DB>({ dialect: new AppPostgresDialect({ pool }), plugins });
    return {
      db,
      kind: 'postgres',
      ...(options.pgSchema && { pgSchema: options.pgSchema }),
      destroy: () => db.destroy(),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'app.db');
  const writer = new SQLite(file);
  // WAL for concurrent readers; FULL sync so an acknowledged write survives a power cut (several
  // writes share one fsync: see sqlite-group-commit.ts).
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = FULL');
  writer.pragma('foreign_keys = ON');
  writer.pragma('busy_timeout = 5000');
  // Reads outside transactions: they see only what is committed, and never wait for the writer.
  const reader = new SQLite(file);
  reader.pragma('query_only = ON');
  reader.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({
    dialect: new GroupCommitSqliteDialect({
      writer: withStatementCache(writer),
      reader: withStatementCache(reader),
    }),
    plugins,
  });
  return { db, kind: 'sqlite', destroy: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing is the largest cost of a small SQLite query, and
 * the app sends the same few hundred statements over and over. A prepared statement is reusable,
 * so keep the most recently used ones (least recently used dropped first).
 */
export function withStatementCache(sqlite: SQLite.Database): GroupCommitDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    get inTransaction() {
      return sqlite.inTransaction;
    },
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

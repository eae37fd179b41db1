import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/database.ts';
import { guardInjections } from './api-contract-guard.ts';

/** Which database this test run uses: the vitest project sets TEST_DB. */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestDatabase {
  database: Database;
  dataDir: string;
  /** Destroys the database (and drops its PostgreSQL schema), then deletes the data directory. */
  close(): Promise<void>;
}

/**
 * A fresh, empty database (no migrations run): a temporary SQLite file, or a fresh PostgreSQL
 * schema when the run targets PostgreSQL (TEST_DATABASE_URL). Each call is isolated.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kkb-test-'));
  let pgSchema: string | undefined;
  let databaseUrl: string | undefined;
  if (testDatabaseKind === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    pgSchema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${pgSchema}`);
    await client.end();
  }
  const database = createDatabase({ dataDir, databaseUrl, pgSchema });
  return {
    database,
    dataDir,
    async close() {
      await database.destroy();
      if (pgSchema && databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema ${pgSchema} cascade`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the real app on a fresh database (see `createTestDatabase`). It logs nothing unless the
 * test passes a `logStream` to read (at LOG_LEVEL from `env`). Every `inject` is checked against
 * the app's OpenAPI document (api-contract-guard.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    statements,
    ...options
  }: Pick<
    BuildOptions,
    | 'clock'
    | 'heartbeatMs'
    | 'pushTimeoutMs'
    | 'pushResolver'
    | 'pushTrustedCa'
    | 'modelTimeoutMs'
    | 'logStream'
    | 'httpTimeouts'
  > & {
    /** Gets the SQL text (without its values) of every statement the app sends, in order. */
    statements?: string[];
  } = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  const database = statements
    ? recordingStatements(testDatabase.database, statements)
    : testDatabase.database;
  const config = loadConfig({
    DATA_DIR: testDatabase.dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    WEATHER_PROVIDER: 'fixed',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const databaseUrl =
    testDatabase.database.kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const app = await buildApp(
    { ...config, databaseUrl },
    // Jobs run when a test says so (app.jobs.runDue), never behind its back.
    {
      database,
      logger: options.logStream !== undefined,
      runJobs: false,
      ...options,
    },
  );
  await app.ready();
  guardInjections(app);
  return {
    app,
    config,
    async close() {
      await app.close();
      await testDatabase.close();
    },
  };
}

/**
 * Another server process on the test app's database, as behind a proxy: the same schema, its own
 * connections and its own memory (PostgreSQL only: SQLite is one process). Its `close` leaves the
 * database to the first app.
 */
export async function startAnotherProcess(
  t: TestApp,
  options: Pick<BuildOptions, 'heartbeatMs' | 'clock'> = {},
): Promise<TestApp> {
  const { config, database: first } = t.app;
  if (first.kind !== 'postgres') throw new Error('Several processes need PostgreSQL');
  const database = createDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    ...(first.pgSchema && { pgSchema: first.pgSchema }),
  });
  const app = await buildApp(config, { database, logger: false, runJobs: false, ...options });
  await app.ready();
  guardInjections(app);
  return {
    app,
    config: t.config,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * The database, with every statement built through Kysely (prepared queries, compiled once, are
 * not among them) appended to `statements` as its SQL text, values left out.
 */
function recordingStatements(database: Database, statements: string[]): Database {
  const executor = database.db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      statements.push(executor.compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { ...database, db: database.db.withPlugin(recorder) };
}

import type SQLite from 'better-sqlite3';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** What the driver needs of a better-sqlite3 connection (its statements may come from a cache). */
export interface GroupCommitDatabase {
  prepare(sql: string): SQLite.Statement;
  /** Whether a transaction is open (SQLite ends one by itself after some errors). */
  readonly inTransaction: boolean;
  close(): void;
}

/** A first-come, first-served lock over the one connection. */
class ConnectionLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  /** Takes the lock now when it is free (no await, so no other work runs in between). */
  tryAcquire(): boolean {
    if (this.#held) return false;
    this.#held = true;
    return true;
  }

  acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the lock to the longest waiting, or frees it. */
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** Writes committed together: one `commit`, so one fsync, for all of them. */
interface CommitGroup {
  readonly durable: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newGroup(): CommitGroup {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const durable = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A group that fails is reported to each of its writers; nobody else waits on it.
  durable.catch(() => undefined);
  return { durable, resolve, reject };
}

/** The savepoint each app transaction runs in, inside the group's transaction. */
const TRANSACTION_SAVEPOINT = 'app_transaction';

/** The two connections to one database file (WAL): one writes, the other only reads. */
export interface GroupCommitConnections {
  writer: GroupCommitDatabase;
  reader: Pick<GroupCommitDatabase, 'prepare' | 'close'>;
}

/**
 * Group commit for SQLite. With `synchronous = FULL` every commit waits for an fsync, on the main
 * thread; committed one by one, writes were capped by the disk's fsync rate and held every other
 * request up meanwhile. Here every write (a Kysely transaction, or a statement outside one) goes
 * into the open group transaction (`begin`) of the writing connection, a transaction in its own
 * savepoint; the group commits at the end of the event loop's turn (`setImmediate`) under one
 * fsync. A write is only reported done once its group committed, so an acknowledged write
 * survives a power cut as before; a transaction that fails is rolled back to its savepoint alone,
 * and a group whose commit fails fails each of its writers.
 *
 * One transaction or write at a time holds the writing connection (as Kysely's own SQLite driver
 * holds its one connection), so transactions never interleave. A read outside a transaction goes
 * to the reading connection, without waiting: it sees what is committed, so never a transaction
 * that is unfinished or not yet on disk. A transaction's own reads see its group's earlier
 * transactions: when that group fails, it fails with them.
 */
export class GroupCommitSqliteDialect implements Dialect {
  readonly #connections: GroupCommitConnections;

  constructor(connections: GroupCommitConnections) {
    this.#connections = connections;
  }

  createDriver(): Driver {
    return new GroupCommitSqliteDriver(this.#connections);
  }

  createQueryCompiler(): SqliteQueryCompiler {
    return new PlannedOnceSqliteQueryCompiler();
  }

  createAdapter(): SqliteAdapter {
    return new SharedConnectionSqliteAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- introspects any schema
  createIntrospector(db: Kysely<any>): SqliteIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * Writes parameters as `+?`, not `?`. better-sqlite3 clears a statement's bindings after each run,
 * and SQLite prepares a statement anew (parses and plans it again) when bindings its plan looked
 * at are cleared. Its planner looks at the value of a bare `?` compared with a column beside an
 * ORDER BY or a join (children by position, the family lock, lists by date...): each run of such
 * a statement was prepared again, most of its time. A unary plus makes the parameter an
 * expression of the same value (no affinity, no collation either way) that the planner does not
 * look into: same plan, same answers, prepared once.
 */
export class PlannedOnceSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}

/**
 * Kysely serialises a single-connection dialect with a mutex held until a transaction's
 * connection is released; the driver's own lock does that instead, and frees the connection as
 * soon as a transaction is in the group, before its fsync.
 */
class SharedConnectionSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class GroupCommitSqliteDriver implements Driver {
  readonly #database: GroupCommitDatabase;
  readonly #reader: GroupCommitConnections['reader'];
  readonly #lock = new ConnectionLock();
  #group: CommitGroup | undefined;

  constructor({ writer, reader }: GroupCommitConnections) {
    this.#database = writer;
    this.#reader = reader;
  }

  async init(): Promise<void> {
    // The database is open already.
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupCommitConnection(this);
  }

  async beginTransaction(connection: GroupCommitConnection): Promise<void> {
    await this.#lock.acquire();
    try {
      this.#joinGroup(connection);
      this.run(`savepoint ${TRANSACTION_SAVEPOINT}`, []);
    } catch (error) {
      this.#lock.release();
      throw error;
    }
    connection.inTransaction = true;
  }

  async commitTransaction(connection: GroupCommitConnection): Promise<void> {
    try {
      this.run(`release ${TRANSACTION_SAVEPOINT}`, []);
    } catch (error) {
      // Kysely rolls the transaction back next, and the lock is let go there.
      this.#failGroupIfLost(error);
      throw error;
    }
    connection.inTransaction = false;
    this.#lock.release();
  }

  async rollbackTransaction(connection: GroupCommitConnection): Promise<void> {
    if (!connection.inTransaction) return;
    connection.inTransaction = false;
    // Nothing of this transaction is left to make durable.
    connection.group = undefined;
    try {
      this.#failGroupIfLost(undefined);
      if (this.#database.inTransaction) {
        this.run(`rollback to ${TRANSACTION_SAVEPOINT}`, []);
        this.run(`release ${TRANSACTION_SAVEPOINT}`, []);
      }
    } finally {
      this.#lock.release();
    }
  }

  async releaseConnection(connection: GroupCommitConnection): Promise<void> {
    // Reported done only once durable.
    await connection.group?.durable;
  }

  async destroy(): Promise<void> {
    if (this.#group) await this.#commitGroup();
    this.#reader.close();
    this.#database.close();
  }

  /** A statement outside any transaction: a read as it is, a write alone in the group. */
  async executeAlone(
    connection: GroupCommitConnection,
    query: CompiledQuery,
  ): Promise<QueryResult<unknown>> {
    const statement = this.#database.prepare(query.sql);
    // A connection kept for several statements (the migrator's) reads its own writes, which may
    // not be committed yet, where they are.
    if (statement.readonly && !connection.group) {
      return this.#execute(this.#reader.prepare(query.sql), query.parameters);
    }
    if (!this.#lock.tryAcquire()) await this.#lock.acquire();
    try {
      if (!statement.readonly) this.#joinGroup(connection);
      return this.#execute(statement, query.parameters);
    } catch (error) {
      this.#failGroupIfLost(error);
      throw error;
    } finally {
      this.#lock.release();
    }
  }

  /** A statement of the transaction that holds the lock. */
  executeInTransaction(query: CompiledQuery): QueryResult<unknown> {
    try {
      return this.#execute(this.#database.prepare(query.sql), query.parameters);
    } catch (error) {
      this.#failGroupIfLost(error);
      throw error;
    }
  }

  run(sql: string, parameters: readonly unknown[]): void {
    this.#database.prepare(sql).run(parameters);
  }

  #execute(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
    if (statement.reader) return { rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      insertId: BigInt(lastInsertRowid),
      numAffectedRows: BigInt(changes),
      rows: [],
    };
  }

  /** Opens the group when none is (with the lock held) and makes the connection wait for it. */
  #joinGroup(connection: GroupCommitConnection): void {
    if (!this.#group) {
      this.run('begin', []);
      const group = newGroup();
      this.#group = group;
      setImmediate(() => void this.#commitGroup());
    }
    connection.group = this.#group;
  }

  async #commitGroup(): Promise<void> {
    await this.#lock.acquire();
    const group = this.#group;
    this.#group = undefined;
    try {
      if (!group) return;
      try {
        this.run('commit', []);
        group.resolve();
      } catch (error) {
        if (this.#database.inTransaction) this.run('rollback', []);
        group.reject(error);
      }
    } finally {
      this.#lock.release();
    }
  }

  /**
   * SQLite rolls the whole transaction back by itself after some errors (disk full, I/O): then
   * every write of the group is gone, and each of its writers is told.
   */
  #failGroupIfLost(error: unknown): void {
    if (!this.#group || this.#database.inTransaction) return;
    const group = this.#group;
    this.#group = undefined;
    group.reject(error ?? new Error('the SQLite transaction was rolled back'));
  }
}

class GroupCommitConnection implements DatabaseConnection {
  readonly #driver: GroupCommitSqliteDriver;
  inTransaction = false;
  /** The group holding this connection's writes, until it commits. */
  group: CommitGroup | undefined;

  constructor(driver: GroupCommitSqliteDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = this.inTransaction
      ? this.#driver.executeInTransaction(query)
      : await this.#driver.executeAlone(this, query);
    return result as QueryResult<R>;
  }

  // eslint-disable-next-line require-yield -- the app never streams; Kysely's interface asks for it
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on SQLite here');
  }
}

import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, Executor } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobsTable } from './tables.ts';

export interface JobContext {
  job: { id: string; kind: string; key: string | null; attempts: number; runAt: Date };
  now: Date;
  /**
   * Marks the job done inside the handler's own transaction, so its effects and its completion
   * commit together (exactly once). Throws when the claim was lost (the handler ran past its
   * lease and another runner took the job): the transaction then rolls back. A handler that does
   * not call it is marked done when it returns. `forgetPayload` blanks the payload as it is
   * marked done, for one that names a person (a finished job is kept 30 days).
   */
  finish(trx: Transaction<DB>, options?: { forgetPayload?: boolean }): Promise<void>;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** Thrown by a handler to run the job again after a given delay (e.g. a `Retry-After`). */
export class RetryLater extends Error {
  readonly delayMs: number;
  constructor(delayMs: number, message = 'retry later') {
    super(message);
    this.delayMs = delayMs;
  }
}

class ClaimLost extends Error {}

export interface NewJob {
  kind: string;
  runAt: Date;
  payload?: unknown;
  /** Unique forever when given: scheduling the same key again does nothing. */
  key?: string;
}

export interface Jobs {
  /** Adds a job (in the caller's transaction when given one); false when its key already exists. */
  schedule(executor: Executor, job: NewJob): Promise<boolean>;
  handle(kind: string, handler: JobHandler): void;
  /** Runs every job due now; resolves with how many ran. Tests call it after moving the clock. */
  runDue(): Promise<number>;
  /** Polls for due jobs in the background until `stop`. */
  start(pollMs: number): void;
  stop(): Promise<void>;
}

/** A claim lasts this long; a runner that dies mid-job leaves it to another after it. */
export const JOB_LEASE_MS = 5 * 60_000;
export const MAX_JOB_ATTEMPTS = 8;
const BATCH_SIZE = 20;
const MAX_JOBS_PER_RUN = 1000;
/** Finished jobs are kept this long (their keys keep the same work from being scheduled twice). */
const KEEP_FINISHED_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

/** After the nth failed attempt: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * The durable jobs of DESIGN: rows in `jobs`, claimed with a lease (`FOR UPDATE SKIP LOCKED` on
 * PostgreSQL, so several processes share the work and never run the same job together), retried
 * with back-off, kept until done.
 */
export function createJobs(database: Database, clock: Clock, log: FastifyBaseLogger): Jobs {
  const { db } = database;
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;
  let lastPrune = 0;

  const claim = async (): Promise<JobsTable[]> => {
    if (handlers.size === 0) return [];
    const now = clock.now();
    const nowIso = now.toISOString();
    const token = crypto.randomUUID();
    let due = db
      .selectFrom('jobs')
      .select('id')
      .where('doneAt', 'is', null)
      .where('runAt', '<=', nowIso)
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', nowIso)]))
      .where('kind', 'in', [...handlers.keys()])
      .orderBy('runAt')
      .limit(BATCH_SIZE);
    if (database.kind === 'postgres') due = due.forUpdate().skipLocked();
    return db
      .updateTable('jobs')
      .set((eb) => ({
        lockedBy: token,
        lockedUntil: new Date(now.getTime() + JOB_LEASE_MS).toISOString(),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
  };

  const markDone = async (
    executor: Executor,
    job: JobsTable,
    error?: string,
    forgetPayload = false,
  ): Promise<void> => {
    const result = await executor
      .updateTable('jobs')
      .set({
        doneAt: clock.now().toISOString(),
        lockedUntil: null,
        lastError: error ?? null,
        ...(forgetPayload && { payload: 'null' }),
      })
      .where('id', '=', job.id)
      .where('lockedBy', '=', job.lockedBy)
      .where('doneAt', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n)
      throw new ClaimLost(`Job ${job.id} was claimed by another runner`);
  };

  const runOne = async (job: JobsTable): Promise<void> => {
    const handler = handlers.get(job.kind);
    if (!handler) return;
    let finished = false;
    try {
      await handler(JSON.parse(job.payload) as unknown, {
        job: {
          id: job.id,
          kind: job.kind,
          key: job.key,
          attempts: job.attempts,
          runAt: new Date(job.runAt),
        },
        now: clock.now(),
        async finish(trx, options) {
          await markDone(trx, job, undefined, options?.forgetPayload);
          finished = true;
        },
      });
      if (!finished) await markDone(db, job);
    } catch (error) {
      if (error instanceof ClaimLost) {
        log.warn({ jobId: job.id, kind: job.kind }, 'job claim lost; another runner has it');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof RetryLater) && job.attempts >= MAX_JOB_ATTEMPTS) {
        log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed for good');
        await markDone(db, job, message).catch(() => {});
        return;
      }
      const delayMs = error instanceof RetryLater ? error.delayMs : retryDelayMs(job.attempts);
      if (!(error instanceof RetryLater)) {
        log.warn(
          { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts },
          'job failed; will retry',
        );
      }
      await db
        .updateTable('jobs')
        .set({
          runAt: new Date(clock.now().getTime() + delayMs).toISOString(),
          lockedBy: null,
          lockedUntil: null,
          lastError: message.slice(0, 1000),
        })
        .where('id', '=', job.id)
        .where('lockedBy', '=', job.lockedBy)
        .execute();
    }
  };

  const prune = async (): Promise<void> => {
    const now = clock.now().getTime();
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    await db
      .deleteFrom('jobs')
      .where('doneAt', 'is not', null)
      .where('doneAt', '<', new Date(now - KEEP_FINISHED_MS).toISOString())
      .execute();
  };

  const runAll = async (): Promise<number> => {
    let ran = 0;
    while (ran < MAX_JOBS_PER_RUN) {
      const batch = await claim();
      if (batch.length === 0) break;
      // Together: one slow job (a push service taking its time) does not hold up the others.
      await Promise.all(batch.map(runOne));
      ran += batch.length;
    }
    await prune();
    return ran;
  };

  const runDue = (): Promise<number> => {
    // One run at a time in a process; a second caller waits for it and then runs its own.
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(runAll);
    running = next;
    return next.finally(() => {
      if (running === next) running = undefined;
    });
  };

  return {
    async schedule(executor, job) {
      const result = await executor
        .insertInto('jobs')
        .values({
          id: crypto.randomUUID(),
          kind: job.kind,
          key: job.key ?? null,
          payload: JSON.stringify(job.payload ?? null),
          runAt: job.runAt.toISOString(),
          attempts: 0,
          lockedBy: null,
          lockedUntil: null,
          doneAt: null,
          lastError: null,
          createdAt: clock.now().toISOString(),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`A handler for job kind ${kind} exists already`);
      handlers.set(kind, handler);
    },
    runDue,
    start(pollMs) {
      stopped = false;
      const tick = () => {
        runDue()
          .catch((error: unknown) => log.error({ err: error }, 'running jobs failed'))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, pollMs).unref();
          });
      };
      timer = setTimeout(tick, 0).unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

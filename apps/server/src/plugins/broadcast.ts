import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/database.ts';

/**
 * Messages to every server process of one deployment, this one included: live events and cache
 * invalidations. On SQLite there is one process and messages stay in memory; on PostgreSQL they
 * go through `NOTIFY` on one channel per schema, so several processes behind a proxy act as one.
 * Delivery is at most once and only to processes listening at the time: what must not be lost
 * (jobs, rate limits, versions) lives in the database, not here.
 */
export interface Broadcast {
  publish(channel: string, message: string): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(channel: string, listener: (message: string) => void): () => void;
  /** Resolves once this process receives messages (PostgreSQL: its LISTEN is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; ours are ids and small JSON. */
const MAX_PAYLOAD_BYTES = 7900;
/** Messages sent in one statement at most (each is a parameter of it). */
const MAX_BATCH = 500;
const RECONNECT_DELAY_MS = 1000;

export function createBroadcast(
  database: Database,
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
): Broadcast {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (channel: string, message: string): void => {
    for (const listener of local.listeners(channel)) {
      try {
        (listener as (message: string) => void)(message);
      } catch (error) {
        log.error({ err: error, channel }, 'broadcast listener failed');
      }
    }
  };
  const subscribe = (channel: string, listener: (message: string) => void) => {
    local.on(channel, listener);
    return () => void local.off(channel, listener);
  };

  if (database.kind !== 'postgres' || !databaseUrl) {
    return {
      publish: async (channel, message) => {
        // Asynchronous like NOTIFY, so callers never depend on delivery inside their own call.
        await Promise.resolve();
        deliver(channel, message);
      },
      subscribe,
      ready: async () => {},
      close: async () => {},
    };
  }

  const pgChannel = `kkb_${database.pgSchema ?? 'app'}`;
  let listener: pg.Client | undefined;
  let closed = false;
  let connecting: Promise<void> | undefined;

  // One dedicated connection holds the LISTEN (a pooled one would be handed to other queries);
  // when it drops, it comes back after a pause. Messages sent meanwhile are missed, as the
  // interface says. It also sends this process's messages: see publish.
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (notification) => {
      if (notification.channel !== pgChannel || !notification.payload) return;
      const separator = notification.payload.indexOf('\n');
      if (separator < 0) return;
      deliver(notification.payload.slice(0, separator), notification.payload.slice(separator + 1));
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'broadcast connection lost; reconnecting');
      if (listener === client) listener = undefined;
      void client.end().catch(() => {});
      if (!closed)
        setTimeout(() => void ensureListening().catch(() => {}), RECONNECT_DELAY_MS).unref();
    });
    await client.connect();
    // A NOTIFY holds a lock of the whole cluster from its commit's start to its end, so that
    // notifications queue in commit order: with this, that end does not wait for the disk (a
    // message is best effort anyway, and the connection writes nothing else).
    await client.query('SET synchronous_commit = off');
    await client.query(`LISTEN "${pgChannel}"`);
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
  };
  const ensureListening = (): Promise<void> => {
    if (listener || closed) return Promise.resolve();
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  interface Batch {
    payloads: string[];
    sent: Promise<void>;
    resolve(): void;
    reject(error: unknown): void;
  }
  let batch: Batch | undefined;
  const send = async ({ payloads, resolve, reject }: Batch): Promise<void> => {
    try {
      await ensureListening();
      if (!listener) throw new Error('the broadcast connection is closed');
      for (let start = 0; start < payloads.length; start += MAX_BATCH) {
        const part = payloads.slice(start, start + MAX_BATCH);
        const calls = part.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
        await listener.query(`select ${calls}`, [pgChannel, ...part]);
      }
      resolve();
    } catch (error) {
      reject(error);
    }
  };

  return {
    /**
     * Sent by the listening connection, outside any write's transaction: a write's commit never
     * waits for the cluster-wide NOTIFY lock, and never holds it while its commit is written to
     * disk. The messages of one turn of the event loop go out in one statement (one commit).
     */
    publish(channel, message) {
      const payload = `${channel}\n${message}`;
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        return Promise.reject(new RangeError(`Broadcast message on ${channel} is too large`));
      }
      if (!batch) {
        let resolve!: () => void;
        let reject!: (error: unknown) => void;
        const sent = new Promise<void>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        const next: Batch = { payloads: [], sent, resolve, reject };
        batch = next;
        setImmediate(() => {
          batch = undefined;
          void send(next);
        });
      }
      batch.payloads.push(payload);
      return batch.sent;
    },
    subscribe(channel, onMessage) {
      void ensureListening().catch((error: unknown) =>
        log.error({ err: error }, 'broadcast could not listen'),
      );
      return subscribe(channel, onMessage);
    },
    ready: ensureListening,
    async close() {
      closed = true;
      await connecting?.catch(() => {});
      await listener?.end();
      listener = undefined;
    },
  };
}

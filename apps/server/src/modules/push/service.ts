import crypto from 'node:crypto';
import type {
  TPushMessage,
  TPushSubscription,
  TPushSubscriptionInput,
} from '@kkb/core/push/schema';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Database, Executor } from '../../db/database.ts';
import { retryDelayMs, RetryLater, type Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  deleteSubscriptionById,
  deleteUserSubscription,
  findSubscription,
  listUserSubscriptions,
  upsertSubscription,
} from './repository.ts';
import type { PushSubscriptionsTable } from './tables.ts';
import type { VapidKeys } from './vapid.ts';

export const PUSH_SEND_JOB = 'push.send';
/** How long a push service may keep an undelivered message (the phone is off): a day. */
export const PUSH_TTL_SECONDS = 86_400;

export interface PushOptions {
  database: Database;
  jobs: Jobs;
  clock: Clock;
  log: FastifyBaseLogger;
  vapid: VapidKeys & { subject: string };
  /** How long one push service may take to answer. */
  timeoutMs?: number;
}

export interface PushService {
  publicKey: string;
  subscribe(userId: string, input: TPushSubscriptionInput): Promise<TPushSubscription>;
  /** false when the user had no such subscription. */
  unsubscribe(userId: string, endpoint: string): Promise<boolean>;
  /**
   * Queues the message for each of the user's devices (in the caller's transaction when given):
   * one job per device, so one slow or failing push service never holds up the others, nor the
   * request that caused the message.
   */
  pushToUser(executor: Executor, userId: string, message: TPushMessage): Promise<number>;
}

interface PushJob {
  subscriptionId: string;
  message: TPushMessage;
  expiresAt: string;
}

const toSubscription = (row: PushSubscriptionsTable): TPushSubscription => ({
  id: row.id,
  endpoint: row.endpoint,
  createdAt: row.createdAt,
  renewedAt: row.renewedAt,
});

/** `Retry-After` as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

export function createPushService(options: PushOptions): PushService {
  const { database, jobs, clock, log, vapid } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;

  jobs.handle(PUSH_SEND_JOB, async (payload, { job }) => {
    const { subscriptionId, message, expiresAt } = payload as PushJob;
    const now = clock.now();
    if (now.toISOString() >= expiresAt) return;
    const subscription = await findSubscription(database.db, subscriptionId);
    if (!subscription) return;
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify(message),
      {
        vapidDetails: vapid,
        TTL: Math.max(0, Math.floor((Date.parse(expiresAt) - now.getTime()) / 1000)),
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    // A network failure or a time-out throws: the job runner retries with back-off.
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.ok) return;
    if (response.status === 404 || response.status === 410) {
      // The browser unsubscribed or the subscription expired: it will never work again.
      await deleteSubscriptionById(database.db, subscriptionId);
      return;
    }
    if (response.status === 429 || response.status >= 500) {
      throw new RetryLater(
        retryAfterMs(response.headers.get('retry-after'), now.getTime()) ??
          retryDelayMs(job.attempts),
        `push service answered ${response.status}`,
      );
    }
    // Any other refusal (400 bad request, 413 too large, 403 wrong keys) will not change on retry.
    log.warn({ status: response.status, subscriptionId }, 'push message refused');
  });

  return {
    publicKey: vapid.publicKey,
    async subscribe(userId, input) {
      const now = clock.now().toISOString();
      const row = await upsertSubscription(database.db, {
        id: crypto.randomUUID(),
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        createdAt: now,
        renewedAt: now,
      });
      return toSubscription(row);
    },
    unsubscribe: (userId, endpoint) => deleteUserSubscription(database.db, userId, endpoint),
    async pushToUser(executor, userId, message) {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + PUSH_TTL_SECONDS * 1000).toISOString();
      const subscriptions = await listUserSubscriptions(executor, userId);
      for (const subscription of subscriptions) {
        const job: PushJob = { subscriptionId: subscription.id, message, expiresAt };
        await jobs.schedule(executor, { kind: PUSH_SEND_JOB, runAt: now, payload: job });
      }
      return subscriptions.length;
    },
  };
}

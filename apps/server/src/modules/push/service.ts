import crypto from 'node:crypto';
import { describeDevice } from '@kkb/core/devices/describe-device';
import { subscriptionsOverLimit } from '@kkb/core/push/device-limit';
import type {
  TPushMessage,
  TPushSubscription,
  TPushSubscriptionInput,
} from '@kkb/core/push/schema';
import type { FastifyBaseLogger } from 'fastify';
import { fetch } from 'undici';
import webpush from 'web-push';
import type { Database, Executor } from '../../db/database.ts';
import { inUserTransaction } from '../../db/family-lock.ts';
import { badRequest } from '../../errors.ts';
import { retryDelayMs, RetryLater, type Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { refusalBehind, type PushEndpointPolicy } from './endpoint-policy.ts';
import {
  deleteSubscriptionsById,
  deleteUserSubscription,
  deleteUserSubscriptionById,
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
  /** Where messages may go (PUSH_SERVICE_HOSTS, else public addresses), and the connections there. */
  endpoints: PushEndpointPolicy;
  /** How long one push service may take to answer. */
  timeoutMs?: number;
}

export interface PushService {
  publicKey: string;
  /**
   * Saves the browser's subscription for the user (a renewal updates theirs), once its endpoint
   * passed the endpoint policy; beyond the limit, the user's least recently renewed one goes.
   */
  subscribe(
    userId: string,
    input: TPushSubscriptionInput,
    userAgent: string | undefined,
  ): Promise<TPushSubscription>;
  /** The user's own subscriptions, most recently renewed first. */
  listSubscriptions(userId: string): Promise<TPushSubscription[]>;
  /** By endpoint (this browser's); false when the user had no such subscription. */
  unsubscribe(userId: string, endpoint: string): Promise<boolean>;
  /** By id (any of the user's devices); false when the user has none with that id. */
  removeSubscription(userId: string, id: string): Promise<boolean>;
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
  device: row.device,
  pushService: URL.parse(row.endpoint)?.hostname ?? '',
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
  const { database, jobs, clock, log, vapid, endpoints } = options;
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
    let response;
    try {
      response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body,
        signal: AbortSignal.timeout(timeoutMs),
        dispatcher: endpoints.dispatcher,
        // A redirect is refused like any other answer: the policy judged this endpoint, not another.
        redirect: 'manual',
      });
    } catch (error) {
      const refused = refusalBehind(error);
      // A network failure or a time-out: the job runner retries with back-off.
      if (!refused) throw error;
      // The endpoint is not (or no longer) one the server sends to: it never will be.
      log.warn(
        { subscriptionId, reason: refused.message },
        'push endpoint refused; subscription deleted',
      );
      await deleteSubscriptionsById(database.db, [subscriptionId]);
      return;
    }
    await response.body?.cancel();
    if (response.ok) return;
    if (response.status === 404 || response.status === 410) {
      // The browser unsubscribed or the subscription expired: it will never work again.
      await deleteSubscriptionsById(database.db, [subscriptionId]);
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
    async subscribe(userId, input, userAgent) {
      const refusal = await endpoints.refusalOf(input.endpoint);
      if (refusal) throw badRequest(`endpoint: ${refusal}`);
      const now = clock.now().toISOString();
      // Under the user's lock, so that devices subscribing at once cannot pass the limit together.
      return inUserTransaction(database, userId, async (trx) => {
        const row = await upsertSubscription(trx, {
          id: crypto.randomUUID(),
          userId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          device: describeDevice(userAgent),
          createdAt: now,
          renewedAt: now,
        });
        const over = subscriptionsOverLimit(await listUserSubscriptions(trx, userId), row.id);
        await deleteSubscriptionsById(trx, over);
        return toSubscription(row);
      });
    },
    async listSubscriptions(userId) {
      return (await listUserSubscriptions(database.db, userId)).map(toSubscription);
    },
    unsubscribe: (userId, endpoint) => deleteUserSubscription(database.db, userId, endpoint),
    removeSubscription: (userId, id) => deleteUserSubscriptionById(database.db, userId, id),
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

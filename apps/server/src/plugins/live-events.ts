import crypto from 'node:crypto';
import { ZLiveEvent, type TLiveEvent, type TLiveEventType } from '@kkb/core/events/schema';
import type { FastifyInstance } from 'fastify';
import type { Broadcast } from './broadcast.ts';

/** Who an event is for: one user (their notifications) or every member of a family. */
export type LiveEventTarget = { userId: string } | { familyId: string };

/** One open stream: whose it is, and how to write an event to it. */
export interface LiveConnection {
  userId: string;
  familyId: string;
  send(id: string, event: TLiveEvent): void;
}

export interface LiveEvents {
  /** Sends an event to the target's open streams on every process. Never throws: a lost event only delays a refresh. */
  publish(target: LiveEventTarget, event: TLiveEvent): Promise<void>;
  /**
   * Registers a stream; events after `lastEventId` that this process still holds are sent first,
   * or a `resync` when it cannot tell what was missed. Returns the function that unregisters.
   */
  connect(connection: LiveConnection, lastEventId: string | undefined): () => void;
}

const CHANNEL = 'live-events';
/** Events each process keeps for streams that reconnect (a phone switching networks). */
const REPLAY_BUFFER_SIZE = 1000;

interface Delivered {
  seq: number;
  target: LiveEventTarget;
  event: TLiveEvent;
}

const reaches = (target: LiveEventTarget, connection: LiveConnection): boolean =>
  'userId' in target
    ? target.userId === connection.userId
    : target.familyId === connection.familyId;

/**
 * Live events over the process-wide broadcast. Ids are `<process>.<sequence>`: a stream that
 * reconnects to the same process resumes from its buffer; one that lands on another process (or
 * after a restart) gets `resync`, and the app refetches what it shows.
 */
export function createLiveEvents(broadcast: Broadcast, log: FastifyInstance['log']): LiveEvents {
  const processId = crypto.randomBytes(6).toString('base64url');
  const connections = new Set<LiveConnection>();
  const buffer: Delivered[] = [];
  let seq = 0;

  broadcast.subscribe(CHANNEL, (message) => {
    let parsed: { target: LiveEventTarget; event: unknown };
    try {
      parsed = JSON.parse(message) as { target: LiveEventTarget; event: unknown };
    } catch {
      return;
    }
    const event = ZLiveEvent.safeParse(parsed.event);
    if (!event.success) return;
    seq += 1;
    const delivered = { seq, target: parsed.target, event: event.data };
    buffer.push(delivered);
    if (buffer.length > REPLAY_BUFFER_SIZE) buffer.shift();
    for (const connection of connections) {
      if (reaches(delivered.target, connection))
        connection.send(`${processId}.${seq}`, delivered.event);
    }
  });

  return {
    async publish(target, event) {
      try {
        await broadcast.publish(CHANNEL, JSON.stringify({ target, event }));
      } catch (error) {
        log.warn({ err: error, type: event.type }, 'live event not sent');
      }
    },
    connect(connection, lastEventId) {
      if (lastEventId !== undefined) {
        const [origin, seqText] = lastEventId.split('.');
        const lastSeq = Number(seqText);
        const oldest = buffer[0]?.seq ?? seq + 1;
        const resumable =
          origin === processId &&
          Number.isInteger(lastSeq) &&
          lastSeq <= seq &&
          lastSeq >= oldest - 1;
        if (resumable) {
          for (const delivered of buffer) {
            if (delivered.seq > lastSeq && reaches(delivered.target, connection)) {
              connection.send(`${processId}.${delivered.seq}`, delivered.event);
            }
          }
        } else {
          connection.send(`${processId}.${seq}`, { type: 'resync' });
        }
      }
      connections.add(connection);
      return () => void connections.delete(connection);
    },
  };
}

/** Which events a successful write through each family route means for the family's open apps. */
const EVENTS_OF_WRITES: [RegExp, TLiveEventType[]][] = [
  [/^\/api\/v1\/user-activities(\/|$)/, ['user-activity.changed', 'stats.changed']],
  [/^\/api\/v1\/activities\/[^/]+\/complete$/, ['user-activity.changed', 'stats.changed']],
  [/^\/api\/v1\/activities(\/|$)/, ['activities.changed']],
  [/^\/api\/v1\/(profile|children)(\/|$)/, ['profile.changed']],
  [/^\/api\/v1\/family(\/|$)/, ['family.changed']],
  [/^\/api\/v1\/sync$/, ['user-activity.changed', 'stats.changed', 'profile.changed']],
];

export function liveEventsOfWrite(routeUrl: string): TLiveEventType[] {
  return EVENTS_OF_WRITES.find(([pattern]) => pattern.test(routeUrl))?.[1] ?? [];
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every successful write to a family's data tells the family's open apps what changed, whatever
 * route made it; membership changes also tell the member concerned, whose family may have changed.
 */
export function registerLiveEvents(app: FastifyInstance, liveEvents: LiveEvents): void {
  app.decorate('liveEvents', liveEvents);
  app.addHook('onResponse', async (request, reply) => {
    if (READS.has(request.method) || reply.statusCode >= 400 || !request.familyId) return;
    const types = liveEventsOfWrite(request.routeOptions.url ?? '');
    for (const type of types) void liveEvents.publish({ familyId: request.familyId }, { type });
    if (types.includes('family.changed')) {
      void liveEvents.publish({ userId: request.userId }, { type: 'family.changed' });
      const memberId = (request.params as { userId?: unknown } | undefined)?.userId;
      if (typeof memberId === 'string' && memberId !== request.userId) {
        void liveEvents.publish({ userId: memberId }, { type: 'family.changed' });
      }
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: LiveEvents;
  }
}

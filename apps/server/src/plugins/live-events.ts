import crypto from 'node:crypto';
import { ZLiveEvent, type TLiveEvent, type TLiveEventType } from '@kkb/core/events/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Broadcast } from './broadcast.ts';

/** Who an event is for: one user (their notifications) or every member of a family. */
export type LiveEventTarget = { userId: string } | { familyId: string };

/** An event and who it is for. */
export interface LiveDelivery {
  target: LiveEventTarget;
  event: TLiveEvent;
}

/** One open stream: whose it is, and how to write an event to it. */
export interface LiveConnection {
  userId: string;
  familyId: string;
  send(id: string, event: TLiveEvent): void;
}

export interface LiveEvents {
  /** Sends an event to the target's open streams on every process. Never throws: a lost event only delays a refresh. */
  publish(target: LiveEventTarget, event: TLiveEvent): Promise<void>;
  /** Sends the events of one write together (one broadcast message). Never throws either. */
  publishAll(deliveries: readonly LiveDelivery[]): Promise<void>;
  /**
   * Registers a stream; events after `lastEventId` that this process still holds are sent first,
   * or a `resync` when it cannot tell what was missed. Returns the function that unregisters.
   */
  connect(connection: LiveConnection, lastEventId: string | undefined): () => void;
}

const CHANNEL = 'live-events';
/** Events each process keeps for streams that reconnect (a phone switching networks). */
const REPLAY_BUFFER_SIZE = 1000;

interface Delivered extends LiveDelivery {
  seq: number;
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

  const deliver = (target: LiveEventTarget, event: unknown): void => {
    const parsed = ZLiveEvent.safeParse(event);
    if (!parsed.success) return;
    seq += 1;
    const delivered = { seq, target, event: parsed.data };
    buffer.push(delivered);
    if (buffer.length > REPLAY_BUFFER_SIZE) buffer.shift();
    for (const connection of connections) {
      if (reaches(delivered.target, connection))
        connection.send(`${processId}.${seq}`, delivered.event);
    }
  };

  // A message is the list of one write's deliveries; a single delivery is what processes of the
  // previous version send, during an update of several processes.
  broadcast.subscribe(CHANNEL, (message) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    for (const delivery of (Array.isArray(parsed) ? parsed : [parsed]) as unknown[]) {
      if (typeof delivery !== 'object' || delivery === null) continue;
      const { target, event } = delivery as { target: LiveEventTarget; event: unknown };
      deliver(target, event);
    }
  });

  const publishAll = async (deliveries: readonly LiveDelivery[]): Promise<void> => {
    if (deliveries.length === 0) return;
    try {
      await broadcast.publish(CHANNEL, JSON.stringify(deliveries));
    } catch (error) {
      log.warn({ err: error, types: deliveries.map((d) => d.event.type) }, 'live event not sent');
    }
  };

  return {
    publish: (target, event) => publishAll([{ target, event }]),
    publishAll,
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
  // The profile's `displayName` is its member's own name, which the members list shows.
  [/^\/api\/v1\/profile$/, ['profile.changed', 'family.changed']],
  [/^\/api\/v1\/(profile|children)(\/|$)/, ['profile.changed']],
  [/^\/api\/v1\/family(\/|$)/, ['family.changed']],
  // A member's own name shows in the family's members list (and the profile they read).
  [/^\/api\/v1\/account$/, ['family.changed', 'profile.changed']],
  [/^\/api\/v1\/sync$/, ['user-activity.changed', 'stats.changed', 'profile.changed']],
];

export function liveEventsOfWrite(routeUrl: string): TLiveEventType[] {
  return EVENTS_OF_WRITES.find(([pattern]) => pattern.test(routeUrl))?.[1] ?? [];
}

/**
 * What a successful write through a family route tells: what it changed, to the family's open
 * apps; membership changes also to the member concerned, whose family may have changed.
 */
export function liveDeliveriesOfWrite(
  request: Pick<FastifyRequest, 'familyId' | 'userId' | 'params' | 'routeOptions'>,
): LiveDelivery[] {
  const types = liveEventsOfWrite(request.routeOptions.url ?? '');
  const deliveries: LiveDelivery[] = types.map((type) => ({
    target: { familyId: request.familyId },
    event: { type },
  }));
  if (types.includes('family.changed')) {
    deliveries.push({ target: { userId: request.userId }, event: { type: 'family.changed' } });
    const memberId = (request.params as { userId?: unknown } | undefined)?.userId;
    if (typeof memberId === 'string' && memberId !== request.userId) {
      deliveries.push({ target: { userId: memberId }, event: { type: 'family.changed' } });
    }
  }
  return deliveries;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: LiveEvents;
  }
}

import type { FastifyInstance } from 'fastify';
import type { FamilyWrite } from '../db/family-lock.ts';
import { liveDeliveriesOfWrite, type LiveDelivery, type LiveEvents } from './live-events.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A family route's write request: its family transactions' commits, and its live events. */
interface FamilyWriteRequest extends FamilyWrite {
  readonly deliveries: readonly LiveDelivery[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for writes through a family route (`config.permission`), null otherwise. */
    familyWrite: FamilyWriteRequest | null;
  }
}

/**
 * What every successful write through a family route does, whatever the route and whichever
 * member sends it: before it is acknowledged, the family's data version moves (data-versions.ts),
 * so no cached answer of the family's old data is served again on any process; then the
 * family's open apps are told what changed (live events, one broadcast message per write).
 *
 * On PostgreSQL a family transaction moves the version with its own commit (db/family-lock.ts):
 * the request's members carry `request.familyWrite` (`memberOf`), and a write made in exactly one
 * family transaction owes no statement more, so a favourite is one transaction and one commit.
 * A write outside family transactions, or in several (a sync), gets one bump more here. On SQLite
 * (one process) versions and the broadcast are in memory.
 */
export function registerFamilyWrites(app: FastifyInstance, liveEvents: LiveEvents): void {
  app.decorate('liveEvents', liveEvents);
  app.decorateRequest('familyWrite', null);
  // After validation (the params name the member a membership change concerns) and the family
  // access hook (request.familyId), before the handler opens any transaction.
  app.addHook('preHandler', async (request) => {
    if (READS.has(request.method) || !request.familyId) return;
    request.familyWrite = { deliveries: liveDeliveriesOfWrite(request), commits: 0 };
  });
  // onSend runs before the answer leaves, so a client never sees its write acknowledged while
  // the old version still stands (on any process).
  app.addHook('onSend', async (request, reply) => {
    const write = request.familyWrite;
    if (!write || reply.statusCode >= 400) return;
    if (write.commits !== 1) await app.dataVersions.bump(request.familyId);
    void liveEvents.publishAll(write.deliveries);
  });
}

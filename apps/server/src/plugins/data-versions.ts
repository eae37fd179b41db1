import type { FastifyInstance } from 'fastify';

/**
 * A counter per family that moves on every successful write the family makes, whatever the
 * route and whichever member sends it. Answers derived from the family's data (recommendations) are cached under it, so any
 * change a member makes is seen by the next request of every member. The counters live in this process:
 * a second server process on the same PostgreSQL does not see them (hence the short cache life).
 */
export interface DataVersions {
  current(familyId: string): number;
  bump(familyId: string): void;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerDataVersions(app: FastifyInstance): void {
  const versions = new Map<string, number>();
  const dataVersions: DataVersions = {
    current: (familyId) => versions.get(familyId) ?? 0,
    bump: (familyId) => versions.set(familyId, (versions.get(familyId) ?? 0) + 1) && undefined,
  };
  app.decorate('dataVersions', dataVersions);
  // onSend runs before the answer leaves, so a client never sees its write acknowledged while
  // the old version still stands.
  app.addHook('onSend', async (request, reply) => {
    if (!READS.has(request.method) && reply.statusCode < 400 && request.familyId) {
      dataVersions.bump(request.familyId);
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    dataVersions: DataVersions;
  }
}

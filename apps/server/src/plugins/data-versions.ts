import type { FastifyInstance } from 'fastify';

/**
 * A counter per family that moves on every successful write the family makes, whatever the
 * route. Answers derived from the family's data (recommendations) are cached under it, so any
 * change the parent makes is seen by their next request. The counters live in this process:
 * a second server process on the same PostgreSQL does not see them (hence the short cache life).
 */
export interface DataVersions {
  current(userId: string): number;
  bump(userId: string): void;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerDataVersions(app: FastifyInstance): void {
  const versions = new Map<string, number>();
  const dataVersions: DataVersions = {
    current: (userId) => versions.get(userId) ?? 0,
    bump: (userId) => versions.set(userId, (versions.get(userId) ?? 0) + 1) && undefined,
  };
  app.decorate('dataVersions', dataVersions);
  // onSend runs before the answer leaves, so a client never sees its write acknowledged while
  // the old version still stands.
  app.addHook('onSend', async (request, reply) => {
    if (!READS.has(request.method) && reply.statusCode < 400 && request.userId) {
      dataVersions.bump(request.userId);
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    dataVersions: DataVersions;
  }
}

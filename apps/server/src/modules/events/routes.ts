import { ZApiError } from '@kkb/core/errors/api-error';
import type { TLiveEvent } from '@kkb/core/events/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../plugins/authenticate.ts';
import type { LiveConnection } from '../../plugins/live-events.ts';

export interface EventStreamOptions {
  /** How often a comment line keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
}

/** Reconnect delay the browser is told to use after a dropped stream. */
const RETRY_MS = 3000;

/**
 * `GET /events`: Server-Sent Events telling the signed-in user's open apps what changed. The
 * access token comes in the Authorization header (the app reads the stream with fetch), never in
 * the URL. The stream ends when that token expires; the app reconnects with a fresh one and
 * `Last-Event-ID` resumes it.
 */
export function eventRoutes(options: EventStreamOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const openStreams = new Set<() => void>();
    // Open streams would keep the server from closing: end them first.
    app.addHook('preClose', async () => {
      for (const end of openStreams) end();
    });

    app.get(
      '/events',
      {
        onRequest: app.accessTokens.authenticate,
        config: { permission: 'family.read' },
        schema: {
          tags: ['events'],
          security: [{ bearer: [] }],
          summary:
            'Live events (text/event-stream): `data` is `{type, id?}`; ids resume with Last-Event-ID; comment lines are heartbeats',
          headers: z.object({ 'last-event-id': z.string().max(100).optional() }),
          response: {
            200: z.string().describe('text/event-stream'),
            401: ZApiError,
            403: ZApiError,
          },
        },
      },
      async (request, reply) => {
        const { database, liveEvents } = app;
        reply.hijack();
        const stream = reply.raw;
        stream.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-transform',
          // nginx buffers proxied answers unless told not to.
          'X-Accel-Buffering': 'no',
          Connection: 'keep-alive',
        });
        stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);

        const connection: LiveConnection = {
          userId: request.userId,
          familyId: request.familyId,
          send(id: string, event: TLiveEvent) {
            stream.write(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`);
            // A member who joins or leaves a family gets the new family's events from now on.
            if (event.type === 'family.changed') void refreshFamily();
          },
        };
        const refreshFamily = async () => {
          const row = await database.db
            .selectFrom('familyMembers')
            .select('familyId')
            .where('userId', '=', connection.userId)
            .executeTakeFirst()
            .catch(() => undefined);
          if (row) connection.familyId = row.familyId;
        };
        const disconnect = liveEvents.connect(connection, request.headers['last-event-id']);
        const heartbeat = setInterval(() => stream.write(': ping\n\n'), options.heartbeatMs);
        const tokenLeftMs = request.tokenIssuedAtMs + ACCESS_TOKEN_TTL_SECONDS * 1000 - Date.now();
        const expiry = setTimeout(() => stream.end(), Math.max(0, tokenLeftMs));
        const end = () => stream.end();
        openStreams.add(end);
        stream.on('close', () => {
          clearInterval(heartbeat);
          clearTimeout(expiry);
          disconnect();
          openStreams.delete(end);
        });
      },
    );
  };
}

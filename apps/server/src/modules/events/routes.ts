import { ZApiError } from '@kkb/core/errors/api-error';
import type { TLiveEvent } from '@kkb/core/events/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  SESSION_ENDED_CHANNEL,
  TOKENS_CUT_CHANNEL,
} from '../../plugins/authenticate.ts';
import type { LiveConnection } from '../../plugins/live-events.ts';

export interface EventStreamOptions {
  /** How often a comment line keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
}

/** Reconnect delay the browser is told to use after a dropped stream. */
const RETRY_MS = 3000;
/**
 * Streams one user may hold open on one process at once: every tab and device of a parent fits,
 * and one token cannot hold a thousand sockets. The count is this process's (several processes:
 * at most this many on each), so it needs no shared state and a crash leaves no place taken.
 */
export const MAX_STREAMS_PER_USER = 10;
/** When a refused stream is worth asking again (a tab closing frees a place). */
const STREAM_PLACE_RETRY_SECONDS = 30;
export const TOO_MANY_STREAMS_MESSAGE = `At most ${MAX_STREAMS_PER_USER} live update streams may be open at once; close another tab or device`;

interface OpenStream {
  userId: string;
  /** The sign-in of the token that opened it ('' for none). */
  sessionId: string;
  end(): void;
}

/**
 * `GET /events`: Server-Sent Events telling the signed-in user's open apps what changed. The
 * access token comes in the Authorization header (the app reads the stream with fetch), never in
 * the URL. The stream ends when that token expires; the app reconnects with a fresh one and
 * `Last-Event-ID` resumes it.
 */
export function eventRoutes(options: EventStreamOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const openStreams = new Set<OpenStream>();
    const openPerUser = new Map<string, number>();
    const endWhere = (ends: (stream: OpenStream) => boolean) => {
      for (const stream of openStreams) if (ends(stream)) stream.end();
    };
    // A stream goes with the sign-in that opened it: signed out, signed out everywhere, a new
    // password or a deleted account ends it on every process, as it ends the access token.
    const unsubscribe = [
      app.broadcast.subscribe(SESSION_ENDED_CHANNEL, (sessionId) =>
        endWhere((stream) => stream.sessionId === sessionId),
      ),
      app.broadcast.subscribe(TOKENS_CUT_CHANNEL, (userId) =>
        endWhere((stream) => stream.userId === userId),
      ),
    ];
    // Open streams would keep the server from closing: end them first.
    app.addHook('preClose', async () => {
      for (const stop of unsubscribe) stop();
      endWhere(() => true);
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
            200: {
              description: 'The event stream, open until the access token expires',
              content: { 'text/event-stream': { schema: z.string() } },
            },
            401: ZApiError,
            403: ZApiError,
            429: ZApiError.describe(TOO_MANY_STREAMS_MESSAGE),
          },
        },
      },
      async (request, reply) => {
        const { database, liveEvents } = app;
        const { userId } = request;
        // Counted before anything waits, so streams opened at once cannot pass together.
        const opened = openPerUser.get(userId) ?? 0;
        if (opened >= MAX_STREAMS_PER_USER) {
          throw new AppError(429, 'RATE_LIMIT_EXCEEDED', TOO_MANY_STREAMS_MESSAGE, {
            'Retry-After': String(STREAM_PLACE_RETRY_SECONDS),
          });
        }
        openPerUser.set(userId, opened + 1);
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
        const entry: OpenStream = { userId, sessionId: request.sessionId, end: () => stream.end() };
        openStreams.add(entry);
        // A closed stream frees its place.
        const closed = () => {
          clearInterval(heartbeat);
          clearTimeout(expiry);
          disconnect();
          openStreams.delete(entry);
          const left = (openPerUser.get(userId) ?? 1) - 1;
          if (left > 0) openPerUser.set(userId, left);
          else openPerUser.delete(userId);
        };
        // The client may have gone while the token was checked: its close event has passed.
        if (request.raw.socket.destroyed) closed();
        else stream.once('close', closed);
      },
    );
  };
}

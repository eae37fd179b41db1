import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ZApiError } from '@kkb/core/errors/api-error';
import {
  IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE,
  IDEMPOTENCY_KEY_INVALID_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENT_REPLAY_HEADER,
  parseIdempotencyKey,
} from '@kkb/core/idempotency/idempotency-key';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from '../errors.ts';
import { hashToken } from '../lib/random-tokens.ts';
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  findIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from './idempotency-repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route creates something: it honours an `Idempotency-Key` header (plugins/idempotency.ts).
     * A repeat with the same key by the same user is answered with the first answer.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The idempotency key this request claimed and answers; null when it carries none. */
    idempotencyClaim: IdempotencyClaim | null;
  }
}

interface IdempotencyClaim {
  userId: string;
  keyHash: string;
  claimId: string;
  /** The client's key itself, from which the stored answer's encryption key is derived. */
  key: string;
}

/** How long a claim holds before another process may take a key over (its process died). */
export const IDEMPOTENCY_CLAIM_MS = 60_000;
/** How long a repeat waits for the first request with its key to be answered (real time). */
export const IDEMPOTENCY_WAIT_MS = 10_000;
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 200;
const SWEEP_INTERVAL_MS = 60_000;

// Loose: validating it must leave every other header as it came.
const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'A key of your choosing (a UUID) naming this create: sent again with the same key within 24 h, it is answered with the first answer (Idempotent-Replayed: true) and creates nothing',
    ),
});

/** The request as the key names it: method, path and body (parsed, or the bytes uploaded). */
function fingerprintOf(request: FastifyRequest): string {
  const hash = crypto.createHash('sha256').update(`${request.method} ${request.url}\n`);
  const { body } = request;
  hash.update(Buffer.isBuffer(body) ? body : JSON.stringify(body ?? null));
  return hash.digest('hex');
}

/**
 * The stored answer is encrypted (AES-256-GCM) with a key derived from the idempotency key,
 * which the table holds only as a hash: an answer that carries a secret (an invitation's link)
 * is no more readable in the database than that secret is elsewhere.
 */
function answerKey(claim: Pick<IdempotencyClaim, 'key' | 'userId'>): Buffer {
  return Buffer.from(
    crypto.hkdfSync('sha256', claim.key, claim.userId, 'kkb idempotent answer', 32),
  );
}

function sealAnswer(claim: IdempotencyClaim, body: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', answerKey(claim), iv);
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

function openAnswer(claim: Pick<IdempotencyClaim, 'key' | 'userId'>, stored: string): string {
  const bytes = Buffer.from(stored, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', answerKey(claim), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * Idempotent creates (the IETF httpapi draft's `Idempotency-Key`), for every route that says
 * `config: { idempotent: true }`. A request carrying a key claims it (one atomic upsert in
 * `idempotency_keys`, so requests at once, on any process, cannot both claim it) and runs; its
 * 2xx answer is kept with the key for 24 hours. A repeat by the same user with the same key and
 * the same request is answered with that answer (`Idempotent-Replayed: true`) and creates
 * nothing; with another request, 422. A repeat that arrives while the first is still being
 * answered waits for it (up to 10 s, then 409 with `Retry-After`). A request that fails (4xx,
 * 5xx) creates nothing and lets its key go, so it can be sent again.
 *
 * Registered before compression, whose hooks would otherwise hand this one compressed bytes.
 */
export function registerIdempotency(app: FastifyInstance): void {
  const { db } = app.database;
  app.decorateRequest('idempotencyClaim', null);
  let lastSweepMs = 0;

  const replay = (
    reply: FastifyReply,
    claim: Pick<IdempotencyClaim, 'key' | 'userId'>,
    statusCode: number,
    stored: string,
  ) =>
    reply
      .code(statusCode)
      .header('Content-Type', 'application/json; charset=utf-8')
      .header(IDEMPOTENT_REPLAY_HEADER, 'true')
      .send(openAnswer(claim, stored));

  const claimOrReplay: preHandlerAsyncHookHandler = async function claimOrReplay(request, reply) {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !request.userId) return;
    const key = typeof header === 'string' ? parseIdempotencyKey(header) : undefined;
    if (key === undefined) throw badRequest(IDEMPOTENCY_KEY_INVALID_MESSAGE);
    const { userId } = request;
    const keyHash = hashToken(key);
    const fingerprint = fingerprintOf(request);
    const realStart = performance.now();
    let pollMs = FIRST_POLL_MS;
    for (;;) {
      const now = app.clock.now();
      const nowIso = now.toISOString();
      if (Date.now() - lastSweepMs >= SWEEP_INTERVAL_MS) {
        lastSweepMs = Date.now();
        await deleteExpiredIdempotencyKeys(db, nowIso);
      }
      const claim = { userId, keyHash, claimId: crypto.randomUUID(), key };
      const claimed = await claimIdempotencyKey(
        db,
        {
          userId,
          keyHash,
          fingerprint,
          claimId: claim.claimId,
          lockedUntil: new Date(now.getTime() + IDEMPOTENCY_CLAIM_MS).toISOString(),
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS).toISOString(),
          createdAt: nowIso,
        },
        nowIso,
      );
      if (claimed) {
        request.idempotencyClaim = claim;
        return;
      }
      const held = await findIdempotencyKey(db, userId, keyHash);
      // Gone meanwhile (its request failed and let it go): claim it again at once.
      if (!held) continue;
      if (held.fingerprint !== fingerprint) {
        throw new AppError(422, 'VALIDATION_ERROR', IDEMPOTENCY_KEY_REUSED_MESSAGE);
      }
      if (held.statusCode !== null && held.response !== null) {
        return replay(reply, claim, held.statusCode, held.response);
      }
      if (performance.now() - realStart >= IDEMPOTENCY_WAIT_MS) {
        throw new AppError(409, 'VALIDATION_ERROR', IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE, {
          'Retry-After': '1',
        });
      }
      await sleep(pollMs);
      pollMs = Math.min(pollMs * 2, MAX_POLL_MS);
    }
  };

  // Every answer to a claimed key: a 2xx is kept for repeats, anything else lets the key go.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (claim === null) return payload;
    request.idempotencyClaim = null;
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
        await storeIdempotentAnswer(db, claim, {
          statusCode: reply.statusCode,
          response: sealAnswer(claim, payload),
        });
      } else {
        await releaseIdempotencyKey(db, claim);
      }
    } catch (error) {
      // The answer still goes out; a repeat of it then waits for the claim to run out.
      request.log.error({ err: error }, 'idempotency key not settled');
    }
    return payload;
  });

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const earlier = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...earlier, claimOrReplay];
    // Part of each such route's contract, and of the OpenAPI document.
    if (route.schema) {
      route.schema.headers ??= ZIdempotencyHeaders;
      const response = route.schema.response as Record<string, unknown> | undefined;
      if (response) route.schema.response = { 409: ZApiError, 422: ZApiError, ...response };
    }
  });
}

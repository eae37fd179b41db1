import type { Socket } from 'node:net';
import { formatErrorMessage, type TErrorKind } from '@kkb/core/errors/catalogue';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error the API answers with: `{detail, code}` and an HTTP status. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: TErrorKind;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: TErrorKind,
    detail?: string,
    headers: Record<string, string> = {},
  ) {
    super(detail ?? formatErrorMessage(code));
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}

export const notFound = (thing: string): AppError =>
  new AppError(404, 'DATA_NOT_FOUND', formatErrorMessage('DATA_NOT_FOUND', { thing }));

export const badRequest = (detail: string): AppError =>
  new AppError(400, 'VALIDATION_ERROR', detail);

/** Status codes Fastify itself raises for malformed requests, and the kind each maps to. */
function kindForStatus(status: number): TErrorKind {
  if (status === 401) return 'AUTHENTICATION_REQUIRED';
  if (status === 403) return 'PERMISSION_DENIED';
  if (status === 404) return 'DATA_NOT_FOUND';
  if (status === 429) return 'RATE_LIMIT_EXCEEDED';
  return 'VALIDATION_ERROR';
}

/** `/children/0/name` -> `children.0.name`; the whole body/query when the path is empty. */
function fieldName(instancePath: string, location: string): string {
  const joined = instancePath.split('/').filter(Boolean).join('.');
  return joined === '' ? location : joined;
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs (a malformed
 * percent-encoding, 400; a path parameter over `maxParamLength`, 414) leaves as `{detail, code}`
 * like every other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    void reply
      .status(500)
      .send({ detail: formatErrorMessage('UNKNOWN_ERROR'), code: 'UNKNOWN_ERROR' });
    return;
  }
  void reply.status(status).send({ detail: error.message, code: kindForStatus(status) });
}

export const SHUTTING_DOWN_MESSAGE = 'The server is shutting down; try again in a moment';

/** The one error handler: every failure leaves as `{detail, code}`; 5xx never shows internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  // Requests that arrive once closing has begun are refused as Fastify's return503OnClosing
  // would, in the API's own error shape (it is turned off in app.ts).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('Connection', 'close');
    throw new AppError(503, 'SERVICE_UNAVAILABLE', SHUTTING_DOWN_MESSAGE);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ detail: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const location = error.validationContext ?? 'request';
      const detail = first
        ? `${fieldName(first.instancePath, location)}: ${first.message}`
        : 'Invalid request';
      return reply.status(400).send({ detail, code: 'VALIDATION_ERROR' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: error.message, code: kindForStatus(status) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ detail: formatErrorMessage('UNKNOWN_ERROR'), code: 'UNKNOWN_ERROR' });
  });
}

/**
 * Node's answer to a connection it gives up on before a request is handed over (a request past
 * its headers or request time, headers too large, unreadable HTTP): `{detail, code}` like every
 * other answer, then the connection is closed. Fastify's `clientErrorHandler`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, detail]: [number, string, TErrorKind, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'TIMEOUT_ERROR', 'The request did not arrive in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            'Request Header Fields Too Large',
            'VALIDATION_ERROR',
            'The request headers are too large',
          ]
        : [400, 'Bad Request', 'VALIDATION_ERROR', 'The request is not valid HTTP'];
  const body = JSON.stringify({ detail, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

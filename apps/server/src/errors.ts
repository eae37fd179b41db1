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

/** The one error handler: every failure leaves as `{detail, code}`; 5xx never shows internals. */
export function registerErrorHandling(app: FastifyInstance): void {
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

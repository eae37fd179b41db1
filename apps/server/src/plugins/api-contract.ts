import { ZApiError } from '@kkb/core/errors/api-error';
import type { Readable } from 'node:stream';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { z } from 'zod';

/**
 * What every route can answer by its nature, beside what its own schema lists: the statuses of
 * the checks that run before or around any handler. The OpenAPI document and the response
 * serializer both read them from the route's schema (DESIGN, API conventions).
 */
const ANSWERS = {
  everyRoute: {
    400: 'Invalid input: the parameters or body break the schema, a malformed address or body, or U+0000 anywhere',
    500: 'An unexpected failure; the detail is hidden',
    503: 'The server is shutting down',
  },
  signedIn: { 401: 'No valid access token (Authorization: Bearer)' },
  withParams: {
    404: 'Nothing with these path parameters',
    414: 'A path parameter is longer than the server reads (100 characters)',
  },
  // Fastify reads the body of these methods whether or not the route takes one.
  withBody: {
    413: 'The body is larger than the route takes',
    415: 'The body has a content type the route does not take',
  },
} as const;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const describedErrors = (answers: Record<number, string>) =>
  Object.fromEntries(
    Object.entries(answers).map(([status, why]) => [status, ZApiError.describe(why)]),
  );

/**
 * Adds to each documented route the statuses it can answer by its nature (above), and the bearer
 * security of every route that authenticates; a status the route lists itself keeps its own
 * schema. The family permission's 403 is added by family-access, with the permission check.
 */
export function registerApiContract(app: FastifyInstance): void {
  const { authenticate } = app.accessTokens;
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const onRequest: onRequestHookHandler[] = route.onRequest ? [route.onRequest].flat() : [];
    const signedIn = onRequest.includes(authenticate as onRequestHookHandler);
    const methods = [route.method].flat();
    const answers: Record<number, string> = Object.assign(
      {},
      ANSWERS.everyRoute,
      signedIn && ANSWERS.signedIn,
      schema.params !== undefined && ANSWERS.withParams,
      methods.some((method) => BODY_METHODS.has(method)) && ANSWERS.withBody,
    );
    schema.response = {
      ...describedErrors(answers),
      ...(schema.response as Record<string, unknown> | undefined),
    };
    if (signedIn && !schema.security) schema.security = [{ bearer: [] }];
  });
}

/**
 * Bytes that are not JSON (an image, an archive) in an answer: the route sends a buffer or a
 * stream, which Fastify never serializes, so nothing is checked here.
 */
export const ZBytes = z
  .custom<Uint8Array | Readable>(() => true)
  .meta({ type: 'string', format: 'binary' });

/**
 * The schema of an answer whose body is bytes of one of `mediaTypes` (the route sets its
 * Content-Type and sends a buffer or a stream, which Fastify does not serialize).
 */
export const bytesAnswer = (description: string, mediaTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: ZBytes }])),
});

type JsonSchema = Record<string, unknown>;
interface MediaType {
  schema?: JsonSchema;
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}
interface OpenApiObject {
  paths?: Record<string, Record<string, Operation>>;
}

/** zod's `z.null()` in OpenAPI 3.0: the answer schema of a route that answers with no body. */
const allowsOnlyNull = (schema: JsonSchema | undefined): boolean =>
  schema !== undefined &&
  (schema.type === 'null' ||
    (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null));

/** What Fastify calls `*` (the rest of the path, slashes included), the document calls `path`. */
const WILDCARD_PARAMETER = 'path';

/**
 * The last touches to the generated document (@fastify/swagger's `transformObject`), where what
 * Fastify does is not what the generator assumes:
 * - an answer whose schema is `z.null()` has no body (204, 202, redirects): no content is listed;
 * - a body that may be left out (`.nullish()`, `.nullable()`) is not required;
 * - a wildcard parameter gets a name (`{path}`); a client encodes its slashes as %2F;
 * - a nullable enum lists null among its values, as OpenAPI 3.0.3 asks (zod leaves it out), and
 *   the `allOf` parts of a nullable schema (a nullable date-time with its patterns) are nullable
 *   too: each part is checked on its own, so a typed part refused the null the whole allows.
 */
export function truthfulDocument<T>(openapiObject: T): T {
  const document = openapiObject as OpenApiObject;
  const paths: NonNullable<OpenApiObject['paths']> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const response of Object.values(operation.responses ?? {})) {
        const media = Object.values(response.content ?? {});
        if (media.length > 0 && media.every((type) => allowsOnlyNull(type.schema))) {
          delete response.content;
          if (response.description === 'Default Response') response.description = 'No content';
        }
      }
      const body = operation.requestBody;
      if (body && Object.values(body.content ?? {}).some((type) => type.schema?.nullable)) {
        body.required = false;
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && parameter.name === '*') parameter.name = WILDCARD_PARAMETER;
      }
    }
    paths[path.replace('{*}', `{${WILDCARD_PARAMETER}}`)] = item;
  }
  document.paths = paths;
  letNullableSchemasBeNull(document);
  return openapiObject;
}

/** Walks every schema of the document (any object with `nullable` and `enum` or `allOf`). */
function letNullableSchemasBeNull(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) letNullableSchemasBeNull(item);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const schema = value as JsonSchema;
  if (schema.nullable === true) {
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) {
      schema.enum = [...schema.enum, null];
    }
    if (Array.isArray(schema.allOf)) {
      for (const part of schema.allOf) {
        if (typeof part === 'object' && part !== null) (part as JsonSchema).nullable = true;
      }
    }
  }
  for (const child of Object.values(schema)) letNullableSchemasBeNull(child);
}

import fs from 'node:fs';
import zlib from 'node:zlib';
import { ZApiError } from '@kkb/core/errors/api-error';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { OpenAPIBackend, type AjvCustomizer, type Document, type Operation } from 'openapi-backend';

type Ajv = ReturnType<AjvCustomizer>;

/**
 * The test suite's guard on the OpenAPI document (DESIGN, API conventions): every request a
 * server test sends through `inject`, and every answer, is checked against the app's own
 * `/api/openapi.json` by openapi-backend (ajv with ajv-formats). What the document does not
 * describe is recorded as a violation; the vitest setup file (`api-contract-setup.ts`) fails the
 * test that sent it.
 */

export type ContractViolationKind =
  /** No documented operation, and the answer is not the API's 404 `{detail, code}`. */
  | 'route-undocumented'
  /** The operation does not list the status it answered. */
  | 'status-undocumented'
  /** The document gives the status a body, the answer had none (a 204 documented as JSON). */
  | 'empty-answer-documented-with-content'
  /** The answer's content type (or a content type on an empty answer) is not in the document. */
  | 'content-type-undocumented'
  /** The body does not match the documented schema of its status and content type. */
  | 'response-body'
  /** The document forbids the request, and the server accepted it (anything below 400). */
  | 'request-forbidden-but-accepted';

/** Measured, not failed: a request the document allows that the server refused with a 400. */
export type ContractObservationKind = 'request-allowed-but-refused';

export interface ContractFinding {
  kind: ContractViolationKind | ContractObservationKind;
  /** `POST /api/v1/activities -> 400` */
  exchange: string;
  /** The documented operation (`post /api/v1/activities`), when one matched. */
  operation?: string;
  status: number;
  detail: string;
}

const violations: ContractFinding[] = [];

/** The violations recorded since the last call (the setup file fails the test with them). */
export function takeContractViolations(): ContractFinding[] {
  return violations.splice(0);
}

/** With API_CONTRACT_REPORT set, every finding is appended there as a JSON line (measuring). */
function report(finding: ContractFinding): void {
  const file = process.env.API_CONTRACT_REPORT;
  if (file) fs.appendFileSync(file, `${JSON.stringify(finding)}\n`);
}

const backends = new Map<string, Promise<OpenAPIBackend>>();
let documentJson: Promise<string> | undefined;

/**
 * openapi-backend over a copy of the document in which each operation gets an id of its method
 * and path (it validates by operation id; the document itself does not need them).
 */
function backendFor(documentJson: string): Promise<OpenAPIBackend> {
  let backend = backends.get(documentJson);
  if (!backend) {
    const definition = JSON.parse(documentJson) as Document;
    for (const [path, item] of Object.entries(definition.paths ?? {})) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        if (typeof operation === 'object' && operation !== null && 'responses' in operation) {
          (operation as { operationId?: string }).operationId = `${method} ${path}`;
        }
      }
    }
    // openapi-backend makes an Ajv for every operation; one per kind of validation (with the
    // formats added once) compiles each operation's schemas about three times faster.
    const ajvs = new Map<string, Ajv>();
    backend = new OpenAPIBackend({
      definition,
      quick: true,
      validate: true,
      customizeAjv: (ajv, options, context) => {
        const key = `${context} ${String(options.coerceTypes)}`;
        let shared = ajvs.get(key);
        if (!shared) ajvs.set(key, (shared = addFormats.default(ajv)));
        return shared;
      },
    }).init();
    backends.set(documentJson, backend);
  }
  return backend;
}

interface SentRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string | string[]>;
  /** The bytes sent (undefined: no body; a stream is not read). */
  body: Buffer | undefined;
}

/** The request as light-my-request sent it: its final headers, and the payload as it encodes it. */
function sentRequest(options: InjectOptions, response: LightMyRequestResponse): SentRequest {
  const raw = response.raw.req as unknown as {
    method: string;
    url: string;
    headers: Record<string, string | string[] | undefined>;
  };
  const [path = '', ...rest] = raw.url.split('?');
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(raw.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  const payload: unknown = options.payload ?? options.body;
  let body: Buffer | undefined;
  if (typeof payload === 'string') body = Buffer.from(payload);
  else if (Buffer.isBuffer(payload)) body = payload;
  else if (payload && typeof (payload as { pipe?: unknown }).pipe !== 'function') {
    body = Buffer.from(JSON.stringify(payload));
  }
  return {
    method: raw.method.toUpperCase(),
    path,
    query: rest.join('?'),
    headers,
    body: body && body.length > 0 ? body : undefined,
  };
}

const mediaType = (header: string | string[] | number | undefined): string | undefined => {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  return String(value).split(';')[0]?.trim().toLowerCase() || undefined;
};

const isJson = (type: string | undefined) =>
  type !== undefined && (type === 'application/json' || type.endsWith('+json'));

/** A media type matches a documented one exactly or by its wildcard (`image/*`, `*\/*`). */
function documentedMediaType(
  type: string,
  content: Record<string, unknown> | undefined,
): string | undefined {
  return Object.keys(content ?? {}).find((documented) => {
    const [kind, sub] = documented.toLowerCase().split('/');
    const [typeKind, typeSub] = type.split('/');
    return (kind === '*' || kind === typeKind) && (sub === '*' || sub === typeSub);
  });
}

/** The answer's bytes as sent, undone from the compression they travelled in. */
function answerBytes(response: LightMyRequestResponse): Buffer {
  const encoding = String(response.headers['content-encoding'] ?? '');
  const bytes = response.rawPayload;
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes);
  if (encoding === 'gzip') return zlib.gunzipSync(bytes);
  if (encoding === 'deflate') return zlib.inflateSync(bytes);
  return bytes;
}

type Responses = Record<string, { content?: Record<string, unknown> } | undefined>;

/** The documented answer of a status: exact, its range (`4XX`), or `default`. */
function documentedResponse(operation: Operation, status: number) {
  const responses = (operation.responses ?? {}) as Responses;
  return (
    responses[String(status)] ??
    responses[`${String(status)[0]}XX`] ??
    responses[`${String(status)[0]}xx`] ??
    responses.default
  );
}

/**
 * The documented operation a request reaches. A wildcard's parameter (the files routes' `path`)
 * may hold slashes, which a client sends encoded as %2F; a request that matches no template as it
 * is is tried again with its last segments joined as one, encoded, as a client would send them.
 */
function matchOperation(backend: OpenAPIBackend, request: SentRequest): Operation | undefined {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  // Matching walks every operation; tests send the same few addresses again and again.
  let known = matchesOf.get(backend);
  if (!known) matchesOf.set(backend, (known = new Map()));
  const key = `${method} ${request.path}`;
  if (known.has(key)) return known.get(key);
  const operation = findOperation(backend, method, request);
  known.set(key, operation);
  return operation;
}

const matchesOf = new WeakMap<OpenAPIBackend, Map<string, Operation | undefined>>();

function findOperation(
  backend: OpenAPIBackend,
  method: string,
  request: SentRequest,
): Operation | undefined {
  const match = (path: string) =>
    backend.router.matchOperation({ method, path, headers: request.headers });
  const direct = match(request.path);
  if (direct) return direct;
  const segments = request.path.split('/');
  for (let split = segments.length - 2; split > 1; split -= 1) {
    const tail = segments.slice(split).map(decodeURIComponentSafely).join('/');
    const joined = [...segments.slice(0, split), encodeURIComponent(tail)].join('/');
    const found = match(joined);
    if (found) return found;
  }
  return undefined;
}

function decodeURIComponentSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The same path with a wildcard's slashes encoded, once the operation is known. */
function pathForOperation(operation: Operation, path: string): string {
  const templateSegments = operation.path.split('/').length;
  const segments = path.split('/');
  if (segments.length <= templateSegments) return path;
  const tail = segments
    .slice(templateSegments - 1)
    .map(decodeURIComponentSafely)
    .join('/');
  return [...segments.slice(0, templateSegments - 1), encodeURIComponent(tail)].join('/');
}

const describeErrors = (errors: { instancePath?: string; message?: string }[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`.trim())
    .join('; ');

/** What is wrong with the request by the document; undefined when it is allowed. */
function requestProblem(
  backend: OpenAPIBackend,
  operation: Operation,
  request: SentRequest,
): string | undefined {
  const requestBody = operation.requestBody as
    { content?: Record<string, unknown>; required?: boolean } | undefined;
  const type = mediaType(request.headers['content-type']);
  // An operation without a request body ignores one (API_RULES in app.ts).
  if (request.body !== undefined && requestBody) {
    if (!type) return 'a body without a content type';
    if (!documentedMediaType(type, requestBody.content)) {
      return `a body of type ${type}, where the operation takes ${Object.keys(requestBody.content ?? {}).join(', ')}`;
    }
  }
  const sendsJson = request.body !== undefined && isJson(type);
  try {
    decodeURIComponent(request.path);
  } catch {
    return 'a path that is not valid percent-encoding';
  }
  const validation = backend.validator.validateRequest(
    {
      method: request.method === 'HEAD' ? 'GET' : request.method,
      path: pathForOperation(operation, request.path),
      query: request.query,
      headers: request.headers,
      // Only JSON bodies are validated by schema; other types were checked above by type.
      ...(sendsJson && { body: request.body?.toString('utf8') }),
      ...(request.body !== undefined && !sendsJson && { body: {} }),
    },
    operation,
  );
  if (!sendsJson && request.body !== undefined) {
    // A binary body stands as present; only the parameters' errors count.
    const parameterErrors = (validation.errors ?? []).filter(
      (error) => !error.instancePath.startsWith('/requestBody'),
    );
    return parameterErrors.length > 0 ? describeErrors(parameterErrors) : undefined;
  }
  return validation.valid ? undefined : describeErrors(validation.errors);
}

/**
 * The document describes the API: everything under /api/ but the Swagger UI, which shows it. The
 * web app's pages and files, and /metrics for Prometheus, are not part of it.
 */
const describedByDocument = (path: string) =>
  (path === '/api' || path.startsWith('/api/')) &&
  path !== '/api/docs' &&
  !path.startsWith('/api/docs/');

/** Checks one exchange; returns its findings (violations and observations). */
export async function checkExchange(
  documentJson: string,
  options: InjectOptions,
  response: LightMyRequestResponse,
): Promise<ContractFinding[]> {
  const backend = await backendFor(documentJson);
  const request = sentRequest(options, response);
  const status = response.statusCode;
  const exchange = `${request.method} ${request.path}${request.query ? `?${request.query}` : ''} -> ${status}`;
  const findings: ContractFinding[] = [];
  const add = (kind: ContractFinding['kind'], detail: string, operation?: Operation) =>
    findings.push({
      kind,
      exchange: exchange.slice(0, 300),
      ...(operation && { operation: `${operation.method} ${operation.path}` }),
      status,
      detail,
    });

  if (!describedByDocument(request.path)) return findings;
  const operation = matchOperation(backend, request);
  const bytes = answerBytes(response);
  const type = mediaType(response.headers['content-type']);
  if (!operation) {
    // Outside the document: only the API's own "no such route" answer is right.
    const body = isJson(type) ? safeJson(bytes) : undefined;
    if (status !== 404 || !ZApiError.safeParse(body).success) {
      add('route-undocumented', 'no operation of the document matches this request');
    }
    return findings;
  }

  const problem = requestProblem(backend, operation, request);
  if (problem && status < 400) {
    add('request-forbidden-but-accepted', problem, operation);
  }
  if (!problem && status === 400) {
    add('request-allowed-but-refused', bytes.toString('utf8').slice(0, 200), operation);
  }

  const documented = documentedResponse(operation, status);
  if (!documented) {
    const listed = Object.keys(operation.responses ?? {}).join(', ');
    add('status-undocumented', `the operation lists ${listed}`, operation);
    return findings;
  }
  const content = documented.content;
  const hasContent = content !== undefined && Object.keys(content).length > 0;
  const empty = bytes.length === 0;
  if (!hasContent) {
    if (!empty || type !== undefined) {
      add(
        'content-type-undocumented',
        `documented as empty, answered ${type ?? 'no type'} with ${bytes.length} bytes`,
        operation,
      );
    }
    return findings;
  }
  if (empty && request.method !== 'HEAD') {
    add(
      'empty-answer-documented-with-content',
      `documented as ${Object.keys(content).join(', ')}, answered nothing`,
      operation,
    );
    return findings;
  }
  const documentedType = type && documentedMediaType(type, content);
  if (!documentedType) {
    add(
      'content-type-undocumented',
      `answered ${type ?? 'no type'}, documented ${Object.keys(content).join(', ')}`,
      operation,
    );
    return findings;
  }
  if (isJson(type) && request.method !== 'HEAD') {
    const body = safeJson(bytes);
    const validation = backend.validator.validateResponse(body, operation, status);
    if (!validation.valid) add('response-body', describeErrors(validation.errors), operation);
  }
  return findings;
}

function safeJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Makes `app.inject` check every exchange against the app's OpenAPI document and record what is
 * wrong. Only the options form (`inject({...})`, awaited) is supported; the chained and callback
 * forms throw, so that nothing goes unchecked.
 */
export function guardInjections(app: FastifyInstance): void {
  const inject = app.inject.bind(app);
  const guarded = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    // The document follows from the code alone (routes and schemas), not from the config: every
    // app of a test file has the same one, fetched from the first (it takes a second to build).
    documentJson ??= inject({ method: 'GET', url: '/api/openapi.json' }).then((res) => res.body);
    const response = await inject(options);
    for (const finding of await checkExchange(await documentJson, options, response)) {
      report(finding);
      if (finding.kind !== 'request-allowed-but-refused') violations.push(finding);
    }
    return response;
  };
  app.inject = ((options?: InjectOptions | string, callback?: unknown) => {
    if (typeof options !== 'object' || callback !== undefined) {
      throw new Error('Tests call app.inject({...}) so that the OpenAPI guard sees the exchange');
    }
    return guarded(options);
  }) as FastifyInstance['inject'];
}

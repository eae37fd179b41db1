import { once } from 'node:events';
import net from 'node:net';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from './create-user.ts';
import { createTestApp, type TestApp } from './test-app.ts';

interface Response {
  description: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
  responses: Record<string, Response>;
  security?: unknown[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

let t: TestApp;
let user: CreatedUser;
let document: Document;
const operations: { label: string; method: string; path: string; operation: Operation }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operations.push({ label: `${method} ${path}`, method, path, operation });
    }
  }
});
afterAll(() => t.close());

const isApiError = (response: Response | undefined) => {
  const schema = response?.content?.['application/json']?.schema;
  return (
    schema?.type === 'object' &&
    JSON.stringify(schema.required) === JSON.stringify(['detail', 'code'])
  );
};

describe('the OpenAPI document (issue 28)', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\./);
  });

  it('lists on every operation what it can answer by its nature, as {detail, code}', () => {
    expect(operations.length).toBeGreaterThan(80);
    for (const { label, method, operation } of operations) {
      const expected = ['400', '500', '503'];
      if (operation.security) expected.push('401');
      if (operation.parameters?.some((parameter) => parameter.in === 'path')) {
        expected.push('404', '414');
      }
      if (BODY_METHODS.has(method)) expected.push('413', '415');
      for (const status of expected) {
        expect(isApiError(operation.responses[status]), `${label} ${status}`).toBe(true);
      }
    }
  });

  it('states the statuses the fuzzer found missing: 429 and 401 on sign-in, 414 on long ids', () => {
    const responses = (path: string, method: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {});
    expect(responses('/api/v1/auth/register', 'post')).toEqual(
      expect.arrayContaining(['409', '429']),
    );
    expect(responses('/api/v1/auth/login', 'post')).toEqual(expect.arrayContaining(['401', '429']));
    expect(responses('/api/v1/activities/{id}', 'get')).toContain('414');
  });

  it('gives every route that authenticates its bearer security', () => {
    for (const path of ['/api/v1/auth/me', '/api/v1/auth/logout-all', '/api/v1/notifications']) {
      expect(document.paths[path]?.post ?? document.paths[path]?.get, path).toMatchObject({
        security: [{ bearer: [] }],
      });
    }
  });

  it('documents answers without a body as empty, not JSON', () => {
    const empty = operations.flatMap(({ label, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => status === '204' || status === '302')
        .map(([status, response]) => ({ label: `${label} ${status}`, response })),
    );
    expect(empty.length).toBeGreaterThan(15);
    for (const { label, response } of empty) expect(response.content, label).toBeUndefined();
    expect(
      document.paths['/api/v1/auth/password-reset']?.post?.responses['202']?.content,
    ).toBeUndefined();
  });

  it('documents streams, downloads and uploads with their own content types', () => {
    const content = (path: string, method: string, status: string) =>
      Object.keys(document.paths[path]?.[method]?.responses[status]?.content ?? {});
    expect(content('/api/v1/events', 'get', '200')).toEqual(['text/event-stream']);
    expect(content('/api/v1/account/export', 'get', '200')).toEqual(['application/zip']);
    for (const path of ['/api/v1/files/{path}', '/api/v1/files/download/{token}']) {
      expect(content(path, 'get', '200')).toEqual([
        'image/png',
        'image/jpeg',
        'image/webp',
        'image/gif',
      ]);
    }
    expect(
      Object.keys(document.paths['/api/v1/files/{path}']?.put?.requestBody?.content ?? {}),
    ).toEqual(['application/octet-stream', 'image/*']);
  });

  it('lets a body that may be left out be left out', () => {
    for (const path of [
      '/api/v1/auth/refresh',
      '/api/v1/auth/logout',
      '/api/v1/activities/{id}/complete',
    ]) {
      expect(document.paths[path]?.post?.requestBody?.required, path).toBe(false);
    }
  });

  it('lists null among the values of a nullable enum', () => {
    // The answer is the full or the compact form (`view`); both carry the basis.
    const answer = document.paths['/api/v1/recommendations']?.get?.responses['200']?.content?.[
      'application/json'
    ]?.schema as { anyOf: { properties: { basis: { properties: { energyLevel: unknown } } } }[] };
    expect(answer.anyOf[0]?.properties.basis.properties.energyLevel).toMatchObject({
      nullable: true,
      enum: ['low', 'medium', 'high', null],
    });
  });

  it('lets every part of a nullable schema be null (a day without sunrise in a plan)', () => {
    const plan = document.paths['/api/v1/planner']?.post?.responses['200']?.content?.[
      'application/json'
    ]?.schema as {
      properties: {
        days: { items: { properties: { forecast: { properties: { sunrise: JsonPart } } } } };
      };
    };
    const { sunrise } = plan.properties.days.items.properties.forecast.properties;
    expect(sunrise.nullable).toBe(true);
    expect(sunrise.allOf?.length).toBeGreaterThan(0);
    for (const part of sunrise.allOf ?? []) expect(part.nullable).toBe(true);
  });
});

interface JsonPart {
  nullable?: boolean;
  allOf?: { nullable?: boolean }[];
}

describe('what the router and a closing server refuse leaves as {detail, code}', () => {
  it('414 for a path parameter longer than the router reads', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/activities/${'x'.repeat(101)}`,
      headers: user.authHeader,
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
  });

  it('400 for a malformed percent-encoding', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/activities/%E0%A4%A',
      headers: user.authHeader,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
  });

  it('503 for a request that arrives while the server closes', async () => {
    const closing = await createTestApp();
    const address = new URL(await closing.app.listen({ port: 0, host: '127.0.0.1' }));
    // A request whose headers are still arriving keeps its connection through the close.
    const socket = net.connect(Number(address.port), address.hostname);
    await once(socket, 'connect');
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: kkb.test\r\n');
    const closed = closing.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.end('\r\n');
    await once(socket, 'close');
    await closed;
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as object;
    expect(body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Object.keys(body).sort()).toEqual(['code', 'detail']);
  });
});

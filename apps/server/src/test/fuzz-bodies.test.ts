import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from './create-user.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NUL = '\u0000';

/** Values that are wrong for almost any field: wrong types, extremes, hostile strings. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  1.5,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'x'.repeat(10_000),
  `a${NUL}b`,
  '\uD800',
  '0001-01-01T00:00:00Z',
  '275760-09-13T00:00:00Z',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  [],
  [null],
  {},
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
];

/** Whole bodies: malformed JSON text, non-objects, deep nesting, random JSON (fixed seed). */
const RAW_BODIES: string[] = [
  '',
  '{',
  '{"a":',
  'nul',
  '"text"',
  '42',
  'null',
  '[]',
  '[1,2,3]',
  '{"__proto__":{"polluted":true}}',
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  `{"k":"${'\\u0000'}"}`,
  ...fc
    .sample(fc.json({ depthSize: 'medium' }), { seed: 8, numRuns: 40 })
    .filter((text) => text.length < 20_000),
];

interface Operation {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  properties: string[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: {
          content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
        };
      }
    >
  >;
}

/** Every write operation of the published API, with a sample value in each path parameter. */
function writeOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const verb = method.toUpperCase();
      if (verb !== 'POST' && verb !== 'PUT' && verb !== 'PATCH') continue;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: verb,
        url: path.replace(/\{[^}]+\}/g, (name) =>
          name === '{provider}' ? 'google' : name === '{index}' ? '0' : 'fuzz-1',
        ),
        properties: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return operations;
}

/**
 * Issue 8: every POST/PUT/PATCH route of the OpenAPI document, fed malformed bodies, answers a
 * client error with `{detail, code}` and never a 5xx.
 */
describe('every write route refuses bad bodies without a 5xx', () => {
  let t: TestApp;
  let user: CreatedUser;
  let operations: Operation[];
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    operations = writeOperations(res.json() as OpenApiDocument);
  });
  afterAll(() => t.close());

  let ipCounter = 0;
  const send = async (operation: Operation, body: string) => {
    ipCounter += 1;
    const res = await t.app.inject({
      method: operation.method,
      url: operation.url,
      headers: { ...user.authHeader, 'content-type': 'application/json' },
      payload: body,
      remoteAddress: `10.200.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`,
    });
    const label = `${operation.method} ${operation.url} ${body.slice(0, 80)}`;
    expect(res.statusCode, label).toBeLessThan(500);
    if (res.statusCode >= 400) {
      expect(Object.keys(res.json()).sort(), label).toEqual(['code', 'detail']);
    }
  };

  it('finds the write routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.map((o) => `${o.method} ${o.url}`)).toContain('PUT /api/v1/progress');
  });

  it('whole bodies: malformed, not objects, too deep, random JSON', async () => {
    for (const operation of operations) {
      for (const body of RAW_BODIES) await send(operation, body);
    }
  });

  it('each documented field set to each bad value', async () => {
    for (const operation of operations) {
      for (const property of operation.properties) {
        for (const value of BAD_VALUES) {
          await send(operation, JSON.stringify({ [property]: value }));
        }
      }
    }
  });
});

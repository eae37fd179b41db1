import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchange } from './api-contract-guard.ts';
import { createUser, type CreatedUser } from './create-user.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type Document = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

let t: TestApp;
let user: CreatedUser;
let documentJson: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
  documentJson = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
});
afterAll(() => t.close());

/** The app's document with one change, as a document that lies would be. */
const changed = (change: (document: Document) => void): string => {
  const document = JSON.parse(documentJson) as Document;
  change(document);
  return JSON.stringify(document);
};

/** Sends a request (checked by the guard against the true document) and checks it again. */
const findings = async (options: InjectOptions, document = documentJson) => {
  const res = await t.app.inject(options);
  return (await checkExchange(document, options, res)).map((finding) => finding.kind);
};

const responsesOf = (document: Document, path: string, method: string) =>
  document.paths[path]?.[method]?.responses as Record<string, Record<string, unknown>>;

describe('the OpenAPI guard of the test suite (issue 28)', () => {
  const stats = { method: 'GET', url: '/api/v1/stats', headers: {} } as const;

  it('finds nothing wrong in an exchange the document describes', async () => {
    expect(await findings({ ...stats, headers: user.authHeader })).toEqual([]);
  });

  it('fails a status the operation does not list', async () => {
    const without401 = changed((document) => {
      delete responsesOf(document, '/api/v1/stats', 'get')['401'];
    });
    expect(await findings(stats, without401)).toEqual(['status-undocumented']);
  });

  it('fails a route the document does not have, and lets the API 404 of an unknown path be', async () => {
    const withoutStats = changed((document) => {
      delete document.paths['/api/v1/stats'];
    });
    expect(await findings({ ...stats, headers: user.authHeader }, withoutStats)).toEqual([
      'route-undocumented',
    ]);
    expect(await findings({ method: 'GET', url: '/api/v1/no-such-route' })).toEqual([]);
  });

  it('fails a body that does not match its schema', async () => {
    const stricter = changed((document) => {
      const schema = (
        responsesOf(document, '/api/v1/stats', 'get')['200']?.content as Record<
          string,
          { schema: { required: string[] } }
        >
      )['application/json']?.schema;
      schema?.required.push('notSent');
    });
    expect(await findings({ ...stats, headers: user.authHeader }, stricter)).toEqual([
      'response-body',
    ]);
  });

  it('fails an empty answer documented with content, and content on an answer documented as empty', async () => {
    const remove = {
      method: 'DELETE',
      url: '/api/v1/user-activities/cardboard-box-castle/favorite',
      headers: user.authHeader,
    } as const;
    const json204 = changed((document) => {
      responsesOf(document, '/api/v1/user-activities/{activityId}/{mark}', 'delete')['204'] = {
        description: 'JSON',
        content: { 'application/json': { schema: { type: 'object' } } },
      };
    });
    expect(await findings(remove, json204)).toEqual(['empty-answer-documented-with-content']);
    const empty200 = changed((document) => {
      responsesOf(document, '/api/v1/stats', 'get')['200'] = { description: 'Nothing' };
    });
    expect(await findings({ ...stats, headers: user.authHeader }, empty200)).toEqual([
      'content-type-undocumented',
    ]);
  });

  it('fails a request the document forbids when the server accepts it, not when it refuses it', async () => {
    const progress = (payload: object) =>
      ({ method: 'PUT', url: '/api/v1/progress', headers: user.authHeader, payload }) as const;
    const noFields = changed((document) => {
      const body = document.paths['/api/v1/progress']?.put?.requestBody as {
        content: Record<string, { schema: Record<string, unknown> }>;
      };
      body.content['application/json'] = { schema: { type: 'object', maxProperties: 0 } };
    });
    expect(await findings(progress({ level: 2 }), noFields)).toEqual([
      'request-forbidden-but-accepted',
    ]);
    // Refused by the server with a documented 400: the document and the server agree.
    expect(await findings({ ...stats, url: '/api/v1/activities?limit=0' })).toEqual([]);
    expect(
      await findings({ ...stats, url: '/api/v1/activities?limit=0', headers: user.authHeader }),
    ).toEqual([]);
  });

  it('notes, without failing, a request the document allows that the server refuses', async () => {
    const res = await findings({
      method: 'GET',
      url: '/api/v1/weather?lat=1',
      headers: user.authHeader,
    });
    expect(res).toEqual(['request-allowed-but-refused']);
  });
});

import crypto from 'node:crypto';
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

/** Dates that look like dates but name no day or time that exists (issue 28). */
const IMPOSSIBLE_DAYS = ['2026-13-45', '2026-02-30', '2026-04-31', '2026-00-01'];
const IMPOSSIBLE_INSTANTS = [
  '2026-13-45T10:00:00Z',
  '2026-02-30T10:00:00Z',
  '2026-05-16T24:30:00Z',
];

interface DateField {
  label: string;
  method: 'POST' | 'PUT';
  url: () => string;
  /** A body the route accepts, with `value` put in the one date-shaped field. */
  body: (value: string) => object;
  values: string[];
}

/**
 * Issue 28: every date-shaped field of every write route, in a body that is otherwise valid, set
 * to a date that does not exist, answers 400 VALIDATION_ERROR naming the field; never a 5xx (a
 * refinement used to compute with the impossible day and throw).
 */
describe('an impossible date in any date-shaped field is a 400, never a 500', () => {
  let t: TestApp;
  let user: CreatedUser;
  let savedPlanId: string;
  // Saturday 16 May 2026 planned as the server planned it: a body POST /planner/plans takes.
  let planBody: {
    startDate: string;
    days: { date: string; forecast: { date: string; sunrise: string | null } }[];
  } & Record<string, unknown>;

  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user.authHeader, payload });

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.app);
    await call('POST', '/children', { name: 'Noa', age: 4 });
    const plan = (await call('POST', '/planner', { startDate: '2026-05-16', days: 1 })).json<{
      startDate: string;
      childIds: string[];
      slots: unknown[];
      plannedBy: string;
      model: string | null;
      days: {
        date: string;
        forecast: { date: string; sunrise: string | null };
        slots: unknown[];
        items: {
          start: string;
          activity: { id: string };
          childIds: string[];
          why: string;
          locked: boolean;
        }[];
      }[];
    }>();
    planBody = {
      title: 'Saturday',
      startDate: plan.startDate,
      childIds: plan.childIds,
      slots: plan.slots,
      plannedBy: plan.plannedBy,
      model: plan.model,
      days: plan.days.map((day) => ({
        date: day.date,
        forecast: { ...day.forecast, sunrise: '2026-05-16T05:50:00-07:00' },
        slots: day.slots,
        items: day.items.map((item) => ({
          start: item.start,
          activityId: item.activity.id,
          childIds: item.childIds,
          why: item.why,
          locked: item.locked,
        })),
      })),
    };
    const saved = await call('POST', '/planner/plans', planBody);
    expect(saved.statusCode, saved.body).toBe(201);
    savedPlanId = saved.json<{ id: string }>().id;
  });
  afterAll(() => t.close());

  const withDay = (change: (body: typeof planBody) => void) => () => {
    const body = structuredClone(planBody);
    change(body);
    return body;
  };
  const firstDay = (body: typeof planBody) => body.days[0]!;

  const FIELDS: DateField[] = [
    {
      label: 'POST /planner startDate',
      method: 'POST',
      url: () => '/planner',
      body: (startDate) => ({ startDate, days: 2 }),
      values: IMPOSSIBLE_DAYS,
    },
    {
      label: 'POST /planner keep[].date',
      method: 'POST',
      url: () => '/planner',
      body: (date) => ({
        startDate: '2026-05-16',
        days: 1,
        keep: [
          { date, start: '10:00', activityId: 'cardboard-box-castle', childIds: ['c'], why: 'x' },
        ],
      }),
      values: IMPOSSIBLE_DAYS,
    },
    ...(['POST', 'PUT'] as const).flatMap((method): DateField[] => {
      const url = () => (method === 'POST' ? '/planner/plans' : `/planner/plans/${savedPlanId}`);
      return [
        {
          label: `${method} /planner/plans startDate`,
          method,
          url,
          body: (startDate) => withDay((body) => (body.startDate = startDate))(),
          values: IMPOSSIBLE_DAYS,
        },
        {
          label: `${method} /planner/plans days[].date`,
          method,
          url,
          body: (date) => withDay((body) => (firstDay(body).date = date))(),
          values: IMPOSSIBLE_DAYS,
        },
        {
          label: `${method} /planner/plans days[].forecast.date`,
          method,
          url,
          body: (date) => withDay((body) => (firstDay(body).forecast.date = date))(),
          values: IMPOSSIBLE_DAYS,
        },
        {
          label: `${method} /planner/plans days[].forecast.sunrise`,
          method,
          url,
          body: (sunrise) => withDay((body) => (firstDay(body).forecast.sunrise = sunrise))(),
          values: IMPOSSIBLE_INSTANTS,
        },
      ];
    }),
    {
      label: 'POST /activities/{id}/complete completedAt',
      method: 'POST',
      url: () => '/activities/cardboard-box-castle/complete',
      body: (completedAt) => ({ minutes: 10, completedAt }),
      values: IMPOSSIBLE_INSTANTS,
    },
    {
      label: 'POST /notifications/activity-reminder scheduled_time',
      method: 'POST',
      url: () => '/notifications/activity-reminder',
      body: (time) => ({ activity_name: 'Castle', scheduled_time: time }),
      values: IMPOSSIBLE_INSTANTS,
    },
    {
      label: 'POST /sync actions[].queuedAt',
      method: 'POST',
      url: () => '/sync',
      body: (queuedAt) => ({
        actions: [
          {
            clientId: crypto.randomUUID(),
            kind: 'removeUserActivity',
            payload: { activityId: 'cardboard-box-castle' },
            queuedAt,
          },
        ],
      }),
      values: IMPOSSIBLE_INSTANTS,
    },
  ];

  it.each(FIELDS)('$label', async (field) => {
    for (const value of field.values) {
      const res = await call(field.method, field.url(), field.body(value));
      const label = `${field.label} = ${value}: ${res.body}`;
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('POST /sync addAchievement payload.completedAt: that action is rejected, naming the field', async () => {
    for (const completedAt of IMPOSSIBLE_INSTANTS) {
      const clientId = crypto.randomUUID();
      const res = await call('POST', '/sync', {
        actions: [
          {
            clientId,
            kind: 'addAchievement',
            payload: { activityId: 'cardboard-box-castle', completedAt },
            queuedAt: new Date().toISOString(),
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ results: unknown[] }>().results).toEqual([
        { clientId, status: 'rejected', detail: expect.stringMatching(/^payload\.completedAt: /) },
      ]);
    }
  });
});

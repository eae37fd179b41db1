import { NO_CHILDREN_MESSAGE } from '@kkb/core/planner/family-plan';
import type { TPlan, TSavedPlan, TSavedPlanInputFields } from '@kkb/core/planner/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { startChatCompletions } from '../../test/chat-completions.ts';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { startOpenMeteo } from '../../test/open-meteo.ts';
import { OWN_ACTIVITY } from '../../test/own-activity.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Friday 15 May 2026, 10:00 in Los Angeles (the default family time zone).
const NOW = '2026-05-15T17:00:00.000Z';
const SATURDAY = '2026-05-16';
const SUNDAY = '2026-05-17';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function caller(t: () => TestApp) {
  return (user: CreatedUser, method: Method, url: string, payload?: object) =>
    t().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload !== undefined && { payload }),
    });
}

/** A family with Noa (3, free at weekends) and Eli (8, weekends and evenings). */
async function familyWithChildren(t: TestApp, name = 'Ann') {
  const user = await createUser(t.app, { name });
  const call = caller(() => t);
  const noa = await call(user, 'POST', '/children', {
    name: 'Noa',
    age: 3,
    preferences: { availableTimeSlots: ['weekend'] },
  });
  const eli = await call(user, 'POST', '/children', {
    name: 'Eli',
    age: 8,
    preferences: { availableTimeSlots: ['weekend', 'evening'] },
  });
  return { user, noa: noa.json<{ id: string }>().id, eli: eli.json<{ id: string }>().id };
}

const items = (plan: TPlan) =>
  plan.days.flatMap((d) => d.items.map((i) => ({ date: d.date, ...i })));

describe('POST /planner (rules)', () => {
  let t: TestApp;
  let family: Awaited<ReturnType<typeof familyWithChildren>>;
  const call = caller(() => t);

  beforeAll(async () => {
    t = await createTestApp({}, { clock: new ManualClock(NOW) });
    family = await familyWithChildren(t);
  });
  afterAll(() => t.close());

  it('plans a weekend for two children in their windows, each item saying why, for unknown weather when live weather is off', async () => {
    const res = await call(family.user, 'POST', '/planner', { startDate: SATURDAY, days: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json<TPlan>();
    expect(plan).toMatchObject({
      startDate: SATURDAY,
      childIds: [family.noa, family.eli],
      plannedBy: 'rules',
      model: null,
      modelFailed: false,
    });
    // From the children's slots and the profile's default 30 minutes.
    expect(plan.slots).toEqual([
      { start: '10:00', minutes: 30, on: 'weekends' },
      { start: '15:00', minutes: 30, on: 'weekends' },
      { start: '18:00', minutes: 30, on: 'every-day' },
    ]);
    // Live weather is off: the forecast is unknown, never §8's "Clear, 22 degrees" (issue 29).
    expect(
      plan.days.map((d) => [
        d.date,
        d.forecast.source,
        d.forecast.description,
        d.forecast.condition,
      ]),
    ).toEqual([
      [SATURDAY, 'fixed', 'Forecast unknown', null],
      [SUNDAY, 'fixed', 'Forecast unknown', null],
    ]);
    const all = items(plan);
    for (const item of all) {
      expect(item.why).not.toMatch(/weather|sunny|rain|cloud|snow|wind|storm/i);
    }
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(new Set(all.map((i) => i.activity.id)).size).toBe(all.length);
    for (const item of all) {
      expect(item.why.length).toBeGreaterThan(0);
      expect(item.childIds.length).toBeGreaterThan(0);
      expect(item.minutes).toBe(item.activity.duration);
    }
  });

  it('is deterministic: the same request gives the same plan', async () => {
    const body = { startDate: SATURDAY, days: 2 };
    const first = await call(family.user, 'POST', '/planner', body);
    const second = await call(family.user, 'POST', '/planner', body);
    expect(second.json()).toEqual(first.json());
  });

  it("today's windows start from now (10:00 in Los Angeles)", async () => {
    const res = await call(family.user, 'POST', '/planner', {
      startDate: '2026-05-15',
      days: 1,
      slots: [
        { start: '08:00', minutes: 60 },
        { start: '09:30', minutes: 60 },
      ],
    });
    expect(res.json<TPlan>().days[0]!.slots).toEqual([{ start: '10:00', minutes: 30 }]);
  });

  it('plans for the children asked for only', async () => {
    const res = await call(family.user, 'POST', '/planner', {
      startDate: SATURDAY,
      days: 1,
      childIds: [family.eli],
    });
    const plan = res.json<TPlan>();
    expect(plan.childIds).toEqual([family.eli]);
    expect(items(plan).every((i) => i.childIds.join() === family.eli)).toBe(true);
  });

  it('swap: keeping every other item and avoiding the swapped one brings the next best in its place', async () => {
    const first = (
      await call(family.user, 'POST', '/planner', { startDate: SATURDAY, days: 1 })
    ).json<TPlan>();
    const [swapped, ...others] = first.days[0]!.items;
    const keep = others.map((i) => ({
      date: SATURDAY,
      start: i.start,
      activityId: i.activity.id,
      childIds: i.childIds,
      why: i.why,
      locked: false,
    }));
    const res = await call(family.user, 'POST', '/planner', {
      startDate: SATURDAY,
      days: 1,
      keep,
      avoid: [swapped!.activity.id],
    });
    const next = res.json<TPlan>().days[0]!.items;
    expect(next.find((i) => i.start === swapped!.start)?.activity.id).not.toBe(
      swapped!.activity.id,
    );
    expect(next.map((i) => i.activity.id)).not.toContain(swapped!.activity.id);
    for (const kept of others) {
      expect(next).toContainEqual(kept);
    }
  });

  it('keeps a locked item, and drops a kept activity that no longer exists', async () => {
    const res = await call(family.user, 'POST', '/planner', {
      startDate: SATURDAY,
      days: 1,
      keep: [
        {
          date: SATURDAY,
          start: '10:00',
          activityId: 'cardboard-box-castle',
          childIds: [family.noa, family.eli],
          why: 'Our favourite',
          locked: true,
        },
        {
          date: SATURDAY,
          start: '15:00',
          activityId: 'gone-since',
          childIds: [family.noa],
          why: 'Deleted',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first] = res.json<TPlan>().days[0]!.items;
    expect(first).toMatchObject({
      start: '10:00',
      activity: { id: 'cardboard-box-castle' },
      why: 'Our favourite',
      locked: true,
    });
    expect(items(res.json<TPlan>()).map((i) => i.activity.id)).not.toContain('gone-since');
  });

  it('refuses an unknown child (404), a family without children and a bad body (400)', async () => {
    const unknown = await call(family.user, 'POST', '/planner', {
      startDate: SATURDAY,
      days: 1,
      childIds: ['nobody'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('DATA_NOT_FOUND');
    const childless = await createUser(t.app);
    const none = await call(childless, 'POST', '/planner', { startDate: SATURDAY, days: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ code: 'VALIDATION_ERROR', detail: NO_CHILDREN_MESSAGE });
    for (const body of [
      { startDate: SATURDAY, days: 8 },
      { startDate: '2026-02-30', days: 1 },
      { startDate: SATURDAY, days: 1, slots: [{ start: '23:50', minutes: 30 }] },
    ]) {
      const res = await call(family.user, 'POST', '/planner', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('POST /planner: the daily forecast', () => {
  const openMeteo = startOpenMeteo();
  let t: TestApp;
  let family: Awaited<ReturnType<typeof familyWithChildren>>;
  const call = caller(() => t);

  beforeAll(async () => {
    const url = await openMeteo.listen();
    t = await createTestApp(
      { WEATHER_PROVIDER: 'open-meteo', OPEN_METEO_URL: url, OPEN_METEO_GEOCODING_URL: url },
      { clock: new ManualClock(NOW) },
    );
    family = await familyWithChildren(t);
    await call(family.user, 'PUT', '/profile', {
      location: { city: 'Los Angeles', lat: 34.05, lon: -118.24 },
    });
  });
  afterAll(async () => {
    await t.close();
    await openMeteo.close();
  });
  beforeEach(() => openMeteo.setBehaviour('ok'));

  it("reads each day's forecast, from today to the plan's last day, and plans by it", async () => {
    openMeteo.setDays([
      { date: '2026-05-15', weatherCode: 0, max: 25, min: 14 },
      {
        date: SATURDAY,
        weatherCode: 63,
        max: 17,
        min: 11,
        rainChance: 90,
        sunrise: '2026-05-16T05:50',
        sunset: '2026-05-16T19:50',
      },
    ]);
    const res = await call(family.user, 'POST', '/planner', { startDate: SATURDAY, days: 2 });
    const plan = res.json<TPlan>();
    expect(openMeteo.hits.at(-1)).toContain('forecast_days=3');
    expect(plan.days[0]!.forecast).toMatchObject({
      condition: 'rainy',
      description: 'Moderate rain',
      temperatureMax: 17,
      precipitationProbability: 90,
      source: 'open-meteo',
    });
    expect(plan.days[0]!.forecast.sunrise).not.toBeNull();
    // Sunday is not in the forecast: an unknown day.
    expect(plan.days[1]!.forecast).toMatchObject({
      source: 'fallback',
      description: 'Forecast unknown',
      condition: null,
      temperatureMax: null,
    });
    // Rain: no outdoor-only activity unless it is rain play.
    for (const item of plan.days[0]!.items) {
      if (item.activity.location === 'outdoor') expect(item.activity.weather).toContain('rainy');
    }
  });

  it('when Open-Meteo fails the days are unknown, never §8\'s "Clear, 22 degrees", and the plan speaks of no weather (issue 29)', async () => {
    openMeteo.setBehaviour('error-500');
    const res = await call(family.user, 'POST', '/planner', { startDate: '2026-05-20', days: 2 });
    expect(res.statusCode).toBe(200);
    const plan = res.json<TPlan>();
    expect(
      plan.days.map((d) => [d.forecast.source, d.forecast.condition, d.forecast.temperatureMax]),
    ).toEqual([
      ['fallback', null, null],
      ['fallback', null, null],
    ]);
    expect(items(plan).length).toBeGreaterThan(0);
    for (const item of items(plan)) {
      expect(item.why).not.toMatch(/weather|sunny|rain|cloud|snow|wind|storm/i);
    }
  });
});

describe('POST /planner with a language model (LLM_BASE_URL, LLM_MODEL)', () => {
  const model = startChatCompletions();
  let t: TestApp;
  let family: Awaited<ReturnType<typeof familyWithChildren>>;
  const call = caller(() => t);
  const body = { startDate: SATURDAY, days: 2 };
  let rulesPlan: TPlan;

  beforeAll(async () => {
    const url = await model.listen();
    t = await createTestApp(
      { LLM_BASE_URL: url, LLM_MODEL: 'tiny-planner', LLM_API_KEY: 'sk-test' },
      { clock: new ManualClock(NOW), modelTimeoutMs: 300 },
    );
    family = await familyWithChildren(t);
    // The same family's plan by the rules alone: the model's failures must give exactly this.
    const rules = await createTestApp({}, { clock: new ManualClock(NOW) });
    const twin = await familyWithChildren(rules);
    const rulesRes = await caller(() => rules)(twin.user, 'POST', '/planner', body);
    rulesPlan = rulesRes.json<TPlan>();
    await rules.close();
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  /** The plan without the ids that differ between the two families. */
  const shape = (plan: TPlan) =>
    plan.days.map((d) => d.items.map((i) => [i.start, i.activity.id, i.why]));

  it('a valid answer: the model chose among the candidates and wrote the why', async () => {
    model.setBehaviour('valid');
    const res = await call(family.user, 'POST', '/planner', body);
    const plan = res.json<TPlan>();
    expect(plan).toMatchObject({ plannedBy: 'model', model: 'tiny-planner', modelFailed: false });
    const request = model.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('tiny-planner');
    expect(request.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'plan_choices', strict: true },
    });
    const all = items(plan);
    expect(all.every((i) => i.why.startsWith('A lovely pick'))).toBe(true);
    expect(new Set(all.map((i) => i.activity.id)).size).toBe(all.length);
    expect(shape(plan)).not.toEqual(shape(rulesPlan));
  });

  it.each(['invalid-json', 'unknown-ids', 'error-500', 'hang'] as const)(
    '%s: the rules plan it, and the page is told the model failed',
    async (behaviour) => {
      model.setBehaviour(behaviour);
      const res = await call(family.user, 'POST', '/planner', body);
      expect(res.statusCode).toBe(200);
      const plan = res.json<TPlan>();
      expect(plan).toMatchObject({ plannedBy: 'rules', model: null, modelFailed: true });
      expect(shape(plan)).toEqual(shape(rulesPlan));
    },
  );
});

describe('saved plans (/planner/plans)', () => {
  let t: TestApp;
  let family: Awaited<ReturnType<typeof familyWithChildren>>;
  let outsider: CreatedUser;
  const call = caller(() => t);
  let plan: TPlan;

  const saveBody = (p: TPlan, title = 'Our weekend'): TSavedPlanInputFields => ({
    title,
    startDate: p.startDate,
    childIds: p.childIds,
    slots: p.slots,
    plannedBy: p.plannedBy,
    model: p.model,
    days: p.days.map((d) => ({
      date: d.date,
      forecast: d.forecast,
      slots: d.slots,
      items: d.items.map((i) => ({
        start: i.start,
        activityId: i.activity.id,
        childIds: i.childIds,
        why: i.why,
        locked: i.locked,
      })),
    })),
  });

  beforeAll(async () => {
    t = await createTestApp({}, { clock: new ManualClock(NOW) });
    family = await familyWithChildren(t);
    outsider = await createUser(t.app);
    plan = (await call(family.user, 'POST', '/planner', { startDate: SATURDAY, days: 2 })).json();
  });
  afterAll(() => t.close());

  it('saves, lists, opens, edits and deletes a plan', async () => {
    const created = await call(family.user, 'POST', '/planner/plans', saveBody(plan));
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json<TSavedPlan>();
    expect(saved).toMatchObject({ title: 'Our weekend', startDate: SATURDAY, plannedBy: 'rules' });
    expect(saved.days).toEqual(plan.days);

    const list = await call(family.user, 'GET', '/planner/plans');
    expect(list.json()).toEqual({
      plans: [
        {
          id: saved.id,
          title: 'Our weekend',
          startDate: SATURDAY,
          dayCount: 2,
          itemCount: items(plan).length,
          createdAt: NOW,
          updatedAt: NOW,
        },
      ],
      total: 1,
      skip: 0,
      limit: 50,
    });
    expect((await call(family.user, 'GET', `/planner/plans/${saved.id}`)).json()).toEqual(saved);

    const edited = saveBody(plan, 'Rainy weekend');
    edited.days[0]!.items = edited.days[0]!.items.slice(1);
    const put = await call(family.user, 'PUT', `/planner/plans/${saved.id}`, edited);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<TSavedPlan>().title).toBe('Rainy weekend');
    expect(put.json<TSavedPlan>().days[0]!.items).toEqual(plan.days[0]!.items.slice(1));

    const gone = await call(family.user, 'DELETE', `/planner/plans/${saved.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await call(family.user, 'GET', `/planner/plans/${saved.id}`)).statusCode).toBe(404);
  });

  it('Save pressed twice at once with one Idempotency-Key keeps one plan (issue 29)', async () => {
    const before = (await call(family.user, 'GET', '/planner/plans')).json().total as number;
    const save = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/planner/plans',
        headers: { ...family.user.authHeader, 'idempotency-key': '"save-twin-plan-1"' },
        payload: saveBody(plan, 'Twin plan'),
      });
    const [first, second] = await Promise.all([save(), save()]);
    expect([first!.statusCode, second!.statusCode]).toEqual([201, 201]);
    expect(second!.json()).toEqual(first!.json());
    expect((await call(family.user, 'GET', '/planner/plans')).json().total).toBe(before + 1);
  });

  it("another family's plan is missing to them (404), and not in their list", async () => {
    const saved = (
      await call(family.user, 'POST', '/planner/plans', saveBody(plan))
    ).json<TSavedPlan>();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', saveBody(plan, 'Mine now')],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(outsider, method, `/planner/plans/${saved.id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().code).toBe('DATA_NOT_FOUND');
    }
    expect((await call(outsider, 'GET', '/planner/plans')).json().total).toBe(0);
    expect((await call(family.user, 'GET', `/planner/plans/${saved.id}`)).json().title).toBe(
      'Our weekend',
    );
  });

  it('keeps an own activity deleted since, and refuses an activity nobody knows', async () => {
    const own = (await call(family.user, 'POST', '/activities', OWN_ACTIVITY)).json<{
      id: string;
    }>();
    const body = saveBody(plan, 'With our disco');
    body.days[0]!.items = [
      { start: '10:00', activityId: own.id, childIds: [family.eli], why: 'Added by you' },
    ];
    const saved = (await call(family.user, 'POST', '/planner/plans', body)).json<TSavedPlan>();
    await call(family.user, 'DELETE', `/activities/${own.id}`);
    const opened = (
      await call(family.user, 'GET', `/planner/plans/${saved.id}`)
    ).json<TSavedPlan>();
    expect(opened.days[0]!.items[0]!.activity.title).toBe(OWN_ACTIVITY.title);
    const again = await call(family.user, 'PUT', `/planner/plans/${saved.id}`, body);
    expect(again.statusCode, again.body).toBe(200);

    body.days[0]!.items = [
      { start: '10:00', activityId: 'no-such', childIds: [family.eli], why: 'x' },
    ];
    const refused = await call(family.user, 'POST', '/planner/plans', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Activity no-such was not found');
  });

  it("a plan saved before issue 35 reads its activities with the practical fields: the catalogue's, else the defaults", async () => {
    const own = (await call(family.user, 'POST', '/activities', OWN_ACTIVITY)).json<{
      id: string;
    }>();
    const body = saveBody(plan, 'Kept before issue 35');
    body.days[0]!.items.push({
      start: '11:00',
      activityId: own.id,
      childIds: [family.eli],
      why: 'Added by you',
    });
    const saved = (await call(family.user, 'POST', '/planner/plans', body)).json<TSavedPlan>();
    const { db } = t.app.database;
    const row = await db
      .selectFrom('plans')
      .select('plan')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    const kept = JSON.parse(row.plan) as { days: { items: { activity: object }[] }[] };
    const practicalFields = ['prepMinutes', 'mess', 'skills', 'settings'];
    for (const item of kept.days.flatMap((d) => d.items)) {
      item.activity = Object.fromEntries(
        Object.entries(item.activity).filter(([key]) => !practicalFields.includes(key)),
      );
    }
    await db
      .updateTable('plans')
      .set({ plan: JSON.stringify(kept) })
      .where('id', '=', saved.id)
      .execute();

    const opened = await call(family.user, 'GET', `/planner/plans/${saved.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual(saved);
    const ownItem = opened.json<TSavedPlan>().days[0]!.items.at(-1)!;
    expect(ownItem.activity).toMatchObject({ id: own.id, mess: 'none', settings: ['home'] });
  });

  it('the plans go with the family when it is deleted (cascade)', async () => {
    const other = await familyWithChildren(t, 'Cat');
    await call(other.user, 'POST', '/planner/plans', saveBody(plan));
    await t.app.database.db.deleteFrom('families').where('id', '=', other.user.familyId).execute();
    const left = await t.app.database.db
      .selectFrom('plans')
      .select('id')
      .where('familyId', '=', other.user.familyId)
      .execute();
    expect(left).toEqual([]);
  });
});

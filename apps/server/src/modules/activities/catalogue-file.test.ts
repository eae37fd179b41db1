// Issue 35, families contribute: GET /activities/{id}/catalogue-file answers a family's own
// activity as a file of the built-in catalogue, or says what the family must still fill.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOGUE_RULES } from '@kkb/core/activities/catalogue-rules';
import { ZActivity } from '@kkb/core/activities/schema';
import { BUILT_IN_ACTIVITIES, loadActivityFiles } from '@kkb/core/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { OWN_ACTIVITY } from '../../test/own-activity.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** OWN_ACTIVITY with everything the catalogue asks of a file. */
const COMPLETE = {
  ...OWN_ACTIVITY,
  title: 'Kitchen Disco Freeze',
  learningObjectives: ['Move to a beat', 'Stop and start on a signal'],
  instructions: [
    'Clear a space on the kitchen floor and put on a favourite song.',
    'Everyone dances however they like while the music plays.',
    'Pause the music: everyone freezes like a statue until it starts again.',
    'Whoever wobbles chooses the next song.',
  ],
  tips: ['Keep the pauses short for younger children.', 'Take turns at being the DJ.'],
  variations: [
    'Younger children freeze in an animal shape.',
    'Older children add a dance move each round.',
  ],
  safetyTips: ['Keep the floor dry and clear of pans, and stay away from the hob.'],
};

describe('GET /activities/{id}/catalogue-file (issue 35)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (user: CreatedUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload !== undefined && { payload }),
    });
  const create = async (user: CreatedUser, body: object) => {
    const res = await call(user, 'POST', '/activities', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  it('answers the file as an attachment named after its id; it passes the catalogue schema and rules as the server reads the catalogue', async () => {
    const user = await createUser(t.app);
    const id = await create(user, COMPLETE);
    const res = await call(user, 'GET', `/activities/${id}/catalogue-file`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="kitchen-disco-freeze.json"',
    );
    const file = ZActivity.parse(JSON.parse(res.body));
    expect(file).toMatchObject({
      id: 'kitchen-disco-freeze',
      title: COMPLETE.title,
      instructions: COMPLETE.instructions,
      // The practical fields the family left out, as their defaults; the rules' tags.
      prepMinutes: 0,
      mess: 'none',
      skills: ['gross-motor'],
      settings: ['home'],
      tags: ['music'],
    });
    for (const rule of CATALOGUE_RULES) expect(rule.check(file), rule.name).toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kkb-catalogue-'));
    try {
      fs.writeFileSync(path.join(dir, 'kitchen-disco-freeze.json'), res.body);
      expect(loadActivityFiles(dir)).toEqual([file]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('422 says what the family must still fill: steps, tips, a safety tip, a title of its own', async () => {
    const user = await createUser(t.app);
    const sparse = await create(user, OWN_ACTIVITY);
    const res = await call(user, 'GET', `/activities/${sparse}/catalogue-file`);
    expect(res.statusCode).toBe(422);
    const { detail, code } = res.json<{ detail: string; code: string }>();
    expect(code).toBe('VALIDATION_ERROR');
    expect(detail).toMatch(/^Before it can go in the catalogue: /);
    expect(detail).toContain('instructions: 4 to 8 instructions (it has 0)');
    expect(detail).toContain('tips: 2 to 4 tips (it has 0)');
    expect(detail).toContain('safetyTips: at least one');
    const taken = BUILT_IN_ACTIVITIES[0]!;
    const copy = await create(user, { ...COMPLETE, title: taken.title });
    const copied = await call(user, 'GET', `/activities/${copy}/catalogue-file`);
    expect(copied.statusCode).toBe(422);
    expect(copied.json<{ detail: string }>().detail).toContain(
      `the catalogue already has "${taken.title}"`,
    );
  });

  it('only the family own activities: a built-in one, another family’s or an unknown id is 404; signed out 401', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const theirs = await create(other, COMPLETE);
    for (const id of [BUILT_IN_ACTIVITIES[0]!.id, theirs, 'own-nothing']) {
      const res = await call(user, 'GET', `/activities/${id}/catalogue-file`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'DATA_NOT_FOUND' });
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/activities/${theirs}/catalogue-file`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

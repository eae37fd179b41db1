import crypto from 'node:crypto';
import type { TUserActivity } from '@kkb/core/activities/user-activity';
import { formatErrorMessage } from '@kkb/core/errors/catalogue';
import {
  ALREADY_MEMBER_MESSAGE,
  CANNOT_DEMOTE_OWNER_MESSAGE,
  FAMILY_HAS_DATA_MESSAGE,
  INVITE_INVALID_MESSAGE,
  INVITE_TTL_MS,
  LAST_OWNER_MESSAGE,
  SHARED_FAMILY_JOIN_MESSAGE,
  type TFamily,
  type TFamilyRole,
  type TInviteCreated,
} from '@kkb/core/family/members';
import { ACTION_DESCRIPTIONS, isAllowed, type TFamilyAction } from '@kkb/core/family/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/random-tokens.ts';
import { createUser, joinFamily, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { decodeQuotedPrintable, outboxMails } from '../auth/test-helpers.ts';
import { pngBytes } from '../../test/images.ts';
import { OWN_ACTIVITY } from '../../test/own-activity.ts';

const PNG = pngBytes();
const CASTLE = 'cardboard-box-castle';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestApp;

function call(user: CreatedUser, method: Method, url: string, payload?: unknown) {
  const isBytes = Buffer.isBuffer(payload);
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...user.authHeader, ...(isBytes && { 'content-type': 'image/png' }) },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

async function ok<T>(
  user: CreatedUser,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.body ? res.json() : undefined) as T;
}

async function invite(owner: CreatedUser, role: 'parent' | 'caregiver', email?: string) {
  return ok<TInviteCreated>(owner, 'POST', '/family/invites', { role, ...(email && { email }) });
}

/** A new user who joins `owner`'s family with `role`. */
async function joinAs(owner: CreatedUser, role: 'parent' | 'caregiver', name = 'Member') {
  return joinFamily(t.app, owner, await createUser(t.app, { name }), role);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** One family-owned endpoint: what it does (its action) and how to call it on fresh records. */
interface EndpointCase {
  action: TFamilyAction;
  method: Method;
  /** Makes what the call needs (as the owner) and returns its path and body. */
  prepare(owner: CreatedUser): Promise<{ url: string; payload?: unknown }>;
}

const path = (url: string, payload?: unknown) => () => Promise.resolve({ url, payload });
const withChild = (suffix: string) => async (owner: CreatedUser) => {
  const child = await ok<{ id: string }>(owner, 'POST', '/children', { name: 'Mia', age: 4 });
  return { url: `/children/${child.id}${suffix}` };
};
const withOwnActivity = async (owner: CreatedUser) => {
  const own = await ok<{ id: string }>(owner, 'POST', '/activities', OWN_ACTIVITY);
  return { url: `/activities/${own.id}` };
};

/** An animation naming a frame `owner` has just uploaded (an upload becomes one frame, once). */
const animationBody = async (owner: CreatedUser, title = 'Jumping cat') => {
  const { uploadId } = await ok<{ uploadId: string }>(
    owner,
    'POST',
    '/animations/frame-uploads',
    PNG,
  );
  return { title, fps: 8, loop: true, frames: [{ id: 'f1', uploadId }] };
};
const withAnimation = async (owner: CreatedUser) => {
  const animation = await ok<{ id: string }>(
    owner,
    'POST',
    '/animations',
    await animationBody(owner),
  );
  return { url: `/animations/${animation.id}` };
};

/** A plan as `POST /planner/plans` takes it: one day with no activities. */
const planBody = (title = 'Our Saturday') => ({
  title,
  startDate: '2026-05-16',
  childIds: [],
  slots: [{ start: '10:00', minutes: 30 }],
  days: [
    {
      date: '2026-05-16',
      forecast: {
        date: '2026-05-16',
        condition: 'sunny',
        description: 'Clear',
        weatherCode: null,
        temperatureMax: 22,
        temperatureMin: 22,
        precipitationProbability: null,
        sunrise: null,
        sunset: null,
        units: 'metric',
        source: 'fixed',
      },
      slots: [{ start: '10:00', minutes: 30 }],
      items: [],
    },
  ],
  plannedBy: 'rules',
  model: null,
});
const withPlan = async (owner: CreatedUser) => {
  const plan = await ok<{ id: string }>(owner, 'POST', '/planner/plans', planBody());
  return { url: `/planner/plans/${plan.id}` };
};

const ENDPOINTS: Record<string, EndpointCase> = {
  'GET /family': { action: 'family.read', method: 'GET', prepare: path('/family') },
  'GET /profile': { action: 'family.read', method: 'GET', prepare: path('/profile') },
  'PUT /profile': {
    action: 'profile.edit',
    method: 'PUT',
    prepare: path('/profile', { displayName: 'Changed' }),
  },
  'GET /children': { action: 'family.read', method: 'GET', prepare: path('/children') },
  'POST /children': {
    action: 'children.edit',
    method: 'POST',
    prepare: path('/children', { name: 'Leo', age: 3 }),
  },
  'POST /profile/children': {
    action: 'children.edit',
    method: 'POST',
    prepare: path('/profile/children', { name: 'Leo', age: 3 }),
  },
  'PATCH /children/{id}': {
    action: 'children.edit',
    method: 'PATCH',
    prepare: async (owner) => ({ ...(await withChild('')(owner)), payload: { age: 5 } }),
  },
  'DELETE /children/{id}': { action: 'children.edit', method: 'DELETE', prepare: withChild('') },
  'PATCH /profile/children/{index}': {
    action: 'children.edit',
    method: 'PATCH',
    prepare: async (owner) => {
      await withChild('')(owner);
      return { url: '/profile/children/0', payload: { age: 6 } };
    },
  },
  'DELETE /profile/children/{index}': {
    action: 'children.edit',
    method: 'DELETE',
    prepare: async (owner) => {
      await withChild('')(owner);
      return { url: '/profile/children/0' };
    },
  },
  'GET /progress': { action: 'family.read', method: 'GET', prepare: path('/progress') },
  'PUT /progress': { action: 'progress.edit', method: 'PUT', prepare: path('/progress', { a: 1 }) },
  'GET /activities': { action: 'family.read', method: 'GET', prepare: path('/activities') },
  'GET /activities/{id}': { action: 'family.read', method: 'GET', prepare: withOwnActivity },
  'POST /activities': {
    action: 'activities.edit',
    method: 'POST',
    prepare: path('/activities', OWN_ACTIVITY),
  },
  'PUT /activities/{id}': {
    action: 'activities.edit',
    method: 'PUT',
    prepare: async (owner) => ({ ...(await withOwnActivity(owner)), payload: OWN_ACTIVITY }),
  },
  'DELETE /activities/{id}': {
    action: 'activities.edit',
    method: 'DELETE',
    prepare: withOwnActivity,
  },
  'GET /recommendations': {
    action: 'family.read',
    method: 'GET',
    prepare: path('/recommendations'),
  },
  'GET /weather': { action: 'family.read', method: 'GET', prepare: path('/weather') },
  'GET /user-activities': {
    action: 'family.read',
    method: 'GET',
    prepare: path('/user-activities'),
  },
  'PUT /user-activities/{id}': {
    action: 'user-activities.edit',
    method: 'PUT',
    prepare: path(`/user-activities/${CASTLE}`, { status: 'favorite' }),
  },
  'DELETE /user-activities/{id}': {
    action: 'user-activities.edit',
    method: 'DELETE',
    prepare: async (owner) => {
      await ok(owner, 'PUT', `/user-activities/${CASTLE}`, { status: 'favorite' });
      return { url: `/user-activities/${CASTLE}` };
    },
  },
  'PUT /user-activities/{id}/{mark}': {
    action: 'user-activities.edit',
    method: 'PUT',
    prepare: path(`/user-activities/${CASTLE}/tried`),
  },
  'DELETE /user-activities/{id}/{mark}': {
    action: 'user-activities.edit',
    method: 'DELETE',
    prepare: async (owner) => {
      await ok(owner, 'PUT', `/user-activities/${CASTLE}/favorite`);
      return { url: `/user-activities/${CASTLE}/favorite` };
    },
  },
  'POST /activities/{id}/complete': {
    action: 'activities.complete',
    method: 'POST',
    prepare: path(`/activities/${CASTLE}/complete`, { minutes: 10 }),
  },
  // Every member may sync; each action's own permission is checked inside (modules/sync).
  'POST /sync': {
    action: 'family.read',
    method: 'POST',
    prepare: async () => ({
      url: '/sync',
      payload: {
        actions: [
          {
            clientId: crypto.randomUUID(),
            kind: 'saveUserActivity',
            payload: { activityId: CASTLE, mark: 'favorite', on: true },
            queuedAt: new Date().toISOString(),
          },
        ],
      },
    }),
  },
  'GET /stats': { action: 'family.read', method: 'GET', prepare: path('/stats') },
  'GET /achievements': { action: 'family.read', method: 'GET', prepare: path('/achievements') },
  'PUT /files/{path}': { action: 'files.edit', method: 'PUT', prepare: path('/files/a.png', PNG) },
  'GET /files/{path}': {
    action: 'family.read',
    method: 'GET',
    prepare: async (owner) => {
      await ok(owner, 'PUT', '/files/b.png', PNG);
      return { url: '/files/b.png' };
    },
  },
  'DELETE /files/{path}': {
    action: 'files.edit',
    method: 'DELETE',
    prepare: async (owner) => {
      await ok(owner, 'PUT', '/files/c.png', PNG);
      return { url: '/files/c.png' };
    },
  },
  'GET /animations': { action: 'family.read', method: 'GET', prepare: path('/animations') },
  'GET /animations/{id}': { action: 'family.read', method: 'GET', prepare: withAnimation },
  'POST /animations/frame-uploads': {
    action: 'animations.edit',
    method: 'POST',
    prepare: path('/animations/frame-uploads', PNG),
  },
  'POST /animations': {
    action: 'animations.edit',
    method: 'POST',
    prepare: async (owner) => ({ url: '/animations', payload: await animationBody(owner) }),
  },
  'PUT /animations/{id}': {
    action: 'animations.edit',
    method: 'PUT',
    prepare: async (owner) => ({
      ...(await withAnimation(owner)),
      payload: await animationBody(owner, 'Renamed'),
    }),
  },
  'DELETE /animations/{id}': {
    action: 'animations.edit',
    method: 'DELETE',
    prepare: withAnimation,
  },
  'POST /planner': {
    action: 'family.read',
    method: 'POST',
    prepare: async (owner) => {
      // The planner needs a child; the family stays within its limit of children.
      const children = await ok<{ total: number }>(owner, 'GET', '/children');
      if (children.total === 0) await ok(owner, 'POST', '/children', { name: 'Ivy', age: 6 });
      return { url: '/planner', payload: { startDate: '2026-05-16', days: 1 } };
    },
  },
  'GET /planner/plans': { action: 'family.read', method: 'GET', prepare: path('/planner/plans') },
  'GET /planner/plans/{id}': { action: 'family.read', method: 'GET', prepare: withPlan },
  'POST /planner/plans': {
    action: 'plans.edit',
    method: 'POST',
    prepare: path('/planner/plans', planBody()),
  },
  'PUT /planner/plans/{id}': {
    action: 'plans.edit',
    method: 'PUT',
    prepare: async (owner) => ({ ...(await withPlan(owner)), payload: planBody('Renamed') }),
  },
  'DELETE /planner/plans/{id}': { action: 'plans.edit', method: 'DELETE', prepare: withPlan },
  'POST /family/invites': {
    action: 'members.manage',
    method: 'POST',
    prepare: path('/family/invites', { role: 'caregiver' }),
  },
  'DELETE /family/invites/{id}': {
    action: 'members.manage',
    method: 'DELETE',
    prepare: async (owner) => ({
      url: `/family/invites/${(await invite(owner, 'parent')).invite.id}`,
    }),
  },
  'PATCH /family/members/{userId}': {
    action: 'members.manage',
    method: 'PATCH',
    prepare: async (owner) => {
      const member = await joinAs(owner, 'caregiver');
      return { url: `/family/members/${member.userId}`, payload: { role: 'parent' } };
    },
  },
  'DELETE /family/members/{userId} (someone else)': {
    action: 'members.manage',
    method: 'DELETE',
    prepare: async (owner) => {
      const member = await joinAs(owner, 'caregiver');
      return { url: `/family/members/${member.userId}` };
    },
  },
};

describe('roles × endpoints (DESIGN, Families)', () => {
  const roles: TFamilyRole[] = ['owner', 'parent', 'caregiver'];
  const family: Partial<Record<TFamilyRole, CreatedUser>> = {};

  beforeAll(async () => {
    const owner = await createUser(t.app, { name: 'Olivia' });
    family.owner = owner;
    family.parent = await joinAs(owner, 'parent', 'Paul');
    family.caregiver = await joinAs(owner, 'caregiver', 'Carla');
  });

  const cases = roles.flatMap((role) =>
    Object.entries(ENDPOINTS).map(([name, endpoint]) => ({ role, name, endpoint })),
  );
  it.each(cases)('$role: $name', async ({ role, endpoint }) => {
    const owner = family.owner!;
    const { url, payload } = await endpoint.prepare(owner);
    const res = await call(family[role]!, endpoint.method, url, payload);
    if (isAllowed(role, endpoint.action)) {
      expect(res.statusCode, res.body).toBeLessThan(300);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        code: 'PERMISSION_DENIED',
        detail: formatErrorMessage('PERMISSION_DENIED', {
          action: ACTION_DESCRIPTIONS[endpoint.action],
        }),
      });
    }
  });

  it('an outsider finds every record of the family as missing (404)', async () => {
    const outsider = await createUser(t.app);
    const owner = await createUser(t.app);
    // Every endpoint naming a record of the family; these name a built-in activity or a new path
    // (clearing a mark the outsider's family never set is done already: 204).
    const creates = [
      'PUT /user-activities/{id}',
      'PUT /user-activities/{id}/{mark}',
      'DELETE /user-activities/{id}/{mark}',
      'PUT /files/{path}',
      'POST /activities/{id}/complete',
    ];
    const byId = Object.entries(ENDPOINTS).filter(
      ([name]) => /\{(id|userId|index|path)\}/.test(name) && !creates.includes(name),
    );
    expect(byId.length).toBeGreaterThan(5);
    for (const [name, endpoint] of byId) {
      const { url, payload } = await endpoint.prepare(owner);
      const res = await call(outsider, endpoint.method, url, payload);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe('DATA_NOT_FOUND');
    }
    // Collections answer the outsider's own family, never this one.
    const children = await ok<{ total: number }>(outsider, 'GET', '/children');
    expect(children.total).toBe(0);
    const theirs = await ok<TFamily>(outsider, 'GET', '/family');
    expect(theirs.members.map((m) => m.userId)).toEqual([outsider.userId]);
  });
});

describe('invitations', () => {
  it('a one-time link /join/{token}, valid 7 days, stored only as a hash, listed until used', async () => {
    const owner = await createUser(t.app);
    const created = await invite(owner, 'parent');
    expect(created.link).toBe(`${t.config.publicUrl}/join/${created.token}`);
    expect(Date.parse(created.invite.expiresAt) - Date.parse(created.invite.createdAt)).toBe(
      INVITE_TTL_MS,
    );
    expect(created.invite).toMatchObject({ role: 'parent', email: null, createdBy: owner.userId });
    const rows = await t.app.database.db.selectFrom('familyInvites').selectAll().execute();
    expect(rows.some((r) => r.tokenHash === created.token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(created.token))).toBe(true);
    expect((await ok<TFamily>(owner, 'GET', '/family')).invites).toEqual([created.invite]);

    const joiner = await createUser(t.app, { name: 'Jo' });
    const family = await ok<TFamily>(joiner, 'POST', '/family/join', { token: created.token });
    expect(family.id).toBe(owner.familyId);
    expect(family.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.userId, 'owner'],
      [joiner.userId, 'parent'],
    ]);
    expect(family.invites).toEqual([]);

    const again = await createUser(t.app);
    const reused = await call(again, 'POST', '/family/join', { token: created.token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: 'VALIDATION_ERROR', detail: INVITE_INVALID_MESSAGE });
  });

  it('an expired link is refused and not listed', async () => {
    const owner = await createUser(t.app);
    const created = await invite(owner, 'caregiver');
    await t.app.database.db
      .updateTable('familyInvites')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created.invite.id)
      .execute();
    expect((await ok<TFamily>(owner, 'GET', '/family')).invites).toEqual([]);
    const joiner = await createUser(t.app);
    const res = await call(joiner, 'POST', '/family/join', { token: created.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(INVITE_INVALID_MESSAGE);
  });

  it('a revoked link is refused; revoking twice or another family’s invite is 404', async () => {
    const owner = await createUser(t.app);
    const created = await invite(owner, 'parent');
    const other = await createUser(t.app);
    expect((await call(other, 'DELETE', `/family/invites/${created.invite.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(owner, 'DELETE', `/family/invites/${created.invite.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(owner, 'DELETE', `/family/invites/${created.invite.id}`)).statusCode).toBe(
      404,
    );
    const res = await call(other, 'POST', '/family/join', { token: created.token });
    expect(res.statusCode).toBe(400);
  });

  it('an unknown token is refused', async () => {
    const user = await createUser(t.app);
    const res = await call(user, 'POST', '/family/join', { token: 'not-a-token' });
    expect(res.statusCode).toBe(400);
  });

  it("mails the link when an address is given, naming the family and the inviter's first name only (issue 29)", async () => {
    const owner = await createUser(t.app, { name: 'Mallory <b>Buy now</b>' });
    await ok(owner, 'PUT', '/profile', { familyInfo: { familyName: 'The Levis' } });
    const created = await invite(owner, 'caregiver', 'Sitter@Example.com');
    expect(created.invite.email).toBe('sitter@example.com');
    const mail = outboxMails(t.config.dataDir)
      .map(decodeQuotedPrintable)
      .find((raw) => raw.includes('To: sitter@example.com'));
    expect(mail).toBeDefined();
    expect(mail).toContain(`/join/${created.token}`);
    // “ and ” are UTF-8 bytes here, read one by one.
    expect(mail).toContain(
      'Mallory invited you to join \u00e2\u0080\u009cThe Levis\u00e2\u0080\u009d',
    );
    expect(mail).toContain('on Keep Kid Busy as a caregiver');
    // The first name only: nothing else of what the inviter typed, and no markup.
    expect(mail).not.toContain('Buy now');
    expect(mail).not.toContain('<b>');
  });

  it('the join page learns whom an invitation is from, without signing in; spent links are 404', async () => {
    const owner = await createUser(t.app, { name: 'Dana Levi' });
    await ok(owner, 'PUT', '/profile', { familyInfo: { familyName: 'The Levis' } });
    const created = await invite(owner, 'parent');
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/v1/family/join/${created.token}`,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      familyName: 'The Levis',
      inviterFirstName: 'Dana',
      role: 'parent',
      expiresAt: created.invite.expiresAt,
    });
    const joiner = await createUser(t.app);
    await ok(joiner, 'POST', '/family/join', { token: created.token });
    for (const token of [created.token, 'not-a-token']) {
      const spent = await t.app.inject({ method: 'GET', url: `/api/v1/family/join/${token}` });
      expect(spent.statusCode).toBe(404);
      expect(spent.json()).toEqual({ detail: INVITE_INVALID_MESSAGE, code: 'DATA_NOT_FOUND' });
    }
  });

  it('joining the family one is in already is a conflict', async () => {
    const owner = await createUser(t.app);
    const { token } = await invite(owner, 'parent');
    const res = await call(owner, 'POST', '/family/join', { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(ALREADY_MEMBER_MESSAGE);
  });
});

describe('joining with a family of one’s own', () => {
  it('asks (409) when one’s own family has data; the link stays usable; confirming deletes it', async () => {
    const owner = await createUser(t.app);
    await ok(owner, 'POST', '/children', { name: 'Ava', age: 6 });
    const joiner = await createUser(t.app);
    await ok(joiner, 'POST', '/children', { name: 'Old', age: 2 });
    await ok(joiner, 'PUT', '/files/old.png', PNG);
    const { token } = await invite(owner, 'parent');

    const asked = await call(joiner, 'POST', '/family/join', { token });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({ code: 'VALIDATION_ERROR', detail: FAMILY_HAS_DATA_MESSAGE });
    expect((await ok<{ total: number }>(joiner, 'GET', '/children')).total).toBe(1);

    const joined = await ok<TFamily>(joiner, 'POST', '/family/join', {
      token,
      discardOwnFamily: true,
    });
    expect(joined.id).toBe(owner.familyId);
    const children = await ok<{ children: { name: string }[] }>(joiner, 'GET', '/children');
    expect(children.children.map((c) => c.name)).toEqual(['Ava']);
    const { db } = t.app.database;
    expect(
      await db.selectFrom('families').select('id').where('id', '=', joiner.familyId).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('children')
        .select('id')
        .where('familyId', '=', joiner.familyId)
        .execute(),
    ).toEqual([]);
  });

  it('a family with nothing in it is left without asking', async () => {
    const owner = await createUser(t.app);
    const joiner = await createUser(t.app);
    const { token } = await invite(owner, 'caregiver');
    await ok(joiner, 'POST', '/family/join', { token });
    const mine = await ok<TFamily>(joiner, 'GET', '/family');
    expect(mine.id).toBe(owner.familyId);
    expect(mine.members.find((m) => m.userId === joiner.userId)?.role).toBe('caregiver');
  });

  it('the owner of a shared family hands ownership over before joining another', async () => {
    const owner = await createUser(t.app);
    await joinAs(owner, 'parent');
    const elsewhere = await createUser(t.app);
    const { token } = await invite(elsewhere, 'parent');
    const res = await call(owner, 'POST', '/family/join', { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(SHARED_FAMILY_JOIN_MESSAGE);
  });
});

describe('leaving, removing and handing ownership over', () => {
  it('a member leaves with their own id, gets a new empty family and stays signed in', async () => {
    const owner = await createUser(t.app);
    await ok(owner, 'POST', '/children', { name: 'Ava', age: 6 });
    const parent = await joinAs(owner, 'parent', 'Paul');
    expect((await ok<{ total: number }>(parent, 'GET', '/children')).total).toBe(1);

    expect((await call(parent, 'DELETE', `/family/members/${parent.userId}`)).statusCode).toBe(204);
    const theirs = await ok<TFamily>(parent, 'GET', '/family');
    expect(theirs.id).not.toBe(owner.familyId);
    expect(theirs.members).toEqual([
      expect.objectContaining({ userId: parent.userId, name: 'Paul', role: 'owner' }),
    ]);
    expect((await ok<{ total: number }>(parent, 'GET', '/children')).total).toBe(0);
    const ownerView = await ok<TFamily>(owner, 'GET', '/family');
    expect(ownerView.members.map((m) => m.userId)).toEqual([owner.userId]);
  });

  it('the owner removes a member, who gets a new family; others may not remove anyone', async () => {
    const owner = await createUser(t.app);
    const parent = await joinAs(owner, 'parent');
    const caregiver = await joinAs(owner, 'caregiver');
    const refused = await call(parent, 'DELETE', `/family/members/${caregiver.userId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');

    expect((await call(owner, 'DELETE', `/family/members/${caregiver.userId}`)).statusCode).toBe(
      204,
    );
    const theirs = await ok<TFamily>(caregiver, 'GET', '/family');
    expect(theirs.id).not.toBe(owner.familyId);
    expect(theirs.members[0]?.role).toBe('owner');
    expect((await call(owner, 'DELETE', `/family/members/${caregiver.userId}`)).statusCode).toBe(
      404,
    );
  });

  it('the last owner cannot leave; they hand ownership over first', async () => {
    const owner = await createUser(t.app);
    const parent = await joinAs(owner, 'parent');
    const leave = await call(owner, 'DELETE', `/family/members/${owner.userId}`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().detail).toBe(LAST_OWNER_MESSAGE);
    const stepDown = await call(owner, 'PATCH', `/family/members/${owner.userId}`, {
      role: 'parent',
    });
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json().detail).toBe(CANNOT_DEMOTE_OWNER_MESSAGE);

    const handedOver = await ok<TFamily>(owner, 'PATCH', `/family/members/${parent.userId}`, {
      role: 'owner',
    });
    expect(handedOver.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.userId, 'parent'],
      [parent.userId, 'owner'],
    ]);
    // The roles apply at once: the new owner manages members, the former one no longer does.
    expect((await call(owner, 'POST', '/family/invites', { role: 'parent' })).statusCode).toBe(403);
    expect((await call(parent, 'POST', '/family/invites', { role: 'parent' })).statusCode).toBe(
      201,
    );
    expect((await call(owner, 'DELETE', `/family/members/${owner.userId}`)).statusCode).toBe(204);
  });

  it('a role change of someone outside the family is 404', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const res = await call(owner, 'PATCH', `/family/members/${stranger.userId}`, {
      role: 'parent',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the family plays together', () => {
  it("a caregiver's completion moves the family's streak and records who did it", async () => {
    const owner = await createUser(t.app, { name: 'Olivia' });
    const caregiver = await joinAs(owner, 'caregiver', 'Carla');
    const done = await ok<{ userActivity: { completedBy: string } }>(
      caregiver,
      'POST',
      `/activities/${CASTLE}/complete`,
      { minutes: 15 },
    );
    expect(done.userActivity.completedBy).toBe(caregiver.userId);
    const stats = await ok<{
      currentStreak: number;
      totalActivities: number;
      byMember: unknown[];
    }>(owner, 'GET', '/stats');
    expect(stats).toMatchObject({ currentStreak: 1, totalActivities: 1 });
    expect(stats.byMember).toEqual([
      { userId: owner.userId, name: 'Olivia', activities: 0, minutes: 0 },
      { userId: caregiver.userId, name: 'Carla', activities: 1, minutes: 15 },
    ]);
    const records = await ok<{ userActivities: { activityId: string; completedBy: string }[] }>(
      owner,
      'GET',
      '/user-activities',
    );
    expect(records.userActivities).toEqual([
      expect.objectContaining({ activityId: CASTLE, completedBy: caregiver.userId }),
    ]);
    const achievements = await ok<{ achievements: { id: string; isUnlocked: boolean }[] }>(
      owner,
      'GET',
      '/achievements',
    );
    expect(achievements.achievements.find((a) => a.id === 'first-activity')?.isUnlocked).toBe(true);
  });

  it("one member's write is seen in another member's recommendations at once", async () => {
    const owner = await createUser(t.app);
    const parent = await joinAs(owner, 'parent');
    const before = await ok<{ basis: unknown }>(owner, 'GET', '/recommendations');
    await ok(parent, 'POST', '/children', { name: 'Tiny', age: 1 });
    const after = await ok<{ basis: unknown }>(owner, 'GET', '/recommendations');
    expect(after.basis).not.toEqual(before.basis);
  });

  it('a favourite marked by one member is the family’s', async () => {
    const owner = await createUser(t.app);
    const parent = await joinAs(owner, 'parent');
    const marked = await ok<{ userId: string }>(parent, 'PUT', `/user-activities/${CASTLE}`, {
      status: 'favorite',
    });
    expect(marked.userId).toBe(parent.userId);
    const stats = await ok<{ favoriteActivities: number }>(owner, 'GET', '/stats');
    expect(stats.favoriteActivities).toBe(1);
  });

  it('marks are the family’s: a caregiver’s favourite stays one when another member does it', async () => {
    const owner = await createUser(t.app);
    const caregiver = await joinAs(owner, 'caregiver');
    const favourite = await ok<TUserActivity>(
      caregiver,
      'PUT',
      `/user-activities/${CASTLE}/favorite`,
    );
    expect(favourite).toMatchObject({ userId: caregiver.userId, favorite: true, tried: false });
    const done = await ok<{ userActivity: TUserActivity }>(
      owner,
      'POST',
      `/activities/${CASTLE}/complete`,
      { minutes: 10 },
    );
    expect(done.userActivity).toMatchObject({
      userId: owner.userId,
      favorite: true,
      tried: true,
      completedBy: owner.userId,
    });
    await ok(caregiver, 'DELETE', `/user-activities/${CASTLE}/tried`);
    const records = await ok<{ userActivities: TUserActivity[] }>(owner, 'GET', '/user-activities');
    expect(records.userActivities).toEqual([
      expect.objectContaining({
        activityId: CASTLE,
        userId: caregiver.userId,
        favorite: true,
        tried: false,
        completedAt: null,
        completedBy: null,
      }),
    ]);
  });
});

describe('the contract', () => {
  it('every family route documents its 403 refusal in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = res.json().paths as Record<string, Record<string, { responses: object }>>;
    // Path parameters and the files wildcard compare as one placeholder.
    const shape = (p: string) => p.replace(/\{[^}]*\}|\*/g, '{x}');
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const url = `/api/v1${name.split(' ')[1]!}`;
      const operation = Object.entries(paths).find(([p]) => shape(p) === shape(url))?.[1][
        endpoint.method.toLowerCase()
      ];
      expect(operation, name).toBeDefined();
      expect(Object.keys(operation!.responses), name).toContain('403');
    }
  });
});

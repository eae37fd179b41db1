import type { TFamily } from '@kkb/core/family/members';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, joinFamily, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Method = 'GET' | 'PUT' | 'PATCH' | 'POST';

// Issue 29: "Display name — how the app greets you" was stored on the family's profile, so a
// co-parent who saved his name overwrote the owner's; and GET /profile gave every member the
// owner's e-mail and last sign-in, which the export hides from them.
describe("each adult's own name", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (user: CreatedUser, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload !== undefined && { payload }),
    });
  const profileOf = async (user: CreatedUser) =>
    (await call(user, 'GET', '/profile')).json() as TFamilyProfile;
  const memberNames = async (user: CreatedUser) =>
    ((await call(user, 'GET', '/family')).json() as TFamily).members.map((m) => [m.role, m.name]);

  async function family() {
    const owner = await createUser(t.app, { name: 'Dana Levi', email: `dana-${Date.now()}@x.org` });
    const coParent = await joinFamily(t.app, owner, await createUser(t.app, { name: 'Avi' }));
    const caregiver = await joinFamily(
      t.app,
      owner,
      await createUser(t.app, { name: 'Grandma Ruth' }),
      'caregiver',
    );
    return { owner, coParent, caregiver };
  }

  it("a co-parent who saves his name keeps the owner's: each member greets as themselves", async () => {
    const { owner, coParent } = await family();
    expect((await call(owner, 'PUT', '/profile', { displayName: 'Mum' })).statusCode).toBe(200);
    const saved = await call(coParent, 'PUT', '/profile', {
      displayName: 'Avi Cohen',
      familyInfo: { familyName: 'The Levi-Cohens' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ displayName: 'Avi Cohen' });

    expect(await profileOf(owner)).toMatchObject({
      displayName: 'Mum',
      familyInfo: { familyName: 'The Levi-Cohens' },
    });
    expect(await profileOf(coParent)).toMatchObject({ displayName: 'Avi Cohen' });
    expect(await memberNames(owner)).toEqual([
      ['owner', 'Mum'],
      ['parent', 'Avi Cohen'],
      ['caregiver', 'Grandma Ruth'],
    ]);
  });

  it("GET /profile shows each member their own id, e-mail and last sign-in, never another's", async () => {
    const { owner, caregiver } = await family();
    const signedIn = '2026-04-01T08:00:00.000Z';
    await t.app.database.db
      .updateTable('users')
      .set({ lastLoginAt: signedIn })
      .where('id', '=', owner.userId)
      .execute();
    const res = await call(caregiver, 'GET', '/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uid: caregiver.userId,
      email: caregiver.email,
      displayName: 'Grandma Ruth',
      lastLogin: null,
    });
    expect(res.body).not.toContain(owner.email);
    expect(res.body).not.toContain(owner.userId);
    expect(res.body).not.toContain(signedIn);
    expect(await profileOf(owner)).toMatchObject({
      uid: owner.userId,
      email: owner.email,
      lastLogin: signedIn,
    });
  });

  it('any member, a caregiver too, renames themselves with PATCH /account', async () => {
    const { owner, caregiver } = await family();
    const res = await call(caregiver, 'PATCH', '/account', { name: '  Savta Ruth ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: caregiver.userId, name: 'Savta Ruth' });
    expect(await profileOf(caregiver)).toMatchObject({ displayName: 'Savta Ruth' });
    expect(await memberNames(owner)).toContainEqual(['caregiver', 'Savta Ruth']);
    // The caregiver still may not change the family's profile.
    expect((await call(caregiver, 'PUT', '/profile', { displayName: 'X' })).statusCode).toBe(403);
  });

  it('PATCH /account refuses an empty name or unknown fields (400) and changes nothing', async () => {
    const { coParent } = await family();
    for (const payload of [{ name: '   ' }, {}, { name: 'Avi', email: 'a@b.c' }]) {
      const res = await call(coParent, 'PATCH', '/account', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await profileOf(coParent)).toMatchObject({ displayName: 'Avi' });
  });

  it('a profile change synced from offline names the member who made it, not the owner', async () => {
    const { owner, coParent } = await family();
    const res = await call(coParent, 'POST', '/sync', {
      actions: [
        {
          clientId: crypto.randomUUID(),
          kind: 'updateProfile',
          payload: { displayName: 'Avi offline' },
          queuedAt: new Date().toISOString(),
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results[0].status).toBe('applied');
    expect(await profileOf(coParent)).toMatchObject({ displayName: 'Avi offline' });
    expect(await profileOf(owner)).toMatchObject({ displayName: 'Dana Levi' });
  });
});

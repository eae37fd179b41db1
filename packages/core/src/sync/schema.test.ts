import { describe, expect, it } from 'vitest';
import { isAllowed } from '../family/permissions.ts';
import { MAX_SYNC_ACTIONS } from './limits.ts';
import {
  parseSyncAction,
  SYNC_ACTION_KINDS,
  SYNC_ACTION_PERMISSIONS,
  unknownSyncKindMessage,
  ZSyncRequest,
  type TQueuedSyncAction,
} from './schema.ts';

const QUEUED_AT = '2026-03-02T09:30:00.000Z';
const queued = (
  kind: string,
  payload: unknown,
  clientId = 'a1b2c3d4-0000-4000-8000-000000000001',
) => ({ clientId, kind, payload, queuedAt: QUEUED_AT }) satisfies TQueuedSyncAction;

describe('offline queue kinds (spec §4 Connectivity, DESIGN Sync)', () => {
  it("knows the spec's kinds, removeUserActivity and the child edits", () => {
    expect(SYNC_ACTION_KINDS).toEqual([
      'saveUserActivity',
      'removeUserActivity',
      'addAchievement',
      'updateProfile',
      'addChild',
      'updateChild',
      'removeChild',
    ]);
  });

  it('each kind takes the body of the route that does the same online', () => {
    const valid: [string, unknown][] = [
      ['saveUserActivity', { activityId: 'cardboard-box-castle', mark: 'favorite', on: true }],
      ['removeUserActivity', { activityId: 'cardboard-box-castle' }],
      ['addAchievement', { activityId: 'cardboard-box-castle' }],
      ['addAchievement', { activityId: 'x', minutes: 20, completedAt: '2026-03-01T17:00:00Z' }],
      [
        'updateProfile',
        { familyInfo: { familyName: 'The Smiths' }, preferences: { units: 'imperial' } },
      ],
      ['addChild', { name: 'Mia', age: 4 }],
      ['updateChild', { childId: 'c-1', changes: { age: 5 } }],
      ['removeChild', { childId: 'c-1' }],
    ];
    for (const [kind, payload] of valid) {
      const result = parseSyncAction(queued(kind, payload));
      expect(result, kind).toMatchObject({ success: true, action: { kind } });
    }
  });

  it('an unknown kind is refused with a clear detail, marked as unknown', () => {
    expect(parseSyncAction(queued('launchRocket', {}))).toEqual({
      success: false,
      unknownKind: true,
      detail: unknownSyncKindMessage('launchRocket'),
    });
    expect(unknownSyncKindMessage('launchRocket')).toContain('"launchRocket"');
    // Inherited object keys are not kinds.
    expect(parseSyncAction(queued('toString', {}))).toMatchObject({ unknownKind: true });
  });

  it('an invalid payload names the first bad field', () => {
    expect(
      parseSyncAction(queued('addAchievement', { activityId: 'x', minutes: 0 })),
    ).toMatchObject({
      success: false,
      unknownKind: false,
      detail: expect.stringMatching(/^payload\.minutes: /),
    });
    expect(
      parseSyncAction(queued('saveUserActivity', { activityId: 'x', mark: 'done', on: true })),
    ).toMatchObject({ success: false, detail: expect.stringMatching(/^payload\.mark: /) });
    expect(
      parseSyncAction(queued('updateProfile', { familyInfo: { children: [] } })),
    ).toMatchObject({
      success: false,
    });
    expect(parseSyncAction(queued('removeChild', undefined))).toMatchObject({
      success: false,
      detail: expect.stringMatching(/^payload: /),
    });
  });

  it('a completion queued offline keeps the time it was done', () => {
    const completedAt = '2026-03-01T17:00:00.000Z';
    const result = parseSyncAction(queued('addAchievement', { activityId: 'x', completedAt }));
    expect(result).toMatchObject({ success: true, action: { payload: { completedAt } } });
  });
});

describe('sync request', () => {
  const action = (i: number) =>
    queued(
      'removeUserActivity',
      { activityId: 'x' },
      `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );

  it(`carries 1 to ${MAX_SYNC_ACTIONS} actions`, () => {
    expect(MAX_SYNC_ACTIONS).toBe(100);
    const full = Array.from({ length: MAX_SYNC_ACTIONS }, (_, i) => action(i));
    expect(ZSyncRequest.safeParse({ actions: full }).success).toBe(true);
    expect(ZSyncRequest.safeParse({ actions: [...full, action(100)] }).success).toBe(false);
    expect(ZSyncRequest.safeParse({ actions: [] }).success).toBe(false);
  });

  it('reads a batch whatever its kinds and payloads: those are checked one action at a time', () => {
    const batch = { actions: [queued('launchRocket', 42), queued('addChild', { age: 'x' })] };
    expect(ZSyncRequest.safeParse(batch).success).toBe(true);
  });

  it('each action needs a UUID-like clientId (at most 64 characters) and an ISO queue time', () => {
    const ok = action(1);
    for (const clientId of ['', 'short', 'x'.repeat(65), 'has space-1234', 'a/b/c/d/e/f']) {
      expect(ZSyncRequest.safeParse({ actions: [{ ...ok, clientId }] }).success, clientId).toBe(
        false,
      );
    }
    expect(ZSyncRequest.safeParse({ actions: [{ ...ok, clientId: 'x'.repeat(64) }] }).success).toBe(
      true,
    );
    expect(ZSyncRequest.safeParse({ actions: [{ ...ok, queuedAt: 'yesterday' }] }).success).toBe(
      false,
    );
  });
});

describe('who may sync what (DESIGN, Families)', () => {
  it('a caregiver may mark, unmark and complete offline, and edit nothing else', () => {
    const caregiverKinds = SYNC_ACTION_KINDS.filter((kind) =>
      isAllowed('caregiver', SYNC_ACTION_PERMISSIONS[kind]),
    );
    expect(caregiverKinds).toEqual(['saveUserActivity', 'removeUserActivity', 'addAchievement']);
  });

  it('owners and parents may sync every kind', () => {
    for (const kind of SYNC_ACTION_KINDS) {
      expect(isAllowed('owner', SYNC_ACTION_PERMISSIONS[kind])).toBe(true);
      expect(isAllowed('parent', SYNC_ACTION_PERMISSIONS[kind])).toBe(true);
    }
  });
});

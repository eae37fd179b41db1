import { describe, expect, it } from 'vitest';
import { parseSyncAction } from '../sync/schema.ts';
import { ZCompleteActivityBody } from './schema.ts';

describe('issue 29: a completion names the children who played', () => {
  it('takes the children, each once, at most twelve', () => {
    expect(ZCompleteActivityBody.parse({ childIds: ['noa', 'eli'] })).toEqual({
      childIds: ['noa', 'eli'],
    });
    expect(ZCompleteActivityBody.safeParse({ childIds: ['noa', 'noa'] }).error?.issues[0]).toEqual(
      expect.objectContaining({ path: ['childIds'], message: 'must not name a child twice' }),
    );
    const thirteen = Array.from({ length: 13 }, (_, i) => `child-${i}`);
    expect(ZCompleteActivityBody.safeParse({ childIds: thirteen }).success).toBe(false);
    expect(ZCompleteActivityBody.safeParse({ childIds: [''] }).success).toBe(false);
  });

  it('a queued completion (sync addAchievement) carries them too', () => {
    const parsed = parseSyncAction({
      clientId: 'client-0001',
      queuedAt: '2026-05-01T10:00:00.000Z',
      kind: 'addAchievement',
      payload: { activityId: 'castle', minutes: 20, childIds: ['noa'] },
    });
    expect(parsed.success && parsed.action.payload).toEqual({
      activityId: 'castle',
      minutes: 20,
      childIds: ['noa'],
    });
  });
});

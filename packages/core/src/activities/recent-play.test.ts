import { describe, expect, it } from 'vitest';
import { BALANCE_DAYS, RECENTLY_DONE_HOURS } from './recommend.ts';
import { deviceCompletions, RECENT_PLAY_HOURS, recentPlaySince } from './recent-play.ts';

describe('recent play, as the ranking reads it (issue 30 with issue 35)', () => {
  it("reaches back over the balance's week, which covers the recently-done day", () => {
    expect(RECENT_PLAY_HOURS).toBe(BALANCE_DAYS * 24);
    expect(RECENT_PLAY_HOURS).toBeGreaterThanOrEqual(RECENTLY_DONE_HOURS);
    expect(recentPlaySince('2026-03-08T12:00:00.000Z')).toBe('2026-03-01T12:00:00.000Z');
  });

  it("the device ranks with the kept week's completions and the records' latest, which hold one made offline", () => {
    const kept = {
      since: '2026-03-01T12:00:00.000Z',
      completions: [
        { activityId: 'a', completedAt: '2026-03-02T10:00:00.000Z', childIds: ['mia'] },
      ],
    };
    const offline = { activityId: 'b', completedAt: '2026-03-08T11:00:00.000Z' };
    expect(deviceCompletions(kept.completions, [offline])).toEqual([...kept.completions, offline]);
    // Nothing kept yet (a device that has not fetched it): the records' alone.
    expect(deviceCompletions(undefined, [offline])).toEqual([offline]);
  });
});

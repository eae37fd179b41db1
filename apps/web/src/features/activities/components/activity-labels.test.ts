import { describe, expect, it } from 'vitest';
import { formatSpan, formatWaiting } from './activity-labels';

describe('waiting the duration does not show (issue 15)', () => {
  it('rounds spans the way a parent says them', () => {
    expect(formatSpan(20)).toBe('20 min');
    expect(formatSpan(60)).toBe('1 hour');
    expect(formatSpan(720)).toBe('12 hours');
    expect(formatSpan(1440)).toBe('1 day');
    expect(formatSpan(2880)).toBe('2 days');
  });

  it('says how far ahead to start and over how many days play goes on', () => {
    expect(formatWaiting({})).toBeNull();
    expect(formatWaiting({ prepMinutes: 720 })).toBe('Start 12 hours ahead');
    expect(formatWaiting({ spansDays: 7 })).toBe('Goes on over 7 days');
    expect(formatWaiting({ prepMinutes: 720, spansDays: 14 })).toBe(
      'Start 12 hours ahead, goes on over 14 days',
    );
  });

  it('a few minutes of gathering is no waiting; more than a quarter of an hour is (issue 35)', () => {
    expect(formatWaiting({ prepMinutes: 0 })).toBeNull();
    expect(formatWaiting({ prepMinutes: 5 })).toBeNull();
    expect(formatWaiting({ prepMinutes: 15 })).toBeNull();
    expect(formatWaiting({ prepMinutes: 20 })).toBe('Start 20 min ahead');
  });
});

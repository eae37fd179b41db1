import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [5 * 60 + 30, '5 minutes ago'],
    [3600, '1 hour ago'],
    [30 * 3600, '1 day ago'],
    [8 * 24 * 3600, '1 week ago'],
    [40 * 24 * 3600, '1 month ago'],
    [400 * 24 * 3600, '1 year ago'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(text);
  });

  it('a time a little in the future (clocks differ) reads "just now"', () => {
    expect(formatRelativeTime(ago(-120), now)).toBe('just now');
  });
});

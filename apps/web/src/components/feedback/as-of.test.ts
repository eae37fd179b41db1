import { describe, expect, it } from 'vitest';
import { formatAsOf } from './as-of';

// Local times: "today" is this device's calendar day.
const NOW = new Date(2026, 2, 2, 15, 0);
const month = (date: Date) => new Intl.DateTimeFormat(undefined, { month: 'short' }).format(date);

describe('formatAsOf: "as of …" in the reader\'s own time format', () => {
  it('today: the time alone', () => {
    const text = formatAsOf(new Date(2026, 2, 2, 10, 42).getTime(), NOW);
    expect(text).toMatch(/10:42/);
    expect(text).not.toContain(month(NOW));
  });

  it('another day: the date too; another year: with the year', () => {
    const yesterday = new Date(2026, 2, 1, 22, 5);
    expect(formatAsOf(yesterday.getTime(), NOW)).toMatch(/10:05|22:05/);
    expect(formatAsOf(yesterday.getTime(), NOW)).toContain(month(yesterday));
    expect(formatAsOf(yesterday.getTime(), NOW)).not.toContain('2026');
    expect(formatAsOf(new Date(2025, 11, 31, 9, 0).getTime(), NOW)).toContain('2025');
  });

  it('never the epoch for a real time (the dashboard once said "from Jan 1, 1970")', () => {
    expect(formatAsOf(new Date(2026, 2, 2, 9, 30).getTime(), NOW)).not.toContain('1970');
  });
});

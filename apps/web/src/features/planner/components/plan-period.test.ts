import { describe, expect, it } from 'vitest';
import { periodDates } from './plan-period';

describe('the days a parent picks', () => {
  it('today is one day, the next 7 days start today', () => {
    expect(periodDates('today', '2026-05-13')).toEqual({ startDate: '2026-05-13', days: 1 });
    expect(periodDates('week', '2026-05-13')).toEqual({ startDate: '2026-05-13', days: 7 });
  });

  it('the weekend is the coming Saturday and Sunday; on a Sunday the next one', () => {
    expect(periodDates('weekend', '2026-05-13')).toEqual({ startDate: '2026-05-16', days: 2 });
    expect(periodDates('weekend', '2026-05-15')).toEqual({ startDate: '2026-05-16', days: 2 });
    expect(periodDates('weekend', '2026-05-16')).toEqual({ startDate: '2026-05-16', days: 2 });
    expect(periodDates('weekend', '2026-05-17')).toEqual({ startDate: '2026-05-23', days: 2 });
  });
});

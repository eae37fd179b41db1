import { describe, expect, it } from 'vitest';
import { makeActivity } from '../activities/test-activity.ts';
import {
  childrenToPlan,
  planByRules,
  planDates,
  type FamilyPlanData,
  type PlanningChild,
} from './family-plan.ts';
import { forecastsForDates } from './forecast.ts';
import { ZPlannerRequest } from './schema.ts';
import { defaultSlots } from './slots.ts';

// Issue 30: offline, the device plans by the same rules as the server, from one function.

const NOW = '2026-05-15T17:00:00.000Z';
const child = (id: string, age: number): PlanningChild => ({
  id,
  name: id,
  age,
  preferences: { indoorOutdoor: 'both', favoriteTypes: [], availableTimeSlots: ['afternoon'] },
});
const ada = child('ada', 4);
const ben = child('ben', 7);

function family(overrides: Partial<FamilyPlanData> = {}): FamilyPlanData {
  return {
    activities: Array.from({ length: 12 }, (_, i) =>
      makeActivity({ id: `a${i}`, ageRange: [3, 9], duration: 20 + (i % 3) * 10 }),
    ),
    profile: {
      familyInfo: { timezone: 'America/Los_Angeles' },
      location: { lat: 34 },
      preferences: { units: 'metric', defaultFilters: { timeAvailable: 60, location: 'both' } },
    },
    children: [ada, ben],
    records: [],
    now: NOW,
    ...overrides,
  };
}

describe('childrenToPlan', () => {
  it("plans for every child in the family's order when none is named, else for those named", () => {
    expect(childrenToPlan([ada, ben], undefined)).toEqual([ada, ben]);
    expect(childrenToPlan([ada, ben], ['ben'])).toEqual([ben]);
  });

  it('refuses a child the family does not have', () => {
    expect(childrenToPlan([ada, ben], ['ben', 'zoe'])).toBeUndefined();
  });
});

describe('planDates', () => {
  it("counts the forecast from the family's today (Friday in Los Angeles) to the plan's last day", () => {
    expect(planDates({ startDate: '2026-05-16', days: 2 }, NOW, 'America/Los_Angeles')).toEqual({
      dates: ['2026-05-16', '2026-05-17'],
      ahead: 1,
      forecastDays: 3,
    });
    // Already Saturday in Tokyo.
    expect(planDates({ startDate: '2026-05-15', days: 1 }, NOW, 'Asia/Tokyo').ahead).toBe(-1);
  });
});

describe('planByRules', () => {
  const request = ZPlannerRequest.parse({ startDate: '2026-05-16', days: 2 });
  const forecasts = forecastsForDates(
    ['2026-05-16', '2026-05-17'],
    undefined,
    'metric',
    'fallback',
  );

  it("plans the children's own windows when none are asked for, by the rules, for the children playing", () => {
    const { plan } = planByRules(family(), request, forecasts);
    expect(plan).toMatchObject({
      startDate: '2026-05-16',
      childIds: ['ada', 'ben'],
      slots: defaultSlots([ada, ben], 60),
      plannedBy: 'rules',
      model: null,
      modelFailed: false,
    });
    expect(plan.days.map((d) => d.date)).toEqual(['2026-05-16', '2026-05-17']);
    expect(plan.days.every((d) => d.items.length > 0)).toBe(true);
  });

  it('keeps the items asked to keep; one whose activity is gone is planned afresh', () => {
    const { plan: first } = planByRules(family(), request, forecasts);
    const kept = first.days[0]!.items[0]!;
    const item = {
      start: kept.start,
      childIds: kept.childIds,
      why: kept.why,
      locked: true,
    };
    const keep = [
      { ...item, date: '2026-05-16', activityId: kept.activity.id },
      { ...item, date: '2026-05-17', activityId: 'deleted-own-activity' },
    ];
    const again = planByRules(family(), ZPlannerRequest.parse({ ...request, keep }), forecasts);
    expect(again.plan.days[0]!.items).toContainEqual(
      expect.objectContaining({ activity: kept.activity, start: kept.start, locked: true }),
    );
    expect(
      again.plan.days.flatMap((d) => d.items).some((i) => i.activity.id === 'deleted-own-activity'),
    ).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageCoverage } from '../activities/age-coverage.ts';
import { CATEGORY_IDS, type TActivity } from '../activities/schema.ts';
import { makeActivity } from '../activities/test-activity.ts';
import { addDays, localDayAndMinute, zonedInstant } from '../time/wall-clock.ts';
import {
  MIDDAY_HEAT,
  planDays,
  planningCondition,
  seasonOf,
  type KeptItem,
  type PlannerInput,
} from './plan.ts';
import { unknownDayForecast } from './forecast.ts';
import { clockMinutes, clockTime, type TDayForecast, type TPlanSlot } from './schema.ts';
import { slotsForDay } from './slots.ts';
import { makeChild, makeForecast } from './test-fixtures.ts';

const ZONES = ['UTC', 'Europe/London', 'Asia/Jerusalem', 'America/Los_Angeles'] as const;
const WEATHERS = ['any', 'sunny', 'cloudy', 'rainy', 'snowy', 'windy', 'stormy'] as const;
const CONDITIONS = ['sunny', 'cloudy', 'rainy', 'snowy', 'windy', 'stormy'] as const;

const arbActivities = fc
  .array(
    fc.record({
      category: fc.constantFrom(...CATEGORY_IDS),
      duration: fc.integer({ min: 1, max: 24 }).map((n) => n * 5),
      location: fc.constantFrom('indoor', 'outdoor', 'both' as const),
      ageMin: fc.integer({ min: 0, max: 12 }),
      ageSpan: fc.integer({ min: 0, max: 8 }),
      energyLevel: fc.constantFrom('Low', 'Medium', 'High' as const),
      difficulty: fc.constantFrom('easy', 'medium', 'hard' as const),
      weather: fc.subarray([...WEATHERS], { minLength: 1 }),
      seasons: fc.option(
        fc.subarray(['spring', 'summer', 'autumn', 'winter'] as const, { minLength: 1 }),
        { nil: undefined },
      ),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((fields) =>
    fields.map(({ ageMin, ageSpan, seasons, ...rest }, i) =>
      makeActivity({
        id: `a${i}`,
        ...rest,
        ageRange: [ageMin, Math.min(17, ageMin + ageSpan)],
        ...(seasons && { seasons }),
      }),
    ),
  );

const arbSlot: fc.Arbitrary<TPlanSlot> = fc
  .record({
    startStep: fc.integer({ min: 0, max: 287 }),
    minutes: fc.integer({ min: 5, max: 240 }),
    on: fc.constantFrom('every-day', 'weekdays', 'weekends' as const),
  })
  .map(({ startStep, minutes, on }) => ({
    start: clockTime(startStep * 5),
    minutes: Math.min(minutes, 24 * 60 - startStep * 5),
    on,
  }))
  .filter((slot) => slot.minutes >= 5);

const arbForecast = (date: string, timeZone: string): fc.Arbitrary<TDayForecast> =>
  fc
    .record({
      condition: fc.constantFrom(...CONDITIONS),
      precipitationProbability: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      sun: fc.option(
        fc.record({
          rise: fc.integer({ min: 240, max: 540 }),
          set: fc.integer({ min: 960, max: 1290 }),
        }),
        { nil: null },
      ),
      max: fc.integer({ min: -10, max: 42 }),
    })
    .map(({ condition, precipitationProbability, sun, max }) =>
      makeForecast(date, {
        condition,
        precipitationProbability,
        temperatureMax: max,
        temperatureMin: max - 8,
        sunrise: sun && zonedInstant(date, sun.rise, timeZone),
        sunset: sun && zonedInstant(date, sun.set, timeZone),
      }),
    );

const arbInput: fc.Arbitrary<PlannerInput> = fc
  .record({
    activities: arbActivities,
    ages: fc.array(fc.integer({ min: 0, max: 14 }), { minLength: 1, maxLength: 3 }),
    dayOfYear: fc.integer({ min: 0, max: 364 }),
    days: fc.integer({ min: 1, max: 7 }),
    slots: fc.array(arbSlot, { minLength: 1, maxLength: 3 }),
    timeZone: fc.constantFrom(...ZONES),
    favourites: fc.array(fc.nat(40), { maxLength: 6 }),
    tried: fc.array(fc.nat(40), { maxLength: 6 }),
    nowMinute: fc.option(fc.integer({ min: 0, max: 24 * 60 - 1 }), { nil: undefined }),
  })
  .chain((base) => {
    const startDate = addDays('2026-01-01', base.dayOfYear);
    const dates = Array.from({ length: base.days }, (_, i) => addDays(startDate, i));
    return fc.tuple(...dates.map((date) => arbForecast(date, base.timeZone))).map((forecasts) => ({
      activities: base.activities,
      children: base.ages.map((age, i) => makeChild(`c${i}`, age)),
      startDate,
      days: base.days,
      slots: base.slots,
      forecasts,
      timeZone: base.timeZone,
      favoriteActivityIds: base.favourites.map((n) => `a${n}`),
      triedActivityIds: base.tried.map((n) => `a${n}`),
      ...(base.nowMinute !== undefined && {
        now: zonedInstant(startDate, base.nowMinute, base.timeZone),
      }),
    }));
  });

const RUNS = { numRuns: 60 };

const itemsOf = (input: PlannerInput) =>
  planDays(input).days.flatMap((day) => day.items.map((item) => ({ day, item })));

/** Under the youngest age the activities serve counts as that age (a look ahead). */
const matchingAge = (age: number, activities: readonly TActivity[]) =>
  Math.max(age, ageCoverage(activities)?.youngest ?? age);

describe('planner rules as properties (DESIGN, Planner)', () => {
  it('a fallback forecast changes no plan: a day without a live forecast plans as an unknown day, and no why speaks of weather (issue 29)', () => {
    fc.assert(
      fc.property(arbInput, fc.constantFrom('fixed', 'fallback' as const), (input, source) => {
        const items = (forecasts: TDayForecast[]) =>
          planDays({ ...input, forecasts }).days.map((day) => day.items);
        // As plans saved before kept them: a condition and temperatures, marked by their source.
        const madeUp = input.forecasts.map((f) => ({ ...f, source, sunrise: null, sunset: null }));
        const unknown = input.forecasts.map((f) => unknownDayForecast(f.date, f.units, source));
        const planned = items(unknown);
        expect(items(madeUp)).toEqual(planned);
        for (const item of planned.flat()) {
          expect(item.why).not.toMatch(/weather|sunny|rain|cloud|snow|wind|storm/i);
        }
      }),
      RUNS,
    );
  });

  it("eligibility: each item names only children playing, and each one's age is within the activity's range (under one counts as one)", () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const ages = new Map(input.children.map((c) => [c.id, c.age]));
        for (const { item } of itemsOf(input)) {
          expect(item.childIds.length).toBeGreaterThan(0);
          for (const id of item.childIds) {
            const age = ages.get(id);
            expect(age).toBeDefined();
            const [min, max] = item.activity.ageRange;
            expect(matchingAge(age!, input.activities)).toBeGreaterThanOrEqual(min);
            expect(matchingAge(age!, input.activities)).toBeLessThanOrEqual(max);
          }
        }
      }),
      RUNS,
    );
  });

  it('no repeats: no activity comes twice within a plan', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const ids = itemsOf(input).map(({ item }) => item.activity.id);
        expect(new Set(ids).size).toBe(ids.length);
      }),
      RUNS,
    );
  });

  it("slot lengths: each item lies within one of its day's windows, takes the activity's minutes, and no two overlap", () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        for (const day of planDays(input).days) {
          let previousEnd = -1;
          for (const item of day.items) {
            const from = clockMinutes(item.start);
            const to = from + item.minutes;
            expect(item.minutes).toBe(item.activity.duration);
            expect(from).toBeGreaterThanOrEqual(previousEnd);
            previousEnd = to;
            const inside = day.slots.some(
              (slot) =>
                clockMinutes(slot.start) <= from && to <= clockMinutes(slot.start) + slot.minutes,
            );
            expect(inside, `${day.date} ${item.start}+${item.minutes}`).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it("slot lengths: a day's windows are the slots of that day, and today's start no earlier than now", () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const now =
          input.now === undefined ? undefined : localDayAndMinute(input.now, input.timeZone);
        for (const day of planDays(input).days) {
          expect(day.slots).toEqual(slotsForDay(input.slots, day.date, now));
          if (now && now.day === day.date) {
            for (const slot of day.slots) {
              expect(clockMinutes(slot.start)).toBeGreaterThanOrEqual(now.minute);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it('deterministic: the same input gives the same plan', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        expect(planDays(JSON.parse(JSON.stringify(input)) as PlannerInput)).toEqual(
          planDays(input),
        );
      }),
      RUNS,
    );
  });

  it('forecast: no outdoor-only activity in a storm, in rain only rain play, and none in the midday heat of a hot day', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        for (const { day, item } of itemsOf(input)) {
          if (item.activity.location !== 'outdoor') continue;
          const condition = planningCondition(day.forecast);
          expect(condition).not.toBe('stormy');
          if (condition === 'rainy') expect(item.activity.weather).toContain('rainy');
          if (day.forecast.temperatureMax !== null && day.forecast.temperatureMax >= 32) {
            const from = clockMinutes(item.start);
            const overlaps = from < MIDDAY_HEAT.to && from + item.minutes > MIDDAY_HEAT.from;
            expect(overlaps).toBe(false);
          }
        }
      }),
      RUNS,
    );
  });

  it('daylight: an outdoor-only activity starts after sunrise and ends by sunset (06:00 to 20:00 without them)', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        for (const { day, item } of itemsOf(input)) {
          if (item.activity.location !== 'outdoor') continue;
          const { sunrise, sunset } = day.forecast;
          const light = {
            from: sunrise ? localDayAndMinute(sunrise, input.timeZone).minute : 6 * 60,
            to: sunset ? localDayAndMinute(sunset, input.timeZone).minute : 20 * 60,
          };
          const from = clockMinutes(item.start);
          expect(from).toBeGreaterThanOrEqual(light.from);
          expect(from + item.minutes).toBeLessThanOrEqual(light.to);
        }
      }),
      RUNS,
    );
  });

  it('season: an activity with seasons is planned only in one of them', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        for (const { day, item } of itemsOf(input)) {
          if (item.activity.seasons) expect(item.activity.seasons).toContain(seasonOf(day.date));
        }
      }),
      RUNS,
    );
  });

  it('kept items stay as they were, and avoided activities are not planned', () => {
    fc.assert(
      fc.property(arbInput, fc.nat(), (input, seed) => {
        const first = planDays(input);
        const items = first.days.flatMap((day) => day.items.map((item) => ({ day, item })));
        if (items.length === 0) return;
        const keptOne = items[seed % items.length]!;
        const avoided = items.filter((entry) => entry !== keptOne).map((e) => e.item.activity.id);
        const keep: KeptItem[] = [
          {
            date: keptOne.day.date,
            start: keptOne.item.start,
            activity: keptOne.item.activity,
            childIds: keptOne.item.childIds,
            why: 'kept',
            locked: true,
          },
        ];
        const again = planDays({ ...input, keep, avoid: avoided });
        const all = again.days.flatMap((day) => day.items.map((item) => ({ day, item })));
        expect(all.filter(({ item }) => item.why === 'kept')).toEqual([
          {
            day: expect.objectContaining({ date: keptOne.day.date }),
            item: { ...keptOne.item, why: 'kept', locked: true },
          },
        ]);
        for (const { item } of all) expect(avoided).not.toContain(item.activity.id);
      }),
      RUNS,
    );
  });

  it('alternatives: the planned activity first, then others for the same children, no longer, and not elsewhere in the plan', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const planned = planDays(input);
        const inPlan = new Set(planned.days.flatMap((d) => d.items.map((i) => i.activity.id)));
        planned.days.forEach((day, d) => {
          day.items.forEach((item, i) => {
            const [chosen, ...others] = planned.alternatives[d]![i]!;
            expect(chosen).toEqual(item.activity);
            for (const other of others) {
              expect(inPlan.has(other.id)).toBe(false);
              expect(other.duration).toBeLessThanOrEqual(item.minutes);
              const ages = item.childIds.map((id) => input.children.find((c) => c.id === id)!.age);
              for (const age of ages) {
                expect(matchingAge(age, input.activities)).toBeGreaterThanOrEqual(
                  other.ageRange[0],
                );
                expect(matchingAge(age, input.activities)).toBeLessThanOrEqual(other.ageRange[1]);
              }
            }
          });
        });
      }),
      RUNS,
    );
  });
});

const DAY = '2026-05-16'; // a Saturday in spring

function baseInput(activities: TActivity[], overrides: Partial<PlannerInput> = {}): PlannerInput {
  return {
    activities,
    children: [makeChild('ada', 5)],
    startDate: DAY,
    days: 1,
    slots: [{ start: '09:00', minutes: 30, on: 'every-day' }],
    forecasts: [makeForecast(DAY)],
    timeZone: 'UTC',
    ...overrides,
  };
}

const only = (input: PlannerInput) => planDays(input).days[0]!.items;

describe('planner rules by example', () => {
  it('rhythm: active play in the morning, calm play in the evening', () => {
    const activities = [
      makeActivity({ id: 'calm', energyLevel: 'Low', category: 'creative-arts' }),
      makeActivity({ id: 'lively', energyLevel: 'High', category: 'physical-activity' }),
    ];
    const morning = only(baseInput(activities));
    expect(morning[0]!.activity.id).toBe('lively');
    expect(morning[0]!.why).toContain('Active play for the morning');
    const evening = only(
      baseInput(activities, { slots: [{ start: '18:30', minutes: 30, on: 'every-day' }] }),
    );
    expect(evening[0]!.activity.id).toBe('calm');
    expect(evening[0]!.why).toContain('Calm for the evening');
  });

  it('variety: the next activity is of another category when one is there', () => {
    const activities = [
      makeActivity({ id: 'paint', category: 'creative-arts', duration: 15 }),
      makeActivity({ id: 'draw', category: 'creative-arts', duration: 15 }),
      makeActivity({ id: 'count', category: 'educational', duration: 15 }),
    ];
    const items = only(baseInput(activities));
    expect(items.map((i) => i.activity.id)).toEqual(['paint', 'count']);
  });

  it('favourites and new ones mixed: after a favourite comes something never tried', () => {
    const activities = [
      makeActivity({ id: 'known-1', duration: 10 }),
      makeActivity({ id: 'known-2', duration: 10 }),
      makeActivity({ id: 'new-1', duration: 10 }),
    ];
    const items = only(
      baseInput(activities, {
        favoriteActivityIds: ['known-1', 'known-2'],
        triedActivityIds: ['known-1', 'known-2'],
        slots: [{ start: '09:00', minutes: 20, on: 'every-day' }],
      }),
    );
    expect(items.map((i) => i.activity.id)).toEqual(['known-1', 'new-1']);
    expect(items[0]!.why).toContain('One of your favourites');
    expect(items[1]!.why).toContain('Something new to try');
  });

  it('siblings: what both can do comes first; when nothing fits both, the day is split with a reason', () => {
    const activities = [
      makeActivity({ id: 'toddler', ageRange: [1, 3], duration: 15 }),
      makeActivity({ id: 'older', ageRange: [8, 12], duration: 15 }),
      makeActivity({ id: 'both', ageRange: [2, 10], duration: 15, category: 'social' }),
    ];
    const items = only(
      baseInput(activities, {
        children: [makeChild('noa', 2), makeChild('eli', 9)],
        slots: [{ start: '09:00', minutes: 45, on: 'every-day' }],
      }),
    );
    expect(items.map((i) => [i.activity.id, i.childIds])).toEqual([
      ['both', ['noa', 'eli']],
      ['toddler', ['noa']],
      ['older', ['eli']],
    ]);
    expect(items[0]!.why).toContain('Just right for Noa and Eli');
    expect(items[1]!.why).toContain('Best for Noa; Eli can help');
    expect(items[2]!.why).toContain('Best for Eli; Noa can help');
  });

  it('a 1- and a 17-year-old: planned for the toddler, the teenager helps and the why says so (issue 29)', () => {
    const activities = [
      makeActivity({ id: 'toddler', ageRange: [1, 3], duration: 15 }),
      makeActivity({ id: 'older', ageRange: [8, 12], duration: 15, category: 'social' }),
    ];
    const items = only(
      baseInput(activities, {
        children: [makeChild('ada', 1), makeChild('sam', 17)],
        slots: [{ start: '09:00', minutes: 30, on: 'every-day' }],
      }),
    );
    expect(items.map((i) => [i.activity.id, i.childIds])).toEqual([['toddler', ['ada']]]);
    expect(items[0]!.why).toContain('Ada; Sam (17) can help');
    expect(items[0]!.why).not.toMatch(/ages 1 to 17/);
  });

  it('forecast: a dry day with a 60% chance of rain is planned as rainy', () => {
    expect(
      planningCondition(makeForecast(DAY, { condition: 'sunny', precipitationProbability: 60 })),
    ).toBe('rainy');
    expect(
      planningCondition(makeForecast(DAY, { condition: 'sunny', precipitationProbability: 59 })),
    ).toBe('sunny');
    expect(
      planningCondition(makeForecast(DAY, { condition: 'snowy', precipitationProbability: 90 })),
    ).toBe('snowy');
    const activities = [
      makeActivity({ id: 'outside', location: 'outdoor', weather: ['sunny'] }),
      makeActivity({ id: 'inside', location: 'indoor' }),
    ];
    const items = only(
      baseInput(activities, {
        forecasts: [makeForecast(DAY, { condition: 'sunny', precipitationProbability: 80 })],
      }),
    );
    expect(items.map((i) => i.activity.id)).toEqual(['inside']);
    expect(items[0]!.why).toContain('Indoors, out of the rain');
  });

  it('daylight: an outdoor-only activity that would end after sunset is left out', () => {
    const activities = [makeActivity({ id: 'outside', location: 'outdoor', duration: 30 })];
    const late = baseInput(activities, {
      slots: [{ start: '18:45', minutes: 30, on: 'every-day' }],
    });
    expect(only(late)).toEqual([]);
    const early = baseInput(activities, {
      slots: [{ start: '18:30', minutes: 30, on: 'every-day' }],
    });
    expect(only(early).map((i) => i.activity.id)).toEqual(['outside']);
  });

  it('today: the windows start from now, rounded up to five minutes', () => {
    const activities = [makeActivity({ id: 'short', duration: 10 })];
    const items = only(
      baseInput(activities, {
        now: `${DAY}T09:12:00.000Z`,
        slots: [{ start: '09:00', minutes: 30, on: 'every-day' }],
      }),
    );
    expect(items.map((i) => i.start)).toEqual(['09:15']);
  });

  it('windows apply on their days: weekend windows on Saturday and Sunday only', () => {
    const activities = [
      makeActivity({ id: 'a', duration: 30 }),
      makeActivity({ id: 'b', duration: 30 }),
    ];
    const plan = planDays(
      baseInput(activities, {
        startDate: '2026-05-15',
        days: 2,
        forecasts: [makeForecast('2026-05-15'), makeForecast('2026-05-16')],
        slots: [{ start: '10:00', minutes: 30, on: 'weekends' }],
      }),
    );
    expect(plan.days.map((d) => d.items.map((i) => i.activity.id))).toEqual([[], ['a']]);
  });

  it('seasons turn round south of the equator', () => {
    expect(seasonOf('2026-01-10')).toBe('winter');
    expect(seasonOf('2026-01-10', 'south')).toBe('summer');
    expect(seasonOf('2026-04-10')).toBe('spring');
    expect(seasonOf('2026-10-10')).toBe('autumn');
  });
});

/**
 * The language model's part in planning (DESIGN, Planner): when one is configured it may choose,
 * for each planned item, among the activities the rules found for it (`alternatives`), and say
 * why in a friendlier voice. This file is its contract: the question, the JSON schema of the
 * answer, and the check of the answer. An answer is used only when every item is answered once,
 * each with one of its own candidates, and no activity comes twice in the plan; otherwise the
 * rules' plan stands.
 */
import { z } from 'zod';
import type { RecommendationChild } from '../activities/recommend.ts';
import type { TActivity } from '../activities/schema.ts';
import { isLiveWeather } from '../weather/weather.ts';
import { UNKNOWN_FORECAST_DESCRIPTION } from './forecast.ts';
import type { PlannedDays } from './plan.ts';
import { childrenCovered } from './plan.ts';
import { MAX_PLAN_ITEMS, WHY_MAX_LENGTH, type TDayForecast, type TPlanDay } from './schema.ts';

/** The model's answer: for each item (`ref` as the question gave it) an activity and a why. */
export const ZModelAnswer = z.strictObject({
  items: z
    .array(
      z.strictObject({
        ref: z.string().max(20),
        activityId: z.string().max(80),
        why: z.string().max(WHY_MAX_LENGTH).trim().min(1),
      }),
    )
    .max(MAX_PLAN_ITEMS),
});
export type TModelAnswer = z.infer<typeof ZModelAnswer>;

/** The answer's JSON schema for a constrained chat completion (`response_format.json_schema`). */
export function modelAnswerJsonSchema(): Record<string, unknown> {
  const { $schema: _draft, ...schema } = z.toJSONSchema(ZModelAnswer);
  return schema;
}

/** `day.item` of the item at `dayIndex`, `itemIndex`. */
const refOf = (dayIndex: number, itemIndex: number): string => `${dayIndex}.${itemIndex}`;

function describeActivity(activity: TActivity) {
  return {
    id: activity.id,
    title: activity.title,
    category: activity.category,
    minutes: activity.duration,
    energy: activity.energyLevel,
    place: activity.location,
    ages: `${activity.ageRange[0]}-${activity.ageRange[1]}`,
    about: activity.description.slice(0, 160),
  };
}

export const MODEL_INSTRUCTIONS = [
  'You help parents plan play for their children.',
  'For every item of the plan, choose exactly one activity from that item\u2019s candidates and',
  'answer its ref, the activity id and a why: one warm, short sentence to the parent (at most',
  '200 characters) saying why it suits their children then. Never use an activity twice in the',
  'plan, and never an id that is not among the item\u2019s candidates. Prefer variety of',
  'categories, active play in the morning and calm play in the evening. The first candidate is',
  'what the rules chose; keep it when unsure. Answer with JSON only.',
].join(' ');

/** A day's weather in a few words: "Clear sky, 12-19°C", or "Forecast unknown". */
function forecastWords(forecast: TDayForecast): string {
  const { temperatureMin: min, temperatureMax: max } = forecast;
  if (!isLiveWeather(forecast) || min === null || max === null) return UNKNOWN_FORECAST_DESCRIPTION;
  const unit = forecast.units === 'metric' ? 'C' : 'F';
  return `${forecast.description}, ${Math.round(min)}-${Math.round(max)}\u00b0${unit}`;
}

/** The question for the model: the children, each day's weather, each item and its candidates. */
export function modelQuestion(
  planned: PlannedDays,
  children: readonly Pick<RecommendationChild, 'name' | 'age'>[],
): string {
  return JSON.stringify({
    children: children.map((c) => ({ name: c.name, age: c.age })),
    days: planned.days.map((day, d) => ({
      date: day.date,
      weather: forecastWords(day.forecast),
      items: day.items.map((item, i): Record<string, unknown> => {
        const candidates = planned.alternatives[d]?.[i] ?? [];
        if (candidates.length === 0) return { start: item.start, fixed: item.activity.title };
        return {
          ref: refOf(d, i),
          start: item.start,
          minutesAtMost: item.minutes,
          candidates: candidates.map(describeActivity),
        };
      }),
    })),
  });
}

export type ModelCheck = { ok: true; days: TPlanDay[] } | { ok: false; problem: string };

/**
 * The plan with the model's choices, or what is wrong with its answer (see the top of this
 * file). A chosen activity goes to every child playing whose age it fits.
 */
export function applyModelAnswer(
  planned: PlannedDays,
  children: readonly RecommendationChild[],
  answer: unknown,
): ModelCheck {
  const parsed = ZModelAnswer.safeParse(answer);
  if (!parsed.success) return { ok: false, problem: 'the answer does not match the schema' };
  const byRef = new Map<string, { activityId: string; why: string }>();
  for (const choice of parsed.data.items) {
    if (byRef.has(choice.ref)) return { ok: false, problem: `item ${choice.ref} answered twice` };
    byRef.set(choice.ref, choice);
  }
  const expected = planned.alternatives.flatMap((items, d) =>
    items.flatMap((candidates, i) => (candidates.length > 0 ? [refOf(d, i)] : [])),
  );
  if (byRef.size !== expected.length || expected.some((ref) => !byRef.has(ref))) {
    return { ok: false, problem: 'the answer does not answer each item once' };
  }
  const seen = new Set<string>();
  const days: TPlanDay[] = [];
  for (const [d, day] of planned.days.entries()) {
    const items = [];
    for (const [i, item] of day.items.entries()) {
      const candidates = planned.alternatives[d]?.[i] ?? [];
      const choice = byRef.get(refOf(d, i));
      let next = item;
      if (candidates.length > 0 && choice) {
        const activity = candidates.find((a) => a.id === choice.activityId);
        if (!activity) {
          return {
            ok: false,
            problem: `${choice.activityId} is not a candidate of ${refOf(d, i)}`,
          };
        }
        next = {
          ...item,
          activity,
          minutes: activity.duration,
          childIds: childrenCovered(children, activity.ageRange, planned.coverage).map((c) => c.id),
          why: choice.why,
        };
      }
      if (seen.has(next.activity.id)) {
        return { ok: false, problem: `${next.activity.id} comes twice in the plan` };
      }
      seen.add(next.activity.id);
      items.push(next);
    }
    days.push({ ...day, items });
  }
  return { ok: true, days };
}

import { z } from 'zod';
import { ZActivity } from './schema.ts';

/** Own activities are kept small enough to list and search quickly. */
export const MAX_OWN_ACTIVITIES = 500;

/** A family's own activities have ids with this prefix, so they never collide with built-in ones. */
export const OWN_ACTIVITY_ID_PREFIX = 'own-';

export function isOwnActivityId(activityId: string): boolean {
  return activityId.startsWith(OWN_ACTIVITY_ID_PREFIX);
}

/**
 * Body of `POST /activities` and `PUT /activities/{id}`: a family's own activity, every field of
 * an activity except `id` (the server gives it). The lists a parent may not bother with default to
 * empty, `weather` to ['any'] and `weatherDependent` to false.
 */
export const ZActivityInput = ZActivity.omit({ id: true })
  .extend({
    materials: ZActivity.shape.materials.default([]),
    learningObjectives: ZActivity.shape.learningObjectives.default([]),
    instructions: ZActivity.shape.instructions.default([]),
    tips: ZActivity.shape.tips.default([]),
    variations: ZActivity.shape.variations.default([]),
    safetyTips: ZActivity.shape.safetyTips.default([]),
    tags: ZActivity.shape.tags.default([]),
    weather: ZActivity.shape.weather.default(['any']),
    weatherDependent: ZActivity.shape.weatherDependent.default(false),
    duration: z.number().int().min(1).max(480),
  })
  .strict()
  .refine(({ ageRange: [min, max] }) => min <= max, {
    message: 'ageRange must be [min, max] with min not above max',
    path: ['ageRange'],
  });
export type TActivityInput = z.infer<typeof ZActivityInput>;
export type TActivityInputBody = z.input<typeof ZActivityInput>;

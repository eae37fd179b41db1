import { z } from 'zod';
import { ZActivity, type TActivity } from './schema.ts';
import { pictureForCategory } from './pictures.ts';
import {
  SETTINGS_LOCATION_MESSAGE,
  settingsFitLocation,
  withPracticalDefaults,
} from './practical-fields.ts';

/** Own activities are kept small enough to list and search quickly. */
export const MAX_OWN_ACTIVITIES = 500;

/** A reversed age range, in a parent's words (the API's 400 and the own-activity form say it). */
export const AGE_ORDER_MESSAGE = 'The youngest age must not be above the oldest age';

/**
 * Body of `POST /activities` and `PUT /activities/{id}`: a family's own activity, every field of
 * an activity except `id` (the server gives it). The lists a parent may not bother with default to
 * empty, `weather` to ['any'] and `weatherDependent` to false. Without a `picture`, it shows its
 * category's, and without issue 35's practical fields (`prepMinutes`, `mess`, `skills`,
 * `settings`), it is read with their defaults (`ownActivity`): a body written before they existed
 * is still accepted.
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
    picture: ZActivity.shape.picture.optional(),
    duration: z.number().int().min(1).max(480),
    prepMinutes: ZActivity.shape.prepMinutes.optional(),
    mess: ZActivity.shape.mess.optional(),
    skills: ZActivity.shape.skills.optional(),
    settings: ZActivity.shape.settings.optional(),
  })
  .strict()
  .refine(({ ageRange: [min, max] }) => min <= max, {
    message: AGE_ORDER_MESSAGE,
    path: ['ageRange'],
  })
  .refine(
    ({ location, settings }) => settings === undefined || settingsFitLocation(location, settings),
    { message: SETTINGS_LOCATION_MESSAGE, path: ['settings'] },
  );
export type TActivityInput = z.infer<typeof ZActivityInput>;
export type TActivityInputBody = z.input<typeof ZActivityInput>;

/**
 * The own activity `id` as kept (`input`). Rule: it shows the picture chosen for it, else its
 * category's, which follows the category when that changes (and covers those kept before pictures);
 * the practical fields it does not give are their defaults, which follow its category, location,
 * energy and materials the same way (and cover those kept before the fields).
 */
export function ownActivity(id: string, input: TActivityInput): TActivity {
  return {
    ...withPracticalDefaults(input),
    picture: input.picture ?? pictureForCategory(input.category),
    id,
  };
}

import { ZActivityInput, type TActivityInput } from '@kkb/core/activities/activity-input';
import { pictureForCategory } from '@kkb/core/activities/pictures';
import {
  chosenPracticalFields,
  practicalDefaults,
  withPracticalDefaults,
  type PracticalFields,
} from '@kkb/core/activities/practical-fields';
import { ZActivity, type TActivity } from '@kkb/core/activities/schema';
import { z } from 'zod';

/** The list fields, each edited as a text area with one item per line. */
export const LIST_FIELDS = [
  'materials',
  'instructions',
  'tips',
  'variations',
  'learningObjectives',
  'safetyTips',
  'tags',
] as const;
export type ListField = (typeof LIST_FIELDS)[number];

/** One item per non-empty line, trimmed. */
export function splitLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const lines = z.string().transform(splitLines).optional();

/**
 * The own-activity form: core's `ZActivityInput` with the lists typed as text; every rule is the
 * core schema's (the text is split into lines, then the whole is checked by `ZActivityInput`).
 */
export const ZOwnActivityForm = z
  .object({
    ...ZActivityInput.shape,
    materials: lines,
    instructions: lines,
    tips: lines,
    variations: lines,
    learningObjectives: lines,
    safetyTips: lines,
    tags: lines,
    // Optional here, as in ZActivityInput's own input; it fills in the defaults.
    weather: ZActivity.shape.weather.optional(),
    weatherDependent: ZActivity.shape.weatherDependent.optional(),
  })
  .pipe(ZActivityInput);
export type TOwnActivityFormValues = z.input<typeof ZOwnActivityForm>;

/** What a parent reads for a broken rule, instead of zod's developer wording. */
export function friendlyMessage(issue: {
  code: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  expected?: string;
}): string | undefined {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return 'This is required';
      if (issue.origin === 'array') return 'Choose at least one';
      return `Must be at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `At most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array') return `At most ${String(issue.maximum)} lines`;
      return `Must be at most ${String(issue.maximum)}`;
    case 'invalid_type':
      return issue.expected === 'number' ? 'Enter a whole number' : 'This is required';
    default:
      return undefined;
  }
}

export const EMPTY_FORM: TOwnActivityFormValues = {
  title: '',
  description: '',
  category: 'creative-arts',
  difficulty: 'easy',
  duration: 30,
  location: 'indoor',
  ageRange: [3, 8],
  weatherDependent: false,
  energyLevel: 'Medium',
  weather: ['any'],
  materials: '',
  instructions: '',
  tips: '',
  variations: '',
  learningObjectives: '',
  safetyTips: '',
  tags: '',
};

/**
 * An activity as the form's starting values. Its category's picture reads as none chosen, so that
 * it keeps following the category; so do the practical fields equal to their defaults (prep, mess,
 * skills, settings), which the form shows as the defaults: a new location moves the default
 * settings.
 */
export function formValuesOf(activity: TActivity): TOwnActivityFormValues {
  const {
    id: _id,
    picture,
    prepMinutes: _prepMinutes,
    mess: _mess,
    skills: _skills,
    settings: _settings,
    ...fields
  } = activity;
  const text = Object.fromEntries(
    LIST_FIELDS.map((field) => [field, activity[field].join('\n')]),
  ) as Record<ListField, string>;
  const byCategory = pictureForCategory(activity.category);
  const chosen = picture.icon !== byCategory.icon || picture.alt !== byCategory.alt;
  return { ...fields, ...text, ...(chosen && { picture }), ...chosenPracticalFields(activity) };
}

/**
 * The practical fields the activity gets when the family leaves them (core's `practicalDefaults`),
 * for what the form says so far: the form shows them until the family chooses others.
 */
export function practicalDefaultsOf(
  values: Pick<TOwnActivityFormValues, 'category' | 'location' | 'energyLevel' | 'materials'>,
): PracticalFields {
  return practicalDefaults({ ...values, materials: splitLines(values.materials ?? '') });
}

/**
 * The body to send: the practical fields equal to their defaults are left out, as `formValuesOf`
 * leaves them out, so that they keep following the activity (its location, its materials).
 */
export function withChosenPracticalFields(input: TActivityInput): TActivityInput {
  const { prepMinutes: _prep, mess: _mess, skills: _skills, settings: _settings, ...rest } = input;
  return { ...rest, ...chosenPracticalFields(withPracticalDefaults(input)) };
}

export type { TActivityInput };

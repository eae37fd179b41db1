import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formValuesOf, splitLines, ZOwnActivityForm } from './own-activity-form-schema';

describe('own activity form (core ZActivityInput, lists one per line)', () => {
  it('splits lists into trimmed lines, dropping empty ones', () => {
    expect(splitLines('  glue \n\n scissors\n')).toEqual(['glue', 'scissors']);
  });

  it('turns the form into the POST /activities body', () => {
    const result = ZOwnActivityForm.parse({
      ...EMPTY_FORM,
      title: 'Pirate map',
      description: 'Hide and find the treasure.',
      instructions: 'Draw\nHide\n\nSeek',
    });
    expect(result.instructions).toEqual(['Draw', 'Hide', 'Seek']);
    expect(result.materials).toEqual([]);
    expect(result.weather).toEqual(['any']);
  });

  it('keeps the core rules: a title is required and ages must not be reversed', () => {
    const missingTitle = ZOwnActivityForm.safeParse({ ...EMPTY_FORM, description: 'x' });
    expect(missingTitle.error?.issues[0]?.path).toEqual(['title']);
    const reversed = ZOwnActivityForm.safeParse({
      ...EMPTY_FORM,
      title: 'T',
      description: 'D',
      ageRange: [9, 4],
    });
    expect(reversed.error?.issues[0]?.path).toEqual(['ageRange']);
  });

  it('an activity round-trips through the form unchanged', () => {
    const activity = BUILT_IN_ACTIVITIES[0]!;
    const { id: _id, ...input } = activity;
    expect(ZOwnActivityForm.parse(formValuesOf(activity))).toEqual(input);
  });
});

import { ownActivity } from '@kkb/core/activities/activity-input';
import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import { describe, expect, it } from 'vitest';
import { SETTINGS_LOCATION_MESSAGE } from '@kkb/core/activities/practical-fields';
import {
  EMPTY_FORM,
  formValuesOf,
  practicalDefaultsOf,
  splitLines,
  withChosenPracticalFields,
  ZOwnActivityForm,
} from './own-activity-form-schema';

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
    expect(reversed.error?.issues[0]).toMatchObject({
      path: ['ageRange'],
      message: 'The youngest age must not be above the oldest age',
    });
  });

  it('an activity round-trips through the form unchanged', () => {
    const activity = BUILT_IN_ACTIVITIES[0]!;
    expect(ownActivity(activity.id, ZOwnActivityForm.parse(formValuesOf(activity)))).toEqual(
      activity,
    );
  });

  it('practical fields equal to their defaults are left to follow the activity: a new location moves the settings (issue 35)', () => {
    const own = ownActivity(
      'own-1',
      ZOwnActivityForm.parse({ ...EMPTY_FORM, title: 'T', description: 'D' }),
    );
    expect(own.settings).toEqual(['home']);
    const moved = ZOwnActivityForm.parse({ ...formValuesOf(own), location: 'outdoor' });
    expect(ownActivity('own-1', moved).settings).toEqual(['garden', 'park']);
    const chosen = { ...own, settings: ['home', 'car'] } satisfies typeof own;
    expect(ZOwnActivityForm.parse(formValuesOf(chosen)).settings).toEqual(['home', 'car']);
  });

  describe('the practical fields (issue 35)', () => {
    const named = { ...EMPTY_FORM, title: 'Pirate map', description: 'Find the treasure.' };

    it("untouched, the form shows core's defaults for what it says so far, and sends none of them", () => {
      expect(practicalDefaultsOf(named)).toEqual({
        prepMinutes: 0,
        mess: 'none',
        skills: ['creative'],
        settings: ['home'],
      });
      expect(practicalDefaultsOf({ ...named, materials: 'Paper\nPens', location: 'both' })).toEqual(
        {
          prepMinutes: 5,
          mess: 'some',
          skills: ['creative'],
          settings: ['home', 'garden', 'park'],
        },
      );
      const body = withChosenPracticalFields(ZOwnActivityForm.parse(named));
      for (const field of ['prepMinutes', 'mess', 'skills', 'settings']) {
        expect(body).not.toHaveProperty(field);
      }
    });

    it('chosen ones are sent; those chosen equal to the defaults are left to follow the activity', () => {
      const body = withChosenPracticalFields(
        ZOwnActivityForm.parse({
          ...named,
          prepMinutes: 10,
          mess: 'none',
          skills: ['language', 'creative'],
          settings: ['home', 'car'],
        }),
      );
      expect(body).toMatchObject({
        prepMinutes: 10,
        skills: ['language', 'creative'],
        settings: ['home', 'car'],
      });
      expect(body).not.toHaveProperty('mess');
    });

    it("keeps core's rules: a whole number of minutes, one to three skills, places that suit the location", () => {
      const issue = (values: object) =>
        ZOwnActivityForm.safeParse({ ...named, ...values }).error?.issues[0];
      expect(issue({ prepMinutes: NaN })?.path).toEqual(['prepMinutes']);
      expect(issue({ prepMinutes: -1 })?.path).toEqual(['prepMinutes']);
      expect(issue({ skills: [] })?.path).toEqual(['skills']);
      expect(issue({ skills: ['language', 'thinking', 'creative', 'fine-motor'] })?.path).toEqual([
        'skills',
      ]);
      expect(issue({ location: 'outdoor', settings: ['home'] })).toMatchObject({
        path: ['settings'],
        message: SETTINGS_LOCATION_MESSAGE,
      });
    });
  });
});

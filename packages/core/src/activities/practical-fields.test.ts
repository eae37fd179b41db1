import { describe, expect, it } from 'vitest';
import { ownActivity, ZActivityInput } from './activity-input.ts';
import {
  chosenPracticalFields,
  fitsInABag,
  isOnTheGo,
  MESS_LEVELS,
  messAtMost,
  PLAY_SETTINGS,
  practicalDefaults,
  readyRightNow,
  SETTINGS_LOCATION_MESSAGE,
  settingsFitLocation,
  SKILLS,
  withPracticalDefaults,
} from './practical-fields.ts';
import { ZActivity, ZMess, ZPlaySetting, ZSkill } from './schema.ts';
import { makeActivity } from './test-activity.ts';

const body = {
  title: 'Kitchen Disco',
  description: 'Dance while the pasta boils.',
  category: 'physical-activity',
  difficulty: 'easy',
  duration: 10,
  location: 'indoor',
  ageRange: [2, 8],
  energyLevel: 'High',
} as const;

describe('practical fields: mess at most, and ready right now (issue 35)', () => {
  it('mess at most: none < some < lots', () => {
    expect(MESS_LEVELS.filter((m) => messAtMost(m, 'none'))).toEqual(['none']);
    expect(MESS_LEVELS.filter((m) => messAtMost(m, 'some'))).toEqual(['none', 'some']);
    expect(MESS_LEVELS.filter((m) => messAtMost(m, 'lots'))).toEqual(['none', 'some', 'lots']);
  });

  it('ready right now: no adult prep and no mess, both', () => {
    expect(readyRightNow({ prepMinutes: 0, mess: 'none' })).toBe(true);
    expect(readyRightNow({ prepMinutes: 1, mess: 'none' })).toBe(false);
    expect(readyRightNow({ prepMinutes: 0, mess: 'some' })).toBe(false);
  });
});

describe('practical fields: vocabularies (issue 35)', () => {
  it('mess is none, some or lots; six skills; five settings; the zod enums hold the same lists', () => {
    expect(MESS_LEVELS).toEqual(['none', 'some', 'lots']);
    expect(SKILLS).toEqual([
      'gross-motor',
      'fine-motor',
      'language',
      'thinking',
      'social-emotional',
      'creative',
    ]);
    expect(PLAY_SETTINGS).toEqual(['home', 'garden', 'park', 'car', 'waiting-room']);
    expect(ZMess.options).toEqual([...MESS_LEVELS]);
    expect(ZSkill.options).toEqual([...SKILLS]);
    expect(ZPlaySetting.options).toEqual([...PLAY_SETTINGS]);
  });

  it('an activity needs all four: prep minutes, mess, one to three distinct skills, one or more distinct settings', () => {
    const valid = makeActivity({ id: 'a' });
    expect(ZActivity.safeParse(valid).success).toBe(true);
    for (const field of ['prepMinutes', 'mess', 'skills', 'settings'] as const) {
      const { [field]: _left, ...without } = valid;
      expect(ZActivity.safeParse(without).success, field).toBe(false);
    }
    const refused: Partial<typeof valid>[] = [
      { prepMinutes: -1 },
      { prepMinutes: 2.5 },
      { mess: 'a little' as never },
      { skills: [] },
      { skills: ['thinking', 'language', 'creative', 'fine-motor'] },
      { skills: ['thinking', 'thinking'] },
      { skills: ['juggling' as never] },
      { settings: [] },
      { settings: ['home', 'home'] },
      { settings: ['beach' as never] },
    ];
    for (const change of refused) {
      expect(ZActivity.safeParse({ ...valid, ...change }).success, JSON.stringify(change)).toBe(
        false,
      );
    }
  });
});

describe('practical fields: rules (issue 35)', () => {
  it('settings agree with the location: indoor only indoors, outdoor only outdoors, both needs one of each', () => {
    expect(settingsFitLocation('indoor', ['home', 'car', 'waiting-room'])).toBe(true);
    expect(settingsFitLocation('indoor', ['home', 'garden'])).toBe(false);
    expect(settingsFitLocation('outdoor', ['garden', 'park'])).toBe(true);
    expect(settingsFitLocation('outdoor', ['park', 'car'])).toBe(false);
    expect(settingsFitLocation('both', ['home', 'park'])).toBe(true);
    expect(settingsFitLocation('both', ['home', 'car'])).toBe(false);
    expect(settingsFitLocation('both', ['garden'])).toBe(false);
  });

  it('a material fits in a bag when it is paper, a pencil, a book, playing cards, a small toy…', () => {
    for (const material of [
      'Paper and a pencil',
      'A small notebook',
      'Crayons',
      'A pack of playing cards',
      'A board book',
      'A small soft toy',
      'A muslin cloth',
      'A phone',
      'A wet wipe for afterwards',
      "The restaurant's menu",
    ]) {
      expect(fitsInABag(material), material).toBe(true);
    }
    for (const material of [
      'A washing-up bowl of water',
      'Sofa cushions',
      'Scissors',
      'A large cardboard box',
      'Poster paint',
    ]) {
      expect(fitsInABag(material), material).toBe(false);
    }
  });

  it('on the go: playable in the car or a waiting room, with nothing beyond a bag', () => {
    const away = makeActivity({ id: 'a', settings: ['home', 'car'] });
    expect(isOnTheGo(away)).toBe(true);
    expect(isOnTheGo({ ...away, settings: ['waiting-room'], materials: ['Paper', 'Pens'] })).toBe(
      true,
    );
    expect(isOnTheGo({ ...away, materials: ['Paper', 'A tray of sand'] })).toBe(false);
    expect(isOnTheGo({ ...away, settings: ['home'] })).toBe(false);
  });
});

describe("practical fields: a family's own activity (issue 35)", () => {
  it('without them, no prep and no mess when it needs no materials, five minutes and some mess when it does', () => {
    const bare = {
      category: 'nature',
      location: 'indoor' as const,
      energyLevel: 'Low',
      materials: [],
    };
    expect(practicalDefaults(bare)).toEqual({
      prepMinutes: 0,
      mess: 'none',
      skills: ['thinking'],
      settings: ['home'],
    });
    expect(practicalDefaults({ ...bare, materials: ['Glue'] })).toMatchObject({
      prepMinutes: 5,
      mess: 'some',
    });
  });

  it("the skill is its category's; another category's is moving when high-energy, thinking otherwise", () => {
    const skill = (category: string, energyLevel = 'Low') =>
      practicalDefaults({ category, location: 'indoor', energyLevel, materials: [] }).skills;
    expect(skill('creative-arts')).toEqual(['creative']);
    expect(skill('physical-activity')).toEqual(['gross-motor']);
    expect(skill('educational')).toEqual(['thinking']);
    expect(skill('nature')).toEqual(['thinking']);
    expect(skill('social')).toEqual(['social-emotional']);
    expect(skill('Dance club', 'High')).toEqual(['gross-motor']);
    expect(skill('constructor')).toEqual(['thinking']);
  });

  it('settings follow the location, never the car or a waiting room', () => {
    const settings = (location: 'indoor' | 'outdoor' | 'both') =>
      practicalDefaults({ category: 'social', location, energyLevel: 'Low', materials: [] })
        .settings;
    expect(settings('indoor')).toEqual(['home']);
    expect(settings('outdoor')).toEqual(['garden', 'park']);
    expect(settings('both')).toEqual(['home', 'garden', 'park']);
  });

  it('a body without them is accepted, and the activity is read with their defaults', () => {
    const input = ZActivityInput.parse(body);
    expect(input).not.toHaveProperty('mess');
    expect(ownActivity('own-1', input)).toMatchObject({
      prepMinutes: 0,
      mess: 'none',
      skills: ['gross-motor'],
      settings: ['home'],
    });
    expect(ownActivity('own-1', { ...input, location: 'outdoor' }).settings).toEqual([
      'garden',
      'park',
    ]);
  });

  it('the ones it gives are kept; settings that contradict the location are refused', () => {
    const chosen = {
      prepMinutes: 2,
      mess: 'none',
      skills: ['gross-motor', 'social-emotional'],
      settings: ['home', 'car'],
    } as const;
    const input = ZActivityInput.parse({ ...body, ...chosen });
    expect(ownActivity('own-1', input)).toMatchObject(chosen);
    expect(withPracticalDefaults({ ...input, mess: undefined })).toMatchObject({
      ...chosen,
      mess: 'none',
    });
    const contradiction = ZActivityInput.safeParse({ ...body, settings: ['park'] });
    expect(contradiction.error?.issues[0]?.path).toEqual(['settings']);
    expect(contradiction.error?.issues[0]?.message).toBe(SETTINGS_LOCATION_MESSAGE);
    expect(ZActivityInput.safeParse({ ...body, skills: ['juggling'] }).success).toBe(false);
  });

  it('of its practical fields, those equal to the defaults are not chosen', () => {
    const activity = ownActivity('own-1', ZActivityInput.parse(body));
    expect(chosenPracticalFields(activity)).toEqual({});
    expect(
      chosenPracticalFields({ ...activity, settings: ['home', 'car'], prepMinutes: 3 }),
    ).toEqual({ settings: ['home', 'car'], prepMinutes: 3 });
  });
});

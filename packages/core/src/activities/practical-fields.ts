/**
 * Four practical facts of every activity (issue 35): the adult's preparation, the mess left
 * afterwards, the development areas it exercises and the places it can be played. The lists and
 * rules carry no zod, so that the web app can show and filter them cheaply; `schema.ts` builds
 * the zod enums from the same lists.
 */
import type { ACTIVITY_LOCATIONS } from './recommendation-choices.ts';

/** What the adult cleans up afterwards. */
export const MESS_LEVELS = ['none', 'some', 'lots'] as const;

/** The development areas an activity exercises; an activity names one to three, most important first. */
export const SKILLS = [
  'gross-motor',
  'fine-motor',
  'language',
  'thinking',
  'social-emotional',
  'creative',
] as const;

/** Each skill as a parent names it on a chart or in a table. */
export const SKILL_LABELS: Readonly<Record<Skill, string>> = {
  'gross-motor': 'Moving',
  'fine-motor': 'Hands and fingers',
  language: 'Language',
  thinking: 'Thinking',
  'social-emotional': 'Social and feelings',
  creative: 'Creative',
};

/** Each skill as a kind of play, in a sentence: "Maya hasn't done much language play this week". */
export const SKILL_PLAY_WORDS: Readonly<Record<Skill, string>> = {
  'gross-motor': 'active',
  'fine-motor': 'hands-on',
  language: 'language',
  thinking: 'thinking',
  'social-emotional': 'social',
  creative: 'creative',
};

/**
 * Where an activity can be played. `waiting-room` stands for anywhere a family waits: a doctor's
 * waiting room, a restaurant table, a queue, a train.
 */
export const PLAY_SETTINGS = ['home', 'garden', 'park', 'car', 'waiting-room'] as const;

type Mess = (typeof MESS_LEVELS)[number];
type Skill = (typeof SKILLS)[number];
type PlaySetting = (typeof PLAY_SETTINGS)[number];
type Location = (typeof ACTIVITY_LOCATIONS)[number];

/** Each setting as a parent names it. */
export const SETTING_LABELS: Readonly<Record<PlaySetting, string>> = {
  home: 'Home',
  garden: 'Garden',
  park: 'Park',
  car: 'Car',
  'waiting-room': 'Waiting room',
};

/** Each mess level as a parent names it. */
export const MESS_LABELS: Readonly<Record<Mess, string>> = {
  none: 'No mess',
  some: 'A little mess',
  lots: 'Lots of mess',
};

/** The settings that are indoors (an `indoor` activity's) and those outdoors (an `outdoor` one's). */
export const INDOOR_SETTINGS: readonly PlaySetting[] = ['home', 'car', 'waiting-room'];
export const OUTDOOR_SETTINGS: readonly PlaySetting[] = ['garden', 'park'];

export interface PracticalFields {
  /** Whole minutes of an adult's preparation or waiting before play can start. */
  prepMinutes: number;
  mess: Mess;
  skills: Skill[];
  settings: PlaySetting[];
}

/** What a parent reads when the settings do not agree with the location (`settingsFitLocation`). */
export const SETTINGS_LOCATION_MESSAGE =
  'The places must suit the location: home, car and waiting room are indoors, garden and park outdoors, and indoor or outdoor needs one of each';

/**
 * Rule: the settings agree with the location: an `indoor` activity is played only in indoor
 * settings, an `outdoor` one only in outdoor settings, and one for `both` in at least one of each.
 */
export function settingsFitLocation(location: Location, settings: readonly PlaySetting[]): boolean {
  const indoors = settings.some((s) => INDOOR_SETTINGS.includes(s));
  const outdoors = settings.some((s) => OUTDOOR_SETTINGS.includes(s));
  if (location === 'indoor') return !outdoors;
  if (location === 'outdoor') return !indoors;
  return indoors && outdoors;
}

/** Rule: an activity's mess is at most `most` (none < some < lots). */
export function messAtMost(mess: Mess, most: Mess): boolean {
  return MESS_LEVELS.indexOf(mess) <= MESS_LEVELS.indexOf(most);
}

/**
 * Rule: an activity can start right now (the dashboard's "Right now"): no adult preparation and
 * no mess.
 */
export function readyRightNow(activity: { prepMinutes: number; mess: Mess }): boolean {
  return activity.prepMinutes === 0 && activity.mess === 'none';
}

/**
 * What a family has in a bag when out, or finds on a café table: paper and something to draw
 * with, a book or magazine, playing cards, a small toy, a scarf, tissues, wipes, napkins, a
 * receipt, the menu, a phone… A material fits when it names one of them.
 */
const BAG_ITEM =
  /\b(paper|notebooks?|notepads?|pencils?|pens?|biros?|crayons?|felt[- ]tips?|markers?|stickers?|sticky notes?|playing cards|pack of cards|(?:board |picture |hardback |cloth )?books?|magazines?|soft toys?|small toys?|tedd(?:y|ies)|scarf|scarves|muslin|handkerchiefs?|tissues?|(?:wet |baby )?wipes?|napkins?|menus?|string|wool|straws?|pipe cleaners?|(?:mobile )?phone|coins?|keys|receipts?|ruler)\b/i;

/** Rule: a material a family carries in a bag anyway, or finds on a café table (see BAG_ITEM). */
export function fitsInABag(material: string): boolean {
  return BAG_ITEM.test(material);
}

/**
 * Rule: an activity is "on the go" when it can be played in the car or where a family waits
 * (`car` or `waiting-room` among its settings) and needs nothing beyond what is in a bag.
 */
export function isOnTheGo(activity: {
  settings: readonly PlaySetting[];
  materials: readonly string[];
}): boolean {
  const away = activity.settings.includes('car') || activity.settings.includes('waiting-room');
  return away && activity.materials.every(fitsInABag);
}

/** The skill an own activity of a built-in category exercises when the family does not say. */
const SKILL_OF_CATEGORY: Readonly<Record<string, Skill>> = {
  'creative-arts': 'creative',
  'physical-activity': 'gross-motor',
  educational: 'thinking',
  nature: 'thinking',
  social: 'social-emotional',
};

const SETTINGS_OF_LOCATION: Readonly<Record<Location, readonly PlaySetting[]>> = {
  indoor: ['home'],
  outdoor: ['garden', 'park'],
  both: ['home', 'garden', 'park'],
};

/** Minutes to gather an own activity's materials when the family does not say. */
export const OWN_PREP_MINUTES_WITH_MATERIALS = 5;

/**
 * Rule: the practical fields of a family's own activity that does not give them (made before
 * they existed, or the form left them out). They are cautious guesses from what it does say:
 * without materials, no preparation and no mess; with materials, five minutes to gather them and
 * some mess (so it is never offered as needing nothing when it may); the skill of its category
 * (else moving for a high-energy one, thinking otherwise); home, garden and park as its location
 * allows (never the car or a waiting room, which the family has to choose).
 */
export function practicalDefaults(activity: {
  category: string;
  location: Location;
  energyLevel: string;
  materials: readonly string[];
}): PracticalFields {
  const bare = activity.materials.length === 0;
  const categorySkill = Object.hasOwn(SKILL_OF_CATEGORY, activity.category)
    ? SKILL_OF_CATEGORY[activity.category]
    : undefined;
  return {
    prepMinutes: bare ? 0 : OWN_PREP_MINUTES_WITH_MATERIALS,
    mess: bare ? 'none' : 'some',
    skills: [categorySkill ?? (activity.energyLevel === 'High' ? 'gross-motor' : 'thinking')],
    settings: [...SETTINGS_OF_LOCATION[activity.location]],
  };
}

/** The activity with each practical field it lacks filled in by `practicalDefaults`. */
export function withPracticalDefaults<
  T extends Parameters<typeof practicalDefaults>[0] & Partial<PracticalFields>,
>(activity: T): T & PracticalFields {
  const defaults = practicalDefaults(activity);
  return {
    ...activity,
    prepMinutes: activity.prepMinutes ?? defaults.prepMinutes,
    mess: activity.mess ?? defaults.mess,
    skills: activity.skills ?? defaults.skills,
    settings: activity.settings ?? defaults.settings,
  };
}

/**
 * The practical fields of `activity` that differ from its defaults: those a family chose. The rest
 * follow the activity when it changes (a new location moves its default settings).
 */
export function chosenPracticalFields(
  activity: Parameters<typeof practicalDefaults>[0] & PracticalFields,
): Partial<PracticalFields> {
  const defaults = practicalDefaults(activity);
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((x, i) => x === b[i]);
  return {
    ...(activity.prepMinutes !== defaults.prepMinutes && { prepMinutes: activity.prepMinutes }),
    ...(activity.mess !== defaults.mess && { mess: activity.mess }),
    ...(!same(activity.skills, defaults.skills) && { skills: activity.skills }),
    ...(!same(activity.settings, defaults.settings) && { settings: activity.settings }),
  };
}

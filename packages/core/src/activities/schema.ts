import { z } from 'zod';
import { ZPicture } from './pictures.ts';
import { MESS_LEVELS, PLAY_SETTINGS, SKILLS } from './practical-fields.ts';
import {
  ACTIVITY_LOCATIONS,
  ENERGY_QUERY_MESSAGE,
  ENERGY_QUERY_PATTERN,
  RECOMMENDATION_ENERGIES,
} from './recommendation-choices.ts';

/** Ids of the five built-in categories (spec §3 Catalogue). */
export const CATEGORY_IDS = [
  'creative-arts',
  'physical-activity',
  'educational',
  'nature',
  'social',
] as const;

export const ZDifficulty = z.enum(['easy', 'medium', 'hard']);
export type TDifficulty = z.infer<typeof ZDifficulty>;

export const ZActivityLocation = z.enum(ACTIVITY_LOCATIONS);
export type TActivityLocation = z.infer<typeof ZActivityLocation>;

export const ZEnergyLevel = z.enum(['Low', 'Medium', 'High']);
export type TEnergyLevel = z.infer<typeof ZEnergyLevel>;

/**
 * An energy in a query, by the one rule of ENERGY_QUERY_PATTERN (any letter case), read as
 * `low | medium | high`; `toCatalogueEnergy` gives the catalogue's spelling.
 */
export const ZEnergyQuery = z
  .string()
  .regex(ENERGY_QUERY_PATTERN, ENERGY_QUERY_MESSAGE)
  .transform((raw) => raw.trim().toLowerCase())
  .pipe(z.enum(RECOMMENDATION_ENERGIES));

const CATALOGUE_ENERGY: Readonly<Record<(typeof RECOMMENDATION_ENERGIES)[number], TEnergyLevel>> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** `low` -> `Low`: an energy as the catalogue's activities write it. */
export const toCatalogueEnergy = (energy: (typeof RECOMMENDATION_ENERGIES)[number]): TEnergyLevel =>
  CATALOGUE_ENERGY[energy];

/** Weather conditions an activity can suit; 'any' means it does not care. */
export const ZWeatherCondition = z.enum(['sunny', 'cloudy', 'rainy', 'snowy', 'windy', 'stormy']);
export type TWeatherCondition = z.infer<typeof ZWeatherCondition>;
export const ZActivityWeather = z.union([z.literal('any'), ZWeatherCondition]);
export type TActivityWeather = z.infer<typeof ZActivityWeather>;

/** Seasons an activity belongs to; an activity without `seasons` suits the whole year. */
export const ZSeason = z.enum(['spring', 'summer', 'autumn', 'winter']);
export type TSeason = z.infer<typeof ZSeason>;

/** What the adult cleans up afterwards (issue 35). */
export const ZMess = z.enum(MESS_LEVELS);
export type TMess = z.infer<typeof ZMess>;

/** A development area an activity exercises (issue 35). */
export const ZSkill = z.enum(SKILLS);
export type TSkill = z.infer<typeof ZSkill>;

/** A place an activity can be played; `waiting-room` is anywhere a family waits (issue 35). */
export const ZPlaySetting = z.enum(PLAY_SETTINGS);
export type TPlaySetting = z.infer<typeof ZPlaySetting>;

const text = z.string().trim().min(1);

/** A list that names each of its values once. */
const distinct = <T>(values: readonly T[]) => new Set(values).size === values.length;

/**
 * An activity as the spec's §3 lists it, with issue 35's practical fields; built-in and family-made
 * ones share this shape. A family's own activity that does not give the practical fields is read
 * with their defaults (`practicalDefaults`), so every activity the API answers has them.
 */
export const ZActivity = z.object({
  id: z.string().min(1).max(80),
  title: text.max(120),
  description: text.max(2000),
  category: z.string().min(1).max(60),
  difficulty: ZDifficulty,
  duration: z.number().int().min(1).max(600),
  materials: z.array(text.max(200)).max(50),
  location: ZActivityLocation,
  ageRange: z.tuple([z.number().int().min(0).max(17), z.number().int().min(0).max(17)]),
  weatherDependent: z.boolean(),
  energyLevel: ZEnergyLevel,
  learningObjectives: z.array(text.max(300)).max(30),
  instructions: z.array(text.max(1000)).max(40),
  tips: z.array(text.max(500)).max(30),
  variations: z.array(text.max(500)).max(30),
  weather: z.array(ZActivityWeather).min(1),
  safetyTips: z.array(text.max(500)).max(30),
  tags: z.array(text.max(40)).max(30),
  /** What cards and the activity page show of it (pictures.ts). */
  picture: ZPicture,
  seasons: z.array(ZSeason).min(1).max(4).optional(),
  /**
   * Whole minutes of an adult's preparation (gathering, setting up, mixing) or waiting (dough
   * resting, water freezing) before play can start, not in `duration`; 0 when there is none.
   */
  prepMinutes: z.number().int().min(0).max(2880),
  mess: ZMess,
  /** One to three, the most important first. */
  skills: z.array(ZSkill).min(1).max(3).refine(distinct, 'Name each skill once'),
  /** Where it can be played; they agree with `location` (`settingsFitLocation`). */
  settings: z.array(ZPlaySetting).min(1).max(5).refine(distinct, 'Name each setting once'),
  /** The activity runs over several days (a bean sprouting); `duration` is the time on the first day. */
  spansDays: z.number().int().min(2).max(60).optional(),
});
export type TActivity = z.infer<typeof ZActivity>;

export const ZCategory = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
});
export type TCategory = z.infer<typeof ZCategory>;

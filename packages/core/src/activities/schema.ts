import { z } from 'zod';
import { ACTIVITY_LOCATIONS } from './recommendation-choices.ts';

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

/** Weather conditions an activity can suit; 'any' means it does not care. */
export const ZWeatherCondition = z.enum(['sunny', 'cloudy', 'rainy', 'snowy', 'windy', 'stormy']);
export type TWeatherCondition = z.infer<typeof ZWeatherCondition>;
export const ZActivityWeather = z.union([z.literal('any'), ZWeatherCondition]);
export type TActivityWeather = z.infer<typeof ZActivityWeather>;

/** Seasons an activity belongs to; an activity without `seasons` suits the whole year. */
export const ZSeason = z.enum(['spring', 'summer', 'autumn', 'winter']);
export type TSeason = z.infer<typeof ZSeason>;

const text = z.string().trim().min(1);

/** An activity as the spec's §3 lists it; built-in and family-made ones share this shape. */
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
  seasons: z.array(ZSeason).min(1).max(4).optional(),
  /** Preparation or waiting before play can start (dough resting, water freezing), not in `duration`. */
  prepMinutes: z.number().int().min(0).max(2880).optional(),
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

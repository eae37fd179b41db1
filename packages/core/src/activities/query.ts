import { z } from 'zod';
import {
  ZActivity,
  ZActivityLocation,
  ZDifficulty,
  ZEnergyLevel,
  ZSeason,
  ZWeatherCondition,
} from './schema.ts';

/** Spec §7 local data and DESIGN: lists take `skip` (default 0) and `limit` (default 50, at most 100). */
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 100;

export const ZSkip = z.coerce.number().int().min(0).default(0);
export const ZLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_LIMIT)
  .default(DEFAULT_PAGE_LIMIT);

/** `skip`/`limit` of every list endpoint, numbers coerced from query strings. */
export const ZPageQuery = z.object({ skip: ZSkip, limit: ZLimit });
export type TPageQuery = z.infer<typeof ZPageQuery>;

const ZAgeBound = z.coerce.number().int().min(0).max(17);

/** 'low' or 'LOW' reads as the catalogue's 'Low': query strings are rarely typed with care. */
export const ZEnergyLevelLoose = z
  .string()
  .trim()
  .transform((value) => value.charAt(0).toUpperCase() + value.slice(1).toLowerCase())
  .pipe(ZEnergyLevel);

/** Spec §5 activity filters; every one optional. */
export const ZActivityFilters = z.object({
  category: z.string().trim().min(1).max(60).optional(),
  difficulty: ZDifficulty.optional(),
  location: ZActivityLocation.optional(),
  ageMin: ZAgeBound.optional(),
  ageMax: ZAgeBound.optional(),
  weather: ZWeatherCondition.optional(),
  energyLevel: ZEnergyLevelLoose.optional(),
  search: z.string().trim().max(200).optional(),
  /** Activities of this season, and those that suit the whole year. */
  season: ZSeason.optional(),
  /** Only activities that need nothing gathered ('true'/'1' from a query string). */
  noMaterials: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .or(z.boolean())
    .optional(),
});
export type TActivityFilters = z.infer<typeof ZActivityFilters>;

/** `GET /activities` query: the filters plus paging. */
export const ZActivityQuery = ZActivityFilters.extend(ZPageQuery.shape).refine(
  (q) => q.ageMin === undefined || q.ageMax === undefined || q.ageMin <= q.ageMax,
  { message: 'ageMin must not be above ageMax', path: ['ageMin'] },
);
export type TActivityQuery = z.infer<typeof ZActivityQuery>;

/** `GET /activities` answer (spec §7 local data shape). */
export const ZActivityList = z.object({
  activities: z.array(ZActivity),
  total: z.number().int().min(0),
  skip: z.number().int().min(0),
  limit: z.number().int().min(1),
});
export type TActivityList = z.infer<typeof ZActivityList>;

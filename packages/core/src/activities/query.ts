import { z } from 'zod';
import { ZQueryFlag } from '../validation/query-flag.ts';
import { queryNumber } from '../validation/query-number.ts';
import {
  ZActivity,
  ZActivityLocation,
  ZDifficulty,
  ZEnergyQuery,
  ZMess,
  ZPlaySetting,
  ZSeason,
  ZSkill,
  toCatalogueEnergy,
  ZWeatherCondition,
} from './schema.ts';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './page-limits.ts';

/** Spec §7 local data and DESIGN: lists take `skip` (default 0) and `limit` (default 50, at most 100). */
export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT };

export const ZSkip = queryNumber(z.coerce.number().int().min(0)).default(0);
export const ZLimit = queryNumber(z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT)).default(
  DEFAULT_PAGE_LIMIT,
);

/** `skip`/`limit` of every list endpoint, numbers coerced from query strings. */
export const ZPageQuery = z.object({ skip: ZSkip, limit: ZLimit });
export type TPageQuery = z.infer<typeof ZPageQuery>;

const ZAgeBound = queryNumber(z.coerce.number().int().min(0).max(17));

/** Spec §5 activity filters; every one optional. */
export const ZActivityFilters = z.object({
  category: z.string().max(60).trim().min(1).optional(),
  difficulty: ZDifficulty.optional(),
  location: ZActivityLocation.optional(),
  ageMin: ZAgeBound.optional(),
  ageMax: ZAgeBound.optional(),
  weather: ZWeatherCondition.optional(),
  /** The one energy rule of ZEnergyQuery ('low' or 'LOW' reads as the catalogue's 'Low'). */
  energyLevel: ZEnergyQuery.transform(toCatalogueEnergy).optional(),
  search: z.string().max(200).trim().optional(),
  /** Activities of this season, and those that suit the whole year. */
  season: ZSeason.optional(),
  /** Only activities that need nothing gathered ('true'/'1' from a query string). */
  noMaterials: ZQueryFlag.optional(),
  /** Activities whose adult preparation takes at most these minutes (issue 35). */
  maxPrepMinutes: queryNumber(z.coerce.number().int().min(0).max(2880)).optional(),
  /** At most this much mess: 'none' only none, 'some' none or some, 'lots' any. */
  mess: ZMess.optional(),
  /** Activities that exercise this skill. */
  skill: ZSkill.optional(),
  /** Activities that can be played in this setting. */
  setting: ZPlaySetting.optional(),
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

/**
 * What the ranking reads of a family, put together in one place for the server and the device
 * (issue 30, DESIGN "Local-first": one ranking, two places). The server fills it from its
 * tables, the device from what it keeps (the catalogue, the profile, the family's marks and the
 * last weather reading); both rank with `recommendActivities` on what this function makes, so the
 * two cannot read a family differently.
 */
import { DEFAULT_TIME_ZONE } from '../achievements/calendar.ts';
import type { TFamilyProfile } from '../family/schema.ts';
import { daylightAt } from '../weather/daylight.ts';
import type { TWeather } from '../weather/schema.ts';
import type { TAgeCoverage } from './age-coverage.ts';
import type {
  RecentCompletion,
  RecommendationChild,
  RecommendationInput,
  TRecommendationQuery,
} from './recommend.ts';
import type { TActivity } from './schema.ts';
import type { TUserActivity } from './user-activity.ts';

/** The parts of the family profile the ranking reads (its defaults and its time zone). */
export type RankingProfile = {
  familyInfo: Pick<TFamilyProfile['familyInfo'], 'timezone'>;
  preferences: {
    defaultFilters: Pick<
      TFamilyProfile['preferences']['defaultFilters'],
      'timeAvailable' | 'location'
    >;
  };
};

export interface FamilyRankingData {
  /** The catalogue, then the family's own activities (their order breaks ties). */
  activities: readonly TActivity[];
  /**
   * The ages `activities` serve, when the caller has worked them out already (the server, once
   * per catalogue); derived from `activities` when left out.
   */
  ageCoverage?: TAgeCoverage | null;
  /** The family profile; none yet: the app's defaults. */
  profile: RankingProfile | null | undefined;
  /** Every child of the family, in the family's order. */
  children: readonly RecommendationChild[];
  /** The family's records of activities (favourite, tried). */
  records: readonly Pick<TUserActivity, 'activityId' | 'favorite' | 'tried'>[];
  /** The family's completions, those of the last `RECENTLY_DONE_HOURS` at least. */
  completions: readonly RecentCompletion[];
  /** The reading at home: it steers only when live; its sunrise and sunset say when it is dark. */
  weather: Pick<TWeather, 'condition' | 'source' | 'sunrise' | 'sunset'>;
  /** The instant of ranking, ISO 8601. */
  now: string;
}

/**
 * The input of `recommendActivities` for the family's data and the parent's choices (`GET
 * /recommendations`' query): the profile's defaults, the children, favourites (and their
 * categories, so a favourite lifts its kind of activity), tried ones, recent play, the reading,
 * and whether it is dark or evening at home (the reading's sunrise and sunset, the family's clock).
 */
export function recommendationInput(
  data: FamilyRankingData,
  query: TRecommendationQuery,
): RecommendationInput {
  const { activities, profile, records, weather, now } = data;
  const favoriteIds = records.filter((r) => r.favorite).map((r) => r.activityId);
  const favoriteSet = new Set(favoriteIds);
  const defaults = profile?.preferences.defaultFilters;
  return {
    activities,
    children: data.children,
    childId: query.childId ?? null,
    timeAvailable: query.timeAvailable,
    location: query.location,
    energyLevel: query.energyLevel,
    weather: query.weather,
    rightNow: query.rightNow,
    weatherReading: weather,
    favoriteActivityIds: favoriteIds,
    triedActivityIds: records.filter((r) => r.tried).map((r) => r.activityId),
    favoriteCategories: activities.filter((a) => favoriteSet.has(a.id)).map((a) => a.category),
    defaultTimeAvailable: defaults?.timeAvailable,
    defaultLocation: defaults?.location,
    recentPlay: { completions: data.completions, now },
    ...(data.ageCoverage !== undefined && { ageCoverage: data.ageCoverage }),
    daylight: daylightAt({
      now,
      timeZone: profile?.familyInfo.timezone ?? DEFAULT_TIME_ZONE,
      sunrise: weather.sunrise,
      sunset: weather.sunset,
    }),
  };
}

/**
 * The completions a device knows of: each record's latest (`completedAt`), which is all that
 * the recently-done rule asks of them (was the activity done in the last day). A record whose
 * tried mark was cleared has forgotten its completion; the server's log still has it.
 */
export function latestCompletions(
  records: readonly Pick<TUserActivity, 'activityId' | 'completedAt'>[],
): RecentCompletion[] {
  return records.flatMap(({ activityId, completedAt }) =>
    completedAt === null ? [] : [{ activityId, completedAt }],
  );
}

// Only core imports: the server's parity test (apps/server, device-ranking-parity.test.ts) ranks
// with this very function, and this module loads in a chunk of its own (zod comes with
// recommend.ts's schemas), after the first paint.
import {
  recommendActivities,
  type TRecommendationQuery,
  type TRecommendationsResponse,
} from '@kkb/core/activities/recommend';
import { deviceCompletions, type TRecentPlay } from '@kkb/core/activities/recent-play';
import { latestCompletions, recommendationInput } from '@kkb/core/activities/recommendation-input';
import type { TActivity } from '@kkb/core/activities/schema';
import type { TUserActivity } from '@kkb/core/activities/user-activity';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import { DEFAULT_UNITS } from '@kkb/core/family/units';
import type { TWeather } from '@kkb/core/weather/schema';
import { fixedTelAvivWeather } from '@kkb/core/weather/weather';

/** What the device holds that the ranking reads (issue 30, DESIGN "Local-first"). */
export interface DeviceRankingData {
  /** The catalogue it holds: the built-in activities, then the family's own. */
  activities: readonly TActivity[];
  /** `GET /profile` as kept (the children are in it); null when the family has none. */
  profile: TFamilyProfile | null;
  /** `GET /user-activities` as kept: favourites, tried ones and each one's latest completion. */
  records: readonly TUserActivity[];
  /**
   * `GET /stats/recent-play`'s completions as kept: the last week's, with who played. The
   * completions alone: they keep their identity across refetches, whose `since` is new each time.
   */
  recentCompletions: TRecentPlay['completions'] | undefined;
  /** The last reading of `GET /weather` the device holds; none: the fallback (unknown weather). */
  weather: TWeather | undefined;
  /** The instant of ranking, ISO 8601. */
  now: string;
}

/**
 * `GET /recommendations` answered on the device: core's `recommendActivities` on the input core's
 * `recommendationInput` makes, as the server does, from what the device holds. The completions
 * it knows are the recent play kept, and each record's latest (core's `deviceCompletions`).
 */
export function recommendOnDevice(
  data: DeviceRankingData,
  query: TRecommendationQuery,
): TRecommendationsResponse {
  const { profile, records, now } = data;
  const weather =
    data.weather ??
    fixedTelAvivWeather(profile?.preferences.units ?? DEFAULT_UNITS, 'fallback', now);
  const result = recommendActivities(
    recommendationInput(
      {
        activities: data.activities,
        profile,
        children: profile?.familyInfo.children ?? [],
        records,
        completions: deviceCompletions(data.recentCompletions, latestCompletions(records)),
        weather,
        now,
      },
      query,
    ),
  );
  return { ...result, weather };
}

import { DEFAULT_TIME_ZONE } from '@kkb/core/achievements/calendar';
import type { TRecommendationEnergy } from '@kkb/core/activities/recommend';
import type { TActivityLocation } from '@kkb/core/activities/schema';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import { daylightAt } from '@kkb/core/weather/daylight';
import type { TWeather } from '@kkb/core/weather/schema';
import { steeringCondition } from '@kkb/core/weather/weather';
import type { RecommendationParams } from '../api/get-recommendations';
import type { DashboardChoices } from './dashboard-choices';
import { startingLocation } from './starting-location';

type Child = TFamilyProfile['familyInfo']['children'][number];

/** What the dashboard shows and asks `GET /recommendations` for. */
export interface DashboardRequest {
  timeAvailable: number;
  location: TActivityLocation;
  energyLevel: TRecommendationEnergy | null;
  /** "Right now": only activities with no adult prep and no mess. */
  rightNow: boolean;
  /** The child chosen, if the choice names one of the family's. */
  child: Child | undefined;
  afterDark: boolean;
  params: RecommendationParams;
}

/**
 * The dashboard's request from the parent's choices (the URL), the family's saved defaults and
 * the weather (undefined when it failed or is missing; a reading that is not live counts as
 * none, so the place starts at the family's preference, Both by default): the page and its start-up prefetch
 * (api/prefetch-dashboard.ts) ask the same question, so the page finds the answer waiting. Until
 * the profile is known (or when the family has none) the app's defaults stand in for the family's.
 */
export function dashboardRequest({
  choices,
  profile,
  weather,
  now,
}: {
  choices: DashboardChoices;
  profile: TFamilyProfile | null | undefined;
  weather: TWeather | undefined;
  now: Date;
}): DashboardRequest {
  const defaults = profile?.preferences.defaultFilters;
  const timeAvailable = choices.timeAvailable ?? defaults?.timeAvailable ?? 30;
  const { energyLevel, rightNow } = choices;
  const child = profile?.familyInfo.children.find((c) => c.id === choices.childId);
  const preference = child?.preferences.indoorOutdoor ?? defaults?.location ?? 'both';
  const { afterDark } = daylightAt({
    now: now.toISOString(),
    timeZone: profile?.familyInfo.timezone ?? DEFAULT_TIME_ZONE,
    sunrise: weather?.sunrise ?? null,
    sunset: weather?.sunset ?? null,
  });
  // Only live weather picks the place: a fallback or fixed reading is not today's (issue 29).
  const location =
    choices.location ??
    startingLocation(steeringCondition(weather) ?? undefined, preference, afterDark);
  return {
    timeAvailable,
    location,
    energyLevel,
    rightNow,
    child,
    afterDark,
    params: {
      timeAvailable,
      location,
      ...(energyLevel !== null && { energyLevel }),
      ...(child !== undefined && { childId: child.id }),
      ...(rightNow && { rightNow }),
    },
  };
}

import { filterActivities, suitsWeather } from '@kkb/core/activities/filter';
import { ZApiError } from '@kkb/core/errors/api-error';
import { DEFAULT_UNITS } from '@kkb/core/family/units';
import {
  ZActivityWeather,
  ZActivityWeatherQuery,
  ZWeather,
  ZWeatherQuery,
  type TActivityWeather,
  type TUnits,
  type TWeather,
} from '@kkb/core/weather/schema';
import {
  fitsWeatherLocations,
  locationsForWeather,
  steeringCondition,
  weatherAdvice,
} from '@kkb/core/weather/weather';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/database.ts';
import { activitiesForUser } from '../activities/service.ts';
import { findProfile } from '../family/profile-repository.ts';
import { familyWeatherPlace } from './place.ts';
import type { WeatherPlace, WeatherService } from './service.ts';

const tags = ['weather'];
const security = [{ bearer: [] }];
/** Each activity list of `/weather/activity` holds at most this many. */
export const ACTIVITY_WEATHER_LIST_SIZE = 6;

interface PlaceQuery {
  lat?: number;
  lon?: number;
  city?: string;
  units?: TUnits;
}

/** The query's place and units, else the family's (units default to the profile's, metric without one). */
async function currentWeather(
  executor: Executor,
  weather: WeatherService,
  familyId: string,
  query: PlaceQuery,
): Promise<TWeather> {
  const needsProfile =
    query.units === undefined || (query.lat === undefined && query.city === undefined);
  const profile = needsProfile ? await findProfile(executor, familyId) : undefined;
  let place: WeatherPlace | undefined;
  if (query.lat !== undefined && query.lon !== undefined)
    place = { lat: query.lat, lon: query.lon };
  else if (query.city !== undefined) place = { city: query.city };
  else place = profile && familyWeatherPlace(profile.location);
  return weather.current(place, query.units ?? profile?.preferences.units ?? DEFAULT_UNITS);
}

/** Current weather (spec §3 Weather) and how it bears on play (spec §9 mapping). */
export const weatherRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;
  const onRequest = app.accessTokens.authenticate;

  app.get(
    '/weather',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'Current weather at a point, a city, or the family home',
        querystring: ZWeatherQuery,
        response: { 200: ZWeather, 400: ZApiError, 401: ZApiError },
      },
    },
    (request) => currentWeather(database.db, app.weather, request.familyId, request.query),
  );

  app.get(
    '/weather/activity',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'Current weather with the activities that suit it',
        querystring: ZActivityWeatherQuery,
        response: { 200: ZActivityWeather, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request): Promise<TActivityWeather> => {
      const { indoorOnly = false, ...placeQuery } = request.query;
      const [weather, activities] = await Promise.all([
        currentWeather(database.db, app.weather, request.familyId, placeQuery),
        activitiesForUser(database.db, request.familyId),
      ]);
      // A reading that is not live (§8's fallback values) is shown, but advises nothing.
      const known = steeringCondition(weather);
      const locations = locationsForWeather(known, { indoorOnly });
      const first = <T>(list: T[]) => list.slice(0, ACTIVITY_WEATHER_LIST_SIZE);
      return {
        ...weather,
        activity_weather: {
          condition: weather.condition,
          locations,
          indoor_only: indoorOnly,
          advice: weatherAdvice(known, indoorOnly),
        },
        activity_recommendations: {
          indoor_activities: first(filterActivities(activities, { location: 'indoor' })),
          outdoor_activities: first(filterActivities(activities, { location: 'outdoor' })),
          weather_appropriate: first(
            activities.filter(
              (a) =>
                (known === null ? a.weather.includes('any') : suitsWeather(a.weather, known)) &&
                fitsWeatherLocations(a.location, locations),
            ),
          ),
        },
      };
    },
  );
};

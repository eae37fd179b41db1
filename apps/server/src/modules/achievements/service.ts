import crypto from 'node:crypto';
import { DEFAULT_TIME_ZONE, isValidTimeZone, localDay } from '@kkb/core/achievements/calendar';
import {
  applyCompletion,
  describeAchievement,
  familyStats,
  listAchievements,
} from '@kkb/core/achievements/progress';
import {
  COMPLETION_FUTURE_TOLERANCE_MS,
  ZCompletionResult,
  type TAchievement,
  type TCompleteActivityBody,
  type TCompletion,
  type TCompletionResult,
  type TFamilyStats,
} from '@kkb/core/achievements/schema';
import type { TWeatherCondition } from '@kkb/core/activities/schema';
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction } from '../../db/family-lock.ts';
import { badRequest, notFound } from '../../errors.ts';
import { findActivityForUser } from '../activities/repository.ts';
import { findProfile } from '../family/profile-repository.ts';
import { familyWeatherPlace } from '../weather/place.ts';
import type { WeatherPlace, WeatherService } from '../weather/service.ts';
import { countFavorites, markDone } from '../user-activities/repository.ts';
import {
  findProgress,
  findResponseByClientId,
  findUnlocked,
  insertCompletion,
  insertUnlocked,
  lockProgress,
  saveProgress,
} from './repository.ts';

/** A completion this recent is taken to have happened in the weather of right now. */
export const LIVE_COMPLETION_MS = 60 * 60_000;

/** Where and when the family lives: the timezone of its days and the weather it has now. */
interface FamilySetting {
  timeZone: string;
  place: WeatherPlace | undefined;
}

async function familySetting(executor: Executor, userId: string): Promise<FamilySetting> {
  const profile = await findProfile(executor, userId);
  const timezone = profile?.familyInfo.timezone;
  return {
    // The spec's default when the profile is missing or names a zone this runtime lacks.
    timeZone: timezone && isValidTimeZone(timezone) ? timezone : DEFAULT_TIME_ZONE,
    place: profile ? familyWeatherPlace(profile.location) : undefined,
  };
}

/**
 * The weather condition of a completion: the family's current weather when the completion is
 * live (within the last hour), else unknown. The spec's fallback reading is not real weather, so
 * it counts as unknown too.
 */
async function completionWeather(
  weather: WeatherService,
  place: WeatherPlace | undefined,
  completedAt: Date,
  now: Date,
): Promise<TWeatherCondition | null> {
  if (now.getTime() - completedAt.getTime() > LIVE_COMPLETION_MS) return null;
  const reading = await weather.current(place, 'metric');
  return reading.source === 'fallback' ? null : reading.condition;
}

/**
 * Logs a completed activity and moves the family's stats, streak and achievements on, all in one
 * transaction under the family's lock, so concurrent completions of one family apply one after
 * another and none is lost. A repeated clientId answers the stored response
 * without counting again; the lock makes that hold for simultaneous repeats too, and the
 * (user_id, client_id) unique key backs it up.
 */
export async function completeActivity(
  database: Database,
  weather: WeatherService,
  userId: string,
  activityId: string,
  body: TCompleteActivityBody,
  now: Date,
): Promise<TCompletionResult> {
  const nowIso = now.toISOString();
  const completedAt = body.completedAt ? new Date(body.completedAt) : now;
  if (completedAt.getTime() > now.getTime() + COMPLETION_FUTURE_TOLERANCE_MS) {
    throw badRequest('completedAt: must not be more than 5 minutes in the future');
  }
  const completedAtIso = completedAt.toISOString();
  // Read before the transaction: the weather may take a network call, never made under the lock.
  const { timeZone, place } = await familySetting(database.db, userId);
  const condition = await completionWeather(weather, place, completedAt, now);

  return inFamilyTransaction(database, userId, async (trx) => {
    const state = await lockProgress(trx, userId, database.kind === 'postgres', nowIso);
    if (body.clientId !== undefined) {
      const stored = await findResponseByClientId(trx, userId, body.clientId);
      if (stored !== undefined) return ZCompletionResult.parse(JSON.parse(stored));
    }
    const activity = await findActivityForUser(trx, userId, activityId);
    if (!activity) throw notFound('Activity');
    const completion: TCompletion = {
      activityId: activity.id,
      category: activity.category,
      location: activity.location,
      weather: condition,
      minutes: body.minutes ?? activity.duration,
      completedAt: completedAtIso,
    };
    const outcome = applyCompletion(state, completion, timeZone);
    const userActivity = await markDone(trx, userId, activity.id, completedAtIso);
    await insertUnlocked(trx, userId, outcome.newlyUnlocked, nowIso);
    await saveProgress(trx, userId, outcome.state, nowIso);
    const result: TCompletionResult = {
      stats: familyStats(outcome.state, await countFavorites(trx, userId)),
      newAchievements: outcome.newlyUnlocked.map((id) =>
        describeAchievement(id, outcome.state, userId, nowIso),
      ),
      userActivity,
    };
    await insertCompletion(trx, {
      id: crypto.randomUUID(),
      userId,
      activityId: activity.id,
      clientId: body.clientId ?? null,
      minutes: completion.minutes,
      completedAt: completedAtIso,
      localDay: localDay(completedAtIso, timeZone),
      category: completion.category,
      location: completion.location,
      weather: completion.weather,
      createdAt: nowIso,
      response: JSON.stringify(result),
    });
    return result;
  });
}

/** Family stats (spec §3); zeros for a family that has completed nothing. */
export async function getStats(executor: Executor, userId: string): Promise<TFamilyStats> {
  const [state, favorites] = await Promise.all([
    findProgress(executor, userId),
    countFavorites(executor, userId),
  ]);
  return familyStats(state, favorites);
}

/** Every achievement with its progress: unlocked newest first, then locked in definition order. */
export async function getAchievements(executor: Executor, userId: string): Promise<TAchievement[]> {
  const [state, unlockedAt] = await Promise.all([
    findProgress(executor, userId),
    findUnlocked(executor, userId),
  ]);
  return listAchievements(state, userId, unlockedAt);
}

import crypto from 'node:crypto';
import { DEFAULT_TIME_ZONE, isValidTimeZone, localDay } from '@kkb/core/achievements/calendar';
import {
  applyCompletion,
  describeAchievement,
  familyStats,
  listAchievements,
  playByMember,
} from '@kkb/core/achievements/progress';
import {
  COMPLETION_FUTURE_TOLERANCE_MS,
  ZCompletionResult,
  type TAchievement,
  type TCompleteActivityBody,
  type TCompletion,
  type TCompletionResult,
  type TFamilyStats,
  type TMemberPlay,
} from '@kkb/core/achievements/schema';
import type { TWeatherCondition } from '@kkb/core/activities/schema';
import type { Transaction } from 'kysely';
import type { Database, DatabaseKind, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { findActivityForUser } from '../activities/repository.ts';
import { listMembers } from '../family/membership-repository.ts';
import { findProfile } from '../family/profile-repository.ts';
import { familyWeatherPlace } from '../weather/place.ts';
import type { WeatherPlace, WeatherService } from '../weather/service.ts';
import { countFavorites, markDone } from '../user-activities/repository.ts';
import {
  findProgress,
  findResponseByClientId,
  findUnlocked,
  insertCompletion,
  playedByMember,
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

async function familySetting(executor: Executor, familyId: string): Promise<FamilySetting> {
  const profile = await findProfile(executor, familyId);
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
 * Told of newly unlocked achievements inside the completion's transaction, so what it does
 * (notify every member) happens exactly when the unlock does; a replayed completion is not told.
 */
export type UnlockedListener = (trx: Transaction<DB>, unlocked: TAchievement[]) => Promise<void>;

/** What a completion takes from outside the family's lock. */
export interface CompletionSetting {
  completedAtIso: string;
  /** The family's timezone: the calendar of its days and streaks. */
  timeZone: string;
  /** The weather when it was done, when known. */
  condition: TWeatherCondition | null;
}

/**
 * Checks the completion's time and reads what the completion needs before taking the family's
 * lock: the weather may take a network call, never made under the lock.
 */
export async function prepareCompletion(
  database: Database,
  weather: WeatherService,
  familyId: string,
  body: TCompleteActivityBody,
  now: Date,
): Promise<CompletionSetting> {
  const completedAt = body.completedAt ? new Date(body.completedAt) : now;
  if (completedAt.getTime() > now.getTime() + COMPLETION_FUTURE_TOLERANCE_MS) {
    throw badRequest('completedAt: must not be more than 5 minutes in the future');
  }
  const { timeZone, place } = await familySetting(database.db, familyId);
  const condition = await completionWeather(weather, place, completedAt, now);
  return { completedAtIso: completedAt.toISOString(), timeZone, condition };
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
  member: FamilyMember,
  activityId: string,
  body: TCompleteActivityBody,
  now: Date,
  onUnlocked: UnlockedListener,
): Promise<TCompletionResult> {
  const setting = await prepareCompletion(database, weather, member.familyId, body, now);
  return inFamilyTransaction(database, member, (trx) =>
    completeActivityIn(trx, database.kind, member, activityId, body, setting, now, onUnlocked),
  );
}

/** `completeActivity` inside the caller's family transaction (offline sync applies it there). */
export async function completeActivityIn(
  trx: Transaction<DB>,
  kind: DatabaseKind,
  { familyId, userId }: FamilyMember,
  activityId: string,
  body: TCompleteActivityBody,
  { completedAtIso, timeZone, condition }: CompletionSetting,
  now: Date,
  onUnlocked: UnlockedListener,
): Promise<TCompletionResult> {
  const nowIso = now.toISOString();
  const state = await lockProgress(trx, familyId, kind === 'postgres', nowIso);
  if (body.clientId !== undefined) {
    const stored = await findResponseByClientId(trx, familyId, body.clientId);
    if (stored !== undefined) return ZCompletionResult.parse(JSON.parse(stored));
  }
  const activity = await findActivityForUser(trx, familyId, activityId);
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
  const userActivity = await markDone(trx, { familyId, userId }, activity.id, completedAtIso);
  await insertUnlocked(trx, familyId, outcome.newlyUnlocked, nowIso);
  await saveProgress(trx, familyId, outcome.state, nowIso);
  const played = await whoPlayed(trx, familyId, { userId, minutes: completion.minutes });
  const result: TCompletionResult = {
    stats: familyStats(outcome.state, await countFavorites(trx, familyId), played),
    newAchievements: outcome.newlyUnlocked.map((id) =>
      describeAchievement(id, outcome.state, familyId, nowIso),
    ),
    userActivity,
  };
  if (result.newAchievements.length > 0) await onUnlocked(trx, result.newAchievements);
  await insertCompletion(trx, {
    id: crypto.randomUUID(),
    familyId,
    completedBy: userId,
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
}

/**
 * Who played how much, from the activity log; `pending` is a completion being logged in the same
 * transaction (its row is written after the answer it stores).
 */
async function whoPlayed(
  executor: Executor,
  familyId: string,
  pending?: { userId: string; minutes: number },
): Promise<TMemberPlay[]> {
  const [members, played] = await Promise.all([
    listMembers(executor, familyId),
    playedByMember(executor, familyId),
  ]);
  if (pending) {
    const entry = played.find((p) => p.userId === pending.userId);
    if (entry) {
      entry.activities += 1;
      entry.minutes += pending.minutes;
    } else {
      const name = members.find((m) => m.userId === pending.userId)?.name ?? '';
      played.push({ userId: pending.userId, name, activities: 1, minutes: pending.minutes });
    }
  }
  return playByMember(members, played);
}

/** Family stats (spec §3) with who played how much; zeros for a family that has done nothing. */
export async function getStats(executor: Executor, familyId: string): Promise<TFamilyStats> {
  const [state, favorites, played] = await Promise.all([
    findProgress(executor, familyId),
    countFavorites(executor, familyId),
    whoPlayed(executor, familyId),
  ]);
  return familyStats(state, favorites, played);
}

/** Every achievement with its progress: unlocked newest first, then locked in definition order. */
export async function getAchievements(
  executor: Executor,
  familyId: string,
): Promise<TAchievement[]> {
  const [state, unlockedAt] = await Promise.all([
    findProgress(executor, familyId),
    findUnlocked(executor, familyId),
  ]);
  return listAchievements(state, familyId, unlockedAt);
}

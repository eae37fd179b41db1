import crypto from 'node:crypto';
import { DEFAULT_TIME_ZONE, isValidTimeZone, localDay } from '@kkb/core/achievements/calendar';
import {
  applyCompletion,
  describeAchievement,
  familyStats,
  listAchievements,
  playByChild,
  playByMember,
  withChildrenPlay,
} from '@kkb/core/achievements/progress';
import {
  COMPLETION_FUTURE_TOLERANCE_MS,
  ZCompletionResult,
  type TAchievement,
  type TChildPlay,
  type TCompleteActivityBody,
  type TCompletion,
  type TCompletionResult,
  type TFamilyStats,
  type TMemberPlay,
} from '@kkb/core/achievements/schema';
import {
  playWeeks,
  skillPlay,
  type SkillPlayCompletion,
  type TSkillPlay,
  type TSkillPlayQuery,
} from '@kkb/core/achievements/skill-play';
import { recentPlaySince, type TRecentPlay } from '@kkb/core/activities/recent-play';
import type { TWeatherCondition } from '@kkb/core/activities/schema';
import { steeringCondition } from '@kkb/core/weather/weather';
import type { Transaction } from 'kysely';
import type { Database, DatabaseKind, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import {
  findActivityForUser,
  findBuiltInActivity,
  ownActivitySkills,
} from '../activities/repository.ts';
import { listMembers } from '../family/membership-repository.ts';
import { listChildren } from '../family/repository.ts';
import { findProfile } from '../family/profile-repository.ts';
import { familyWeatherPlace } from '../weather/place.ts';
import type { WeatherPlace, WeatherService } from '../weather/service.ts';
import { countFavorites, markDone } from '../user-activities/repository.ts';
import {
  childPlaysSince,
  completionsSince,
  findProgress,
  findResponseByClientId,
  findUnlocked,
  insertCompletion,
  insertCompletionChildren,
  playedByChild,
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
 * live (within the last hour), else unknown. A reading that is not live (the fixed or fallback
 * values) is not real weather, so it counts as unknown too.
 */
async function completionWeather(
  weather: WeatherService,
  place: WeatherPlace | undefined,
  completedAt: Date,
  now: Date,
): Promise<TWeatherCondition | null> {
  if (now.getTime() - completedAt.getTime() > LIVE_COMPLETION_MS) return null;
  const reading = await weather.current(place, 'metric');
  return steeringCondition(reading);
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
  const childIds = body.childIds ?? [];
  const children = await listChildren(trx, familyId);
  const strangers = childIds.filter((id) => !children.some((child) => child.id === id));
  if (strangers.length > 0) {
    throw badRequest(`childIds: ${strangers.join(', ')} is not a child of this family`);
  }
  const completion: TCompletion = {
    activityId: activity.id,
    category: activity.category,
    location: activity.location,
    weather: condition,
    minutes: body.minutes ?? activity.duration,
    completedAt: completedAtIso,
  };
  const outcome = applyCompletion(state, completion, timeZone);
  const userActivity = await markDone(
    trx,
    { familyId, userId },
    activity.id,
    completedAtIso,
    childIds,
  );
  await insertUnlocked(trx, familyId, outcome.newlyUnlocked, nowIso);
  await saveProgress(trx, familyId, outcome.state, nowIso);
  const pending = { userId, childIds, minutes: completion.minutes };
  const [played, childrenPlayed] = await Promise.all([
    whoPlayed(trx, familyId, pending),
    childrenPlay(trx, familyId, pending),
  ]);
  const result: TCompletionResult = {
    stats: familyStats(outcome.state, await countFavorites(trx, familyId), played, childrenPlayed),
    newAchievements: outcome.newlyUnlocked.map((id) =>
      describeAchievement(id, outcome.state, familyId, nowIso),
    ),
    userActivity,
  };
  if (result.newAchievements.length > 0) await onUnlocked(trx, result.newAchievements);
  const logId = crypto.randomUUID();
  await insertCompletion(trx, {
    id: logId,
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
  await insertCompletionChildren(trx, familyId, logId, childIds);
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

/**
 * How much each of the family's children played, from the activity log; `pending` is a
 * completion being logged in the same transaction.
 */
async function childrenPlay(
  executor: Executor,
  familyId: string,
  pending?: { childIds: readonly string[]; minutes: number },
): Promise<TChildPlay[]> {
  const [children, played] = await Promise.all([
    listChildren(executor, familyId),
    playedByChild(executor, familyId),
  ]);
  const byChild = playByChild(children, played);
  return pending ? withChildrenPlay(byChild, pending.childIds, pending.minutes) : byChild;
}

/** Family stats (spec §3) with who played how much; zeros for a family that has done nothing. */
export async function getStats(executor: Executor, familyId: string): Promise<TFamilyStats> {
  const [state, favorites, played, childrenPlayed] = await Promise.all([
    findProgress(executor, familyId),
    countFavorites(executor, familyId),
    whoPlayed(executor, familyId),
    childrenPlay(executor, familyId),
  ]);
  return familyStats(state, favorites, played, childrenPlayed);
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

/**
 * `GET /stats/skills`: each child's play by skill area over the last weeks, from the completions
 * that named them and the skills of their activities: the catalogue's, and of the family's own
 * only those the family chose (core's `skillPlay`).
 */
export async function getSkillPlay(
  executor: Executor,
  familyId: string,
  query: TSkillPlayQuery,
  now: Date,
): Promise<TSkillPlay> {
  const { timeZone } = await familySetting(executor, familyId);
  const weeks = playWeeks(localDay(now.toISOString(), timeZone), query.weeks);
  const [children, plays, ownSkills] = await Promise.all([
    listChildren(executor, familyId),
    childPlaysSince(executor, familyId, weeks[0]?.from ?? ''),
    ownActivitySkills(executor, familyId),
  ]);
  // One entry per completion, naming each of its children.
  const completions = new Map<string, SkillPlayCompletion & { childIds: string[] }>();
  for (const play of plays) {
    let completion = completions.get(play.activityLogId);
    if (!completion) {
      completion = {
        localDay: play.localDay,
        childIds: [],
        skills:
          findBuiltInActivity(play.activityId)?.skills ?? ownSkills.get(play.activityId) ?? null,
      };
      completions.set(play.activityLogId, completion);
    }
    completion.childIds.push(play.childId);
  }
  return skillPlay(children, weeks, [...completions.values()]);
}

/**
 * `GET /stats/recent-play`: the family's completions the ranking reads at `now` (the last
 * `RECENT_PLAY_HOURS`), with the children each names, so a device ranks as the server does.
 */
export async function getRecentPlay(
  executor: Executor,
  familyId: string,
  now: Date,
): Promise<TRecentPlay> {
  const since = recentPlaySince(now.toISOString());
  return { since, completions: await completionsSince(executor, familyId, since) };
}

import { dayGap } from '@kkb/core/achievements/calendar';
import type { TAchievement } from '@kkb/core/achievements/schema';
import type { TProfileLocation, TPreferences } from '@kkb/core/family/schema';
import { preferencesFromStored } from '@kkb/core/notifications/preferences';
import {
  alertTemperatureCelsius,
  allowsKind,
  hasSomethingToSummarise,
  idleSuggestionReason,
  instantOfLocalTime,
  isSuggestionDue,
  isWeatherCheckTime,
  localDayOf,
  nextLocalTime,
  SUGGESTION_TIME,
  suggestionChildAge,
  WEATHER_ALERT_LABEL,
  weatherAlertFor,
  type WeatherAlertKind,
} from '@kkb/core/notifications/rules';
import {
  ZNotificationData,
  ZNotificationType,
  ZWeatherAlertBody,
  type TNotification,
  type TNotificationDelivery,
  type TNotificationPreferences,
  type TNotificationType,
} from '@kkb/core/notifications/schema';
import { formatTemperature, temperatureIn } from '@kkb/core/weather/weather';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { JobContext, NewJob } from '../../jobs/jobs.ts';
import { findProgress } from '../achievements/repository.ts';
import type { UnlockedListener } from '../achievements/service.ts';
import { recommendForUser } from '../activities/service.ts';
import { listMembers } from '../family/membership-repository.ts';
import { familyWeatherPlace } from '../weather/place.ts';
import {
  deleteUserJobs,
  familyDayTotals,
  findUserFamilySetting,
  listFamilySettings,
  listMembersWithPreferences,
  type UserFamilySetting,
} from './repository.ts';
import {
  achievementDraft,
  activityLink,
  announce,
  dailySummaryDraft,
  DELIVER_JOB,
  deliver,
  HELD_PUSH_JOB,
  sendHeldPush,
  suggestionDraft,
  timeZoneOf,
  weatherAlertDraft,
  type DeliveryContext,
} from './service.ts';

/** Job kinds of notifications (DESIGN Notifications; docs/architecture.md lists their timing). */
export const SWEEP_JOB = 'notification.sweep';
export const DAILY_SUMMARY_JOB = 'notification.daily-summary';
export const WEATHER_ALERT_JOB = 'notification.weather-alert';
export const SUGGESTION_JOB = 'notification.suggestion';
/** Every notification job kind; the ones naming a user are deleted with the account. */
export const NOTIFICATION_JOB_KINDS = [
  DELIVER_JOB,
  HELD_PUSH_JOB,
  SWEEP_JOB,
  DAILY_SUMMARY_JOB,
  WEATHER_ALERT_JOB,
  SUGGESTION_JOB,
] as const;

/** How often the sweep looks for daily summaries, forecasts and idle families that are due. */
export const SWEEP_EVERY_MS = 15 * 60_000;
/** Days of forecast read: today at the family's place may be tomorrow in UTC. */
const FORECAST_DAYS = 2;

type NotificationApp = Pick<
  FastifyInstance,
  'database' | 'jobs' | 'liveEvents' | 'weather' | 'log' | 'clock' | 'push'
>;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ZDeliverPayload = z.object({
  userId: z.string(),
  draft: z.object({
    type: ZNotificationType,
    title: z.string(),
    message: z.string(),
    data: ZNotificationData,
  }),
});
const ZHeldPushPayload = z.object({ userId: z.string(), notificationId: z.string() });
const ZUserDayPayload = z.object({ userId: z.string(), day: ZDay });
const ZWeatherAlertPayload = ZUserDayPayload.extend({
  alert: z.enum(['storm', 'heavy-rain', 'heat', 'frost']),
  body: ZWeatherAlertBody,
  formattedTemperature: z.string(),
});

/** The start of the sweep slot an instant falls in. */
function slotStart(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS);
}

/** The sweep of one slot; keyed by the slot, so processes that each seed it make one job. */
function sweepJob(slot: Date): NewJob {
  return { kind: SWEEP_JOB, runAt: slot, key: `${SWEEP_JOB}:${slot.toISOString()}` };
}

/** Once per user and day (and alert kind): the key makes a second scheduling do nothing. */
function onceForUser(
  kind: string,
  userId: string,
  day: string,
  runAt: Date,
  extra: Record<string, unknown> = {},
  keySuffix = '',
): NewJob {
  return {
    kind,
    runAt,
    key: `${kind}:${userId}:${day}${keySuffix}`,
    payload: { userId, day, ...extra },
  };
}

interface Member {
  userId: string;
  preferences: TNotificationPreferences;
}

const wanting = (members: readonly Member[], type: TNotificationType) =>
  members.filter((member) => allowsKind(member.preferences, type));

/**
 * An unlocked achievement reaches every member of the family, each by their own preferences
 * and quiet hours. Runs inside the completion's transaction, so it happens exactly once; the
 * caller announces the deliveries once that transaction has committed.
 */
export async function notifyAchievementsUnlocked(
  trx: Executor,
  context: DeliveryContext,
  familyId: string,
  achievements: readonly TAchievement[],
): Promise<TNotificationDelivery[]> {
  const deliveries: TNotificationDelivery[] = [];
  for (const { userId } of await listMembers(trx, familyId)) {
    for (const achievement of achievements) {
      const draft = achievementDraft(
        {
          achievement_name: achievement.title,
          achievement_description: achievement.description,
          points_earned: achievement.points,
        },
        { achievementId: achievement.id },
      );
      deliveries.push(await deliver(trx, context, userId, draft));
    }
  }
  return deliveries;
}

/**
 * What a completion route hands to the completion: its unlocks notify every member inside the
 * completion's transaction; `announce` tells their apps once that transaction has committed.
 */
export function achievementNotifier(
  app: Pick<NotificationApp, 'jobs' | 'liveEvents' | 'clock' | 'push'>,
  familyId: string,
): { onUnlocked: UnlockedListener; announce(): void } {
  const made: (TNotification | null)[] = [];
  return {
    async onUnlocked(trx, unlocked) {
      const context = { jobs: app.jobs, push: app.push, now: app.clock.now() };
      for (const delivery of await notifyAchievementsUnlocked(trx, context, familyId, unlocked)) {
        made.push(delivery.notification);
      }
    },
    announce: () => announce(app.liveEvents, made),
  };
}

/**
 * The jobs that make notifications: held-back deliveries, the recurring sweep, and the daily
 * summary, weather alert and idle suggestion it schedules once per user and day.
 */
export function registerNotificationJobs(app: NotificationApp): void {
  const { database, jobs, push, log } = app;
  const { db } = database;

  /** Delivers and completes the job in one transaction (exactly once), then announces. */
  const deliverOnce = async (
    { now, finish }: Pick<JobContext, 'now' | 'finish'>,
    work: (trx: Transaction<DB>, context: DeliveryContext) => Promise<TNotificationDelivery>,
  ): Promise<void> => {
    const delivery = await db.transaction().execute(async (trx) => {
      const made = await work(trx, { jobs, push, now });
      await finish(trx);
      return made;
    });
    announce(app.liveEvents, [delivery.notification]);
  };

  // A notification due now (a reminder): its kind is asked again. Jobs of earlier versions, which
  // held notifications back for quiet hours, end here too: they are made now.
  jobs.handle(DELIVER_JOB, async (payload, context) => {
    const { userId, draft } = ZDeliverPayload.parse(payload);
    await deliverOnce(context, (trx, delivery) => deliver(trx, delivery, userId, draft));
  });

  // The push of a notification made inside quiet hours, which have ended.
  jobs.handle(HELD_PUSH_JOB, async (payload, { now, finish }) => {
    const { userId, notificationId } = ZHeldPushPayload.parse(payload);
    await db.transaction().execute(async (trx) => {
      await sendHeldPush(trx, { jobs, push, now }, userId, notificationId);
      await finish(trx);
    });
  });

  jobs.handle(DAILY_SUMMARY_JOB, async (payload, context) => {
    const { userId, day } = ZUserDayPayload.parse(payload);
    const setting = await findUserFamilySetting(db, userId);
    if (!setting) return;
    const timeZone = timeZoneOf(setting);
    const dayStart = instantOfLocalTime(day, '00:00', timeZone);
    const totals = await familyDayTotals(
      db,
      setting.familyId,
      day,
      dayStart.toISOString(),
      nextLocalTime('00:00', dayStart, timeZone).toISOString(),
    );
    const body = {
      activities_completed: totals.activities,
      total_time: totals.minutes,
      achievements_earned: totals.achievements,
    };
    if (!hasSomethingToSummarise(body)) return;
    await deliverOnce(context, (trx, delivery) =>
      deliver(trx, delivery, userId, dailySummaryDraft(body, { day })),
    );
  });

  jobs.handle(WEATHER_ALERT_JOB, async (payload, context) => {
    const { userId, day, alert, body, formattedTemperature } = ZWeatherAlertPayload.parse(payload);
    await deliverOnce(context, (trx, delivery) =>
      deliver(trx, delivery, userId, weatherAlertDraft(body, { alert, day }, formattedTemperature)),
    );
  });

  jobs.handle(SUGGESTION_JOB, async (payload, context) => {
    const { userId, day } = ZUserDayPayload.parse(payload);
    const setting = await findUserFamilySetting(db, userId);
    // Another day already (the job ran late), or the family played meanwhile: nothing to nudge.
    if (!setting || localDayOf(context.now, timeZoneOf(setting)) !== day) return;
    const { lastActivityDate } = await findProgress(db, setting.familyId);
    if (lastActivityDate === null || !isSuggestionDue(lastActivityDate, day)) return;
    const { recommendations, basis } = await recommendForUser(
      db,
      app.weather,
      setting.familyId,
      {},
      context.now.toISOString(),
    );
    const top = recommendations[0];
    if (!top) return;
    const body = {
      activity_name: top.activity.title,
      reason: idleSuggestionReason(dayGap(lastActivityDate, day), top.reasons[0]),
      child_age: suggestionChildAge(basis.age, top.activity.ageRange),
    };
    await deliverOnce(context, (trx, delivery) =>
      deliver(
        trx,
        delivery,
        userId,
        suggestionDraft(body, {
          activityId: top.activity.id,
          link: activityLink(top.activity.id),
        }),
      ),
    );
  });

  /** The forecast alert of the family's today, with what its notification says; none when unknown. */
  const todaysAlert = async (setting: UserFamilySetting, today: string) => {
    const location = JSON.parse(setting.location) as TProfileLocation;
    const familyInfo = JSON.parse(setting.familyInfo) as { location?: string };
    const { units } = JSON.parse(setting.preferences) as Partial<TPreferences>;
    const forecast = await app.weather.dailyForecast(familyWeatherPlace(location), FORECAST_DAYS);
    const day = forecast?.find((reading) => reading.date === today);
    const alert: WeatherAlertKind | null = day ? weatherAlertFor(day) : null;
    if (!day || !alert) return undefined;
    const celsius = alertTemperatureCelsius(alert, day);
    const unitsOrMetric = units ?? 'metric';
    return {
      alert,
      formattedTemperature: formatTemperature(celsius, unitsOrMetric),
      body: {
        weather_condition: WEATHER_ALERT_LABEL[alert],
        temperature: temperatureIn(celsius, unitsOrMetric),
        location: familyInfo.location?.trim() || location.city,
      },
    };
  };

  /** What is due for one family within this sweep: once-a-day jobs for its members. */
  const planFamily = async (
    setting: UserFamilySetting,
    members: readonly Member[],
    now: Date,
  ): Promise<NewJob[]> => {
    const timeZone = timeZoneOf(setting);
    const today = localDayOf(now, timeZone);
    // Today's moment for a local time, once it is before the next sweep (or already past today).
    const dueBy = (clock: string): Date | undefined => {
      const at = instantOfLocalTime(today, clock, timeZone);
      return at.getTime() < now.getTime() + SWEEP_EVERY_MS ? at : undefined;
    };
    const planned: NewJob[] = [];
    for (const { userId, preferences } of wanting(members, 'daily_summary')) {
      const at = dueBy(preferences.dailySummaryTime);
      if (at) planned.push(onceForUser(DAILY_SUMMARY_JOB, userId, today, at));
    }
    const nudged = wanting(members, 'activity_suggestion');
    const suggestionAt = dueBy(SUGGESTION_TIME);
    if (nudged.length > 0 && suggestionAt) {
      const { lastActivityDate } = await findProgress(db, setting.familyId);
      if (isSuggestionDue(lastActivityDate, today)) {
        for (const { userId } of nudged) {
          planned.push(onceForUser(SUGGESTION_JOB, userId, today, suggestionAt));
        }
      }
    }
    const warned = wanting(members, 'weather_alert');
    if (warned.length > 0 && isWeatherCheckTime(now, timeZone)) {
      const found = await todaysAlert(setting, today);
      if (found) {
        for (const { userId } of warned) {
          planned.push(
            onceForUser(WEATHER_ALERT_JOB, userId, today, now, found, `:${found.alert}`),
          );
        }
      }
    }
    return planned;
  };

  jobs.handle(SWEEP_JOB, async (_payload, { now }) => {
    // The next sweep first: whatever happens to this one, the chain goes on.
    await jobs.schedule(db, sweepJob(new Date(slotStart(now).getTime() + SWEEP_EVERY_MS)));
    const [families, members] = await Promise.all([
      listFamilySettings(db),
      listMembersWithPreferences(db),
    ]);
    const membersOf = new Map<string, Member[]>();
    for (const row of members) {
      const preferences = preferencesFromStored(
        row.preferences === null ? undefined : JSON.parse(row.preferences),
      );
      const list = membersOf.get(row.familyId) ?? [];
      list.push({ userId: row.userId, preferences });
      membersOf.set(row.familyId, list);
    }
    for (const setting of families) {
      try {
        const planned = await planFamily(setting, membersOf.get(setting.familyId) ?? [], now);
        // Keys make these once per user and day, however often the sweep comes by.
        for (const job of planned) await jobs.schedule(db, job);
      } catch (error) {
        // One family's trouble (an unreadable profile) must not keep the others waiting.
        log.error({ err: error, familyId: setting.familyId }, 'notification sweep: family skipped');
      }
    }
  });
}

/**
 * Account deletion: the user's notification jobs go too (their payloads and keys name the user;
 * notifications and preferences go with the user row).
 */
export function deleteNotificationJobsOf(trx: Executor, userId: string): Promise<void> {
  return deleteUserJobs(trx, userId, NOTIFICATION_JOB_KINDS);
}

/** Starts the sweep chain (each process does at start-up; the slot's key keeps it one job). */
export async function seedNotificationSweep(
  app: Pick<NotificationApp, 'database' | 'jobs' | 'clock'>,
) {
  await app.jobs.schedule(app.database.db, sweepJob(slotStart(app.clock.now())));
}

/**
 * Notification rules (spec §4 Notification, §7 typed notifications; DESIGN Notifications): which
 * kinds a user allows, quiet hours, what each kind says, when the day's forecast deserves an
 * alert, when the family needs a nudge. Pure: only the ECMAScript Intl API.
 */
import { dayGap } from '../achievements/calendar.ts';
import { addDays, localDayAndMinute, zonedInstant } from '../time/wall-clock.ts';
import type {
  TActivityReminderBody,
  TActivitySuggestionBody,
  TAchievementNotificationBody,
  TDailySummaryBody,
  TNotificationKindSwitch,
  TNotificationPreferences,
  TNotificationType,
  TWeatherAlertBody,
} from './schema.ts';

/** The preference switch that governs each kind; `general` (a user's own) has none. */
export const SWITCH_OF_KIND: Record<TNotificationType, TNotificationKindSwitch | null> = {
  activity_reminder: 'activityReminders',
  weather_alert: 'weatherAlerts',
  achievement: 'achievements',
  activity_suggestion: 'activitySuggestions',
  daily_summary: 'dailySummary',
  general: null,
};

/** Whether the user wants notifications of this kind at all (master switch and the kind's own). */
export function allowsKind(
  preferences: TNotificationPreferences,
  type: TNotificationType,
): boolean {
  if (!preferences.enabled) return false;
  const kindSwitch = SWITCH_OF_KIND[type];
  return kindSwitch === null || preferences[kindSwitch];
}

/** Whether the user also wants this kind pushed to their devices. */
export function allowsPush(
  preferences: TNotificationPreferences,
  type: TNotificationType,
): boolean {
  if (!allowsKind(preferences, type)) return false;
  const kindSwitch = SWITCH_OF_KIND[type];
  return kindSwitch === null || preferences.push[kindSwitch];
}

const minutesOfDay = (clock: string): number => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * The instant a local wall-clock time (`HH:MM` on `day`) falls in a timezone. In a DST gap the
 * time does not exist and the later side is used.
 */
export function instantOfLocalTime(day: string, clock: string, timeZone: string): Date {
  if (Number.isNaN(Date.parse(`${day}T${clock}:00Z`))) {
    throw new RangeError(`Invalid local time: ${day} ${clock}`);
  }
  return new Date(zonedInstant(day, minutesOfDay(clock), timeZone));
}

const localOf = (instant: Date, timeZone: string) =>
  localDayAndMinute(instant.toISOString(), timeZone);

/** Whether a local minute of the day lies inside `[start, end)`, a window that may wrap midnight. */
function insideWindow(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Whether an instant falls inside the user's quiet hours (in the family's timezone). */
export function isQuietTime(
  quietHours: TNotificationPreferences['quietHours'],
  instant: Date,
  timeZone: string,
): boolean {
  if (!quietHours.enabled) return false;
  const { minute } = localOf(instant, timeZone);
  return insideWindow(minute, minutesOfDay(quietHours.start), minutesOfDay(quietHours.end));
}

/**
 * When an interruption (a push) due at `due` may reach the user: at once, or, inside quiet hours,
 * when they end. Quiet hours hold back interruptions only, never the record (DESIGN, issue 29):
 * the notification itself is in the user's list at once.
 */
export function pushTime(
  quietHours: TNotificationPreferences['quietHours'],
  due: Date,
  timeZone: string,
): Date {
  if (!isQuietTime(quietHours, due, timeZone)) return due;
  const { day, minute } = localOf(due, timeZone);
  const end = minutesOfDay(quietHours.end);
  // Past midnight already (or a window within one day): the end is today; else tomorrow.
  const endDay = minute < end ? day : addDays(day, 1);
  return instantOfLocalTime(endDay, quietHours.end, timeZone);
}

/**
 * Whether the push of a notification made at `createdAt`, held back by quiet hours, is still
 * worth an interruption at `sendAt`, when they end. News that keeps (an achievement, a note of
 * one's own) is; a reminder was about its moment, which has passed; a day's summary, weather
 * alert or suggestion only on the day it speaks of ("Today: 3 activities" read the next morning
 * would be wrong). The notification is in the user's list either way; and a push whose
 * notification was read or deleted meanwhile is never sent (the server checks that).
 */
export function isHeldPushTimely(
  type: TNotificationType,
  createdAt: Date,
  sendAt: Date,
  timeZone: string,
): boolean {
  switch (type) {
    case 'achievement':
    case 'general':
      return true;
    case 'activity_reminder':
      return false;
    case 'daily_summary':
    case 'weather_alert':
    case 'activity_suggestion':
      return localOf(createdAt, timeZone).day === localOf(sendAt, timeZone).day;
  }
}

/** The next instant strictly after `after` at which the local clock reads `clock`. */
export function nextLocalTime(clock: string, after: Date, timeZone: string): Date {
  const { day } = localOf(after, timeZone);
  const today = instantOfLocalTime(day, clock, timeZone);
  return today.getTime() > after.getTime()
    ? today
    : instantOfLocalTime(addDays(day, 1), clock, timeZone);
}

/** The local calendar day of an instant, YYYY-MM-DD. */
export function localDayOf(instant: Date, timeZone: string): string {
  return localOf(instant, timeZone).day;
}

export interface NotificationText {
  title: string;
  message: string;
}

/** Spec §7 activity reminder. */
export function reminderText(
  body: Pick<TActivityReminderBody, 'activity_name' | 'child_name'>,
): NotificationText {
  return {
    title: `Time for ${body.activity_name}`,
    message: body.child_name
      ? `${body.child_name} is ready to play ${body.activity_name}.`
      : `It's time to play ${body.activity_name}.`,
  };
}

/** Spec §7 weather alert. */
export function weatherAlertText(
  body: TWeatherAlertBody,
  formattedTemperature?: string,
): NotificationText {
  const temperature = formattedTemperature ?? `${Math.round(body.temperature)}°`;
  return {
    title: `Weather alert: ${body.weather_condition}`,
    message: `${body.weather_condition} in ${body.location} today (${temperature}). Plan indoor play if needed.`,
  };
}

/** Spec §7 achievement; points are mentioned only when there are some. */
export function achievementText(body: TAchievementNotificationBody): NotificationText {
  const points = body.points_earned > 0 ? ` (+${body.points_earned} points)` : '';
  return {
    title: `Achievement unlocked: ${body.achievement_name}`,
    message: `${body.achievement_description}${points}`,
  };
}

/** A reason as a sentence: it ends with a full stop unless it ends with its own punctuation. */
const asSentence = (text: string): string =>
  /[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;

/** Spec §7 activity suggestion. */
export function suggestionText(body: TActivitySuggestionBody): NotificationText {
  return {
    title: `Try ${body.activity_name}`,
    message: `${asSentence(body.reason)} Good for age ${body.child_age}.`,
  };
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Spec §7 daily summary. */
export function dailySummaryText(body: TDailySummaryBody): NotificationText {
  const parts = [
    `${plural(body.activities_completed, 'activity', 'activities')} completed`,
    `${plural(body.total_time, 'minute', 'minutes')} of play`,
  ];
  if (body.achievements_earned > 0) {
    parts.push(`${plural(body.achievements_earned, 'achievement', 'achievements')} earned`);
  }
  return { title: 'Your day of play', message: `Today: ${parts.join(', ')}.` };
}

/** The daily summary is sent only on days with something to say. */
export function hasSomethingToSummarise(body: TDailySummaryBody): boolean {
  return body.activities_completed > 0 || body.achievements_earned > 0;
}

/** Days without play after which the family gets a suggestion (DESIGN Notifications). */
export const SUGGEST_AFTER_IDLE_DAYS = 2;

/**
 * Whether a family that last played on `lastActivityDay` (YYYY-MM-DD, or null when never) should
 * get a suggestion on `today`: after two full days without play, and not when it never played
 * (a new family has the dashboard's own suggestions).
 */
export function isSuggestionDue(lastActivityDay: string | null, today: string): boolean {
  return lastActivityDay !== null && dayGap(lastActivityDay, today) >= SUGGEST_AFTER_IDLE_DAYS;
}

export type WeatherAlertKind = 'storm' | 'heavy-rain' | 'heat' | 'frost';

/** A day's forecast as the alert rule reads it (Open-Meteo daily, °C and mm). */
export interface DayForecast {
  weatherCode: number;
  temperatureMax: number;
  temperatureMin: number;
  precipitationSum: number | null;
  precipitationProbabilityMax: number | null;
}

/** From these readings on, a day is hot (max) or frosty (min), in °C. */
export const HEAT_FROM_CELSIUS = 32;
export const FROST_BELOW_CELSIUS = 0;
/** Rain this heavy (mm over the day) is an alert even when the code says moderate. */
export const HEAVY_RAIN_FROM_MM = 15;

const THUNDERSTORM_CODES = new Set([95, 96, 99]);
const HEAVY_RAIN_CODES = new Set([65, 67, 82]);

/** The alert a day's forecast deserves, the most serious first; null for an ordinary day. */
export function weatherAlertFor(forecast: DayForecast): WeatherAlertKind | null {
  if (THUNDERSTORM_CODES.has(forecast.weatherCode)) return 'storm';
  if (
    HEAVY_RAIN_CODES.has(forecast.weatherCode) ||
    (forecast.precipitationSum !== null && forecast.precipitationSum >= HEAVY_RAIN_FROM_MM)
  ) {
    return 'heavy-rain';
  }
  if (forecast.temperatureMax >= HEAT_FROM_CELSIUS) return 'heat';
  if (forecast.temperatureMin < FROST_BELOW_CELSIUS) return 'frost';
  return null;
}

/** How each alert reads in a notification's `weather_condition`. */
export const WEATHER_ALERT_LABEL: Record<WeatherAlertKind, string> = {
  storm: 'Thunderstorms',
  'heavy-rain': 'Heavy rain',
  heat: 'Heat',
  frost: 'Frost',
};

/**
 * The day's forecast is checked for alerts from early morning to the evening (local time): an
 * alert about today after that would come too late to change plans.
 */
export const WEATHER_CHECK_HOURS = { start: '06:00', end: '20:00' } as const;

/** Whether the family's forecast for today is checked at this instant. */
export function isWeatherCheckTime(instant: Date, timeZone: string): boolean {
  const { minute } = localOf(instant, timeZone);
  return insideWindow(
    minute,
    minutesOfDay(WEATHER_CHECK_HOURS.start),
    minutesOfDay(WEATHER_CHECK_HOURS.end),
  );
}

/** The temperature an alert names (°C): the low for frost, else the high. */
export function alertTemperatureCelsius(kind: WeatherAlertKind, forecast: DayForecast): number {
  return kind === 'frost' ? forecast.temperatureMin : forecast.temperatureMax;
}

/** When an idle family's suggestion comes, local time: mid-morning, time enough to plan the day. */
export const SUGGESTION_TIME = '10:00';

/** The idle nudge's `reason`: how long it has been, then why this activity (the recommendation's first reason). */
export function idleSuggestionReason(idleDays: number, recommendationReason?: string): string {
  const since = `It's been ${idleDays} days since your last activity together.`;
  return recommendationReason ? `${since} ${recommendationReason}.` : since;
}

/**
 * The age a suggestion is "good for": the age the recommendation was made for (the children's
 * average, rounded), or the youngest the activity suits when the family has no children.
 */
export function suggestionChildAge(
  recommendedForAge: number | null,
  activityAgeRange: readonly [number, number],
): number {
  return recommendedForAge === null ? activityAgeRange[0] : Math.round(recommendedForAge);
}

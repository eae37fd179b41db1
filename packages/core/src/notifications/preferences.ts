/**
 * A user's notification preferences (DESIGN: they belong to the user): how a change merges in,
 * how a stored document reads back, and the three switches the family profile shows (spec §3
 * `preferences.notifications`, `weatherAlerts`, `activityReminders`), which are the signed-in
 * user's own.
 */
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  ZNotificationPreferencesInput,
  type TNotificationPreferences,
  type TNotificationPreferencesInput,
} from './schema.ts';

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined),
  ) as Partial<T>;
}

/** `PUT /notifications/preferences`: what the change names replaces; the rest stays. */
export function mergeNotificationPreferences(
  current: TNotificationPreferences,
  input: TNotificationPreferencesInput,
): TNotificationPreferences {
  const { quietHours, push, ...flat } = input;
  return {
    ...current,
    ...definedOnly(flat),
    quietHours: { ...current.quietHours, ...definedOnly(quietHours) },
    push: { ...current.push, ...definedOnly(push) },
  };
}

/**
 * The preferences a stored document stands for: its values over the defaults, so a document
 * written before a preference existed gets that preference's default. Nothing stored, or
 * something unreadable: the defaults.
 */
export function preferencesFromStored(stored: unknown): TNotificationPreferences {
  const parsed = ZNotificationPreferencesInput.safeParse(stored);
  return parsed.success
    ? mergeNotificationPreferences(DEFAULT_NOTIFICATION_PREFERENCES, parsed.data)
    : DEFAULT_NOTIFICATION_PREFERENCES;
}

/** The family profile's notification switches (spec §3 preferences). */
export interface ProfileNotificationSwitches {
  notifications: boolean;
  weatherAlerts: boolean;
  activityReminders: boolean;
}

/** What the profile shows: `notifications` is the master switch, the others the kinds'. */
export function profileSwitchesOf(
  preferences: TNotificationPreferences,
): ProfileNotificationSwitches {
  return {
    notifications: preferences.enabled,
    weatherAlerts: preferences.weatherAlerts,
    activityReminders: preferences.activityReminders,
  };
}

/** A `PUT /profile` of those switches, as a change of the user's notification preferences. */
export function preferencesInputOfProfile(
  switches: Partial<ProfileNotificationSwitches>,
): TNotificationPreferencesInput {
  return definedOnly({
    enabled: switches.notifications,
    weatherAlerts: switches.weatherAlerts,
    activityReminders: switches.activityReminders,
  });
}

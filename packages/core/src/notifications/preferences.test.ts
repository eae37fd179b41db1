import { describe, expect, it } from 'vitest';
import {
  mergeNotificationPreferences,
  preferencesFromStored,
  preferencesInputOfProfile,
  profileSwitchesOf,
} from './preferences.ts';
import { DEFAULT_NOTIFICATION_PREFERENCES } from './schema.ts';

const defaults = DEFAULT_NOTIFICATION_PREFERENCES;

describe('PUT /notifications/preferences merges deeply', () => {
  it('changes only what it names, inside quiet hours and push too', () => {
    const merged = mergeNotificationPreferences(defaults, {
      dailySummary: false,
      quietHours: { start: '22:00' },
      push: { weatherAlerts: false },
    });
    expect(merged).toEqual({
      ...defaults,
      dailySummary: false,
      quietHours: { ...defaults.quietHours, start: '22:00' },
      push: { ...defaults.push, weatherAlerts: false },
    });
  });
  it('an empty change keeps everything', () => {
    expect(mergeNotificationPreferences(defaults, {})).toEqual(defaults);
  });
  it('a field given as undefined is not a change', () => {
    expect(mergeNotificationPreferences(defaults, { enabled: undefined }).enabled).toBe(true);
  });
});

describe('stored preferences read back over the defaults', () => {
  it('nothing stored: the defaults', () => {
    expect(preferencesFromStored(undefined)).toEqual(defaults);
  });
  it('a partial document keeps the defaults of what it lacks', () => {
    expect(preferencesFromStored({ enabled: false })).toEqual({ ...defaults, enabled: false });
  });
  it('an unreadable document: the defaults', () => {
    expect(preferencesFromStored({ enabled: 'no' })).toEqual(defaults);
  });
});

describe('spec §3 profile switches are the user’s notification preferences', () => {
  it('notifications is the master switch; weather alerts and reminders their kinds', () => {
    expect(profileSwitchesOf({ ...defaults, enabled: false, weatherAlerts: false })).toEqual({
      notifications: false,
      weatherAlerts: false,
      activityReminders: true,
    });
  });
  it('a profile change of those switches changes only them', () => {
    expect(preferencesInputOfProfile({ notifications: false })).toEqual({ enabled: false });
    expect(preferencesInputOfProfile({ weatherAlerts: true, activityReminders: false })).toEqual({
      weatherAlerts: true,
      activityReminders: false,
    });
    expect(preferencesInputOfProfile({})).toEqual({});
  });
});

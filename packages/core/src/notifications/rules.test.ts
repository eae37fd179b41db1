import { describe, expect, it } from 'vitest';
import {
  allowsKind,
  allowsPush,
  dailySummaryText,
  pushTime,
  alertTemperatureCelsius,
  hasSomethingToSummarise,
  idleSuggestionReason,
  instantOfLocalTime,
  isWeatherCheckTime,
  suggestionChildAge,
  isHeldPushTimely,
  isQuietTime,
  isSuggestionDue,
  nextLocalTime,
  suggestionText,
  weatherAlertFor,
} from './rules.ts';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  MAX_NOTIFICATION_DATA_CHARS,
  ZNotificationInput,
  ZNotificationListQuery,
  ZNotificationPreferences,
} from './schema.ts';

const prefs = DEFAULT_NOTIFICATION_PREFERENCES;
const quiet = { enabled: true, start: '21:00', end: '07:00' };

describe('notification preferences', () => {
  it('defaults are valid and everything is on', () => {
    expect(ZNotificationPreferences.parse(prefs)).toEqual(prefs);
    expect(allowsKind(prefs, 'achievement')).toBe(true);
  });
  it('the master switch turns every kind off, the general one included', () => {
    const off = { ...prefs, enabled: false };
    expect(allowsKind(off, 'general')).toBe(false);
    expect(allowsKind(off, 'daily_summary')).toBe(false);
  });
  it('a kind switch turns only that kind off', () => {
    const noWeather = { ...prefs, weatherAlerts: false };
    expect(allowsKind(noWeather, 'weather_alert')).toBe(false);
    expect(allowsKind(noWeather, 'activity_reminder')).toBe(true);
  });
  it('push needs the kind and its push switch', () => {
    expect(
      allowsPush({ ...prefs, push: { ...prefs.push, achievements: false } }, 'achievement'),
    ).toBe(false);
    expect(allowsPush({ ...prefs, achievements: false }, 'achievement')).toBe(false);
    expect(allowsPush(prefs, 'achievement')).toBe(true);
  });
});

describe('spec §7 list defaults', () => {
  it('skip 0 and limit 50', () => {
    expect(ZNotificationListQuery.parse({})).toEqual({ skip: 0, limit: 50 });
  });
  it('read_only reads true/false', () => {
    expect(ZNotificationListQuery.parse({ read_only: 'true' }).read_only).toBe(true);
    expect(ZNotificationListQuery.parse({ read_only: 'false' }).read_only).toBe(false);
  });
});

describe('a notification of one’s own', () => {
  it('is general with empty data unless told otherwise', () => {
    expect(ZNotificationInput.parse({ title: 'T', message: 'M' })).toEqual({
      type: 'general',
      title: 'T',
      message: 'M',
      data: {},
    });
  });
  it('links only within the app', () => {
    const input = { title: 'T', message: 'M' };
    expect(ZNotificationInput.safeParse({ ...input, data: { link: '/dashboard' } }).success).toBe(
      true,
    );
    for (const link of ['//evil.example', 'https://evil.example', 'dashboard', 3]) {
      expect(ZNotificationInput.safeParse({ ...input, data: { link } }).success, String(link)).toBe(
        false,
      );
    }
  });
  it('carries a bounded amount of data', () => {
    const input = { title: 'T', message: 'M' };
    const big = { note: 'x'.repeat(MAX_NOTIFICATION_DATA_CHARS) };
    expect(ZNotificationInput.safeParse({ ...input, data: big }).success).toBe(false);
  });
});

describe('local times', () => {
  it('finds the instant of a wall-clock time, DST included', () => {
    expect(instantOfLocalTime('2026-07-01', '19:00', 'Europe/Paris').toISOString()).toBe(
      '2026-07-01T17:00:00.000Z',
    );
    expect(instantOfLocalTime('2026-01-15', '19:00', 'Europe/Paris').toISOString()).toBe(
      '2026-01-15T18:00:00.000Z',
    );
    expect(instantOfLocalTime('2026-03-08', '19:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-09T02:00:00.000Z',
    );
    // 02:30 does not exist on the spring-forward night: the later side.
    expect(instantOfLocalTime('2026-03-29', '02:30', 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });
  it('next local time is strictly after', () => {
    const after = new Date('2026-07-01T17:00:00Z');
    expect(nextLocalTime('19:00', after, 'Europe/Paris').toISOString()).toBe(
      '2026-07-02T17:00:00.000Z',
    );
    expect(nextLocalTime('20:00', after, 'Europe/Paris').toISOString()).toBe(
      '2026-07-01T18:00:00.000Z',
    );
  });
});

describe('quiet hours', () => {
  it('a window across midnight holds late evening and early morning', () => {
    expect(isQuietTime(quiet, new Date('2026-07-01T20:30:00Z'), 'Europe/Paris')).toBe(true); // 22:30
    expect(isQuietTime(quiet, new Date('2026-07-02T04:59:00Z'), 'Europe/Paris')).toBe(true); // 06:59
    expect(isQuietTime(quiet, new Date('2026-07-02T05:00:00Z'), 'Europe/Paris')).toBe(false); // 07:00
    expect(isQuietTime(quiet, new Date('2026-07-01T12:00:00Z'), 'Europe/Paris')).toBe(false);
  });
  it('disabled or empty windows hold nothing', () => {
    expect(isQuietTime({ ...quiet, enabled: false }, new Date('2026-07-01T20:30:00Z'), 'UTC')).toBe(
      false,
    );
    expect(
      isQuietTime(
        { enabled: true, start: '10:00', end: '10:00' },
        new Date('2026-07-01T10:00:00Z'),
        'UTC',
      ),
    ).toBe(false);
  });
  it('a push that falls inside waits for the end; before midnight that is the next morning', () => {
    expect(pushTime(quiet, new Date('2026-07-01T20:30:00Z'), 'Europe/Paris').toISOString()).toBe(
      '2026-07-02T05:00:00.000Z',
    );
    expect(pushTime(quiet, new Date('2026-07-02T01:00:00Z'), 'Europe/Paris').toISOString()).toBe(
      '2026-07-02T05:00:00.000Z',
    );
    const noon = new Date('2026-07-01T10:00:00Z');
    expect(pushTime(quiet, noon, 'Europe/Paris')).toBe(noon);
  });
  it('a window within one day ends the same day', () => {
    const nap = { enabled: true, start: '13:00', end: '15:00' };
    expect(pushTime(nap, new Date('2026-07-01T13:30:00Z'), 'UTC').toISOString()).toBe(
      '2026-07-01T15:00:00.000Z',
    );
  });
});

describe('a push held back by quiet hours (issue 29)', () => {
  // 21:30 in Paris, and 07:00 the next morning.
  const evening = new Date('2026-07-01T19:30:00Z');
  const morning = new Date('2026-07-02T05:00:00Z');
  const zone = 'Europe/Paris';

  it('of news that keeps goes out when they end', () => {
    expect(isHeldPushTimely('achievement', evening, morning, zone)).toBe(true);
    expect(isHeldPushTimely('general', evening, morning, zone)).toBe(true);
  });
  it('of a reminder never does: its moment has passed', () => {
    expect(isHeldPushTimely('activity_reminder', evening, morning, zone)).toBe(false);
  });
  it('of what speaks of a day goes out only on that day', () => {
    for (const type of ['daily_summary', 'weather_alert', 'activity_suggestion'] as const) {
      expect(isHeldPushTimely(type, evening, morning, zone)).toBe(false);
      // 06:30 to 07:00 the same morning.
      expect(isHeldPushTimely(type, new Date('2026-07-02T04:30:00Z'), morning, zone)).toBe(true);
    }
  });
});

describe('daily summary', () => {
  it('is sent only with something to say', () => {
    expect(
      hasSomethingToSummarise({ activities_completed: 0, total_time: 0, achievements_earned: 0 }),
    ).toBe(false);
    expect(
      hasSomethingToSummarise({ activities_completed: 1, total_time: 20, achievements_earned: 0 }),
    ).toBe(true);
  });
  it('counts in words', () => {
    expect(
      dailySummaryText({ activities_completed: 1, total_time: 25, achievements_earned: 1 }).message,
    ).toBe('Today: 1 activity completed, 25 minutes of play, 1 achievement earned.');
  });
});

describe('spec §7 activity suggestion text', () => {
  it('reads as sentences whether or not the reason ends with a full stop', () => {
    const body = { activity_name: 'Cardboard Box Castle', child_age: 6 };
    expect(suggestionText({ ...body, reason: 'You have not played for two days' }).message).toBe(
      'You have not played for two days. Good for age 6.',
    );
    expect(suggestionText({ ...body, reason: 'Rain all day!' }).message).toBe(
      'Rain all day! Good for age 6.',
    );
  });
});

describe('suggestion after two days without play', () => {
  it('is due from the second idle day', () => {
    expect(isSuggestionDue('2026-07-01', '2026-07-02')).toBe(false);
    expect(isSuggestionDue('2026-07-01', '2026-07-03')).toBe(true);
    expect(isSuggestionDue(null, '2026-07-03')).toBe(false);
  });
});

describe('weather alerts: storm, heavy rain, heat, frost', () => {
  const calm = {
    weatherCode: 2,
    temperatureMax: 24,
    temperatureMin: 12,
    precipitationSum: 0,
    precipitationProbabilityMax: 10,
  };
  it('an ordinary day has none', () => expect(weatherAlertFor(calm)).toBeNull());
  it('thunderstorm codes are storms, before anything else', () => {
    expect(weatherAlertFor({ ...calm, weatherCode: 95, temperatureMax: 35 })).toBe('storm');
  });
  it('heavy rain by code or by amount', () => {
    expect(weatherAlertFor({ ...calm, weatherCode: 65 })).toBe('heavy-rain');
    expect(weatherAlertFor({ ...calm, weatherCode: 61, precipitationSum: 20 })).toBe('heavy-rain');
  });
  it('heat and frost by temperature', () => {
    expect(weatherAlertFor({ ...calm, temperatureMax: 33 })).toBe('heat');
    expect(weatherAlertFor({ ...calm, temperatureMin: -2 })).toBe('frost');
  });
});

describe('weather alerts are checked during the day', () => {
  it('from 06:00 to 20:00 local time', () => {
    expect(isWeatherCheckTime(new Date('2026-07-01T03:59:00Z'), 'Europe/Paris')).toBe(false); // 05:59
    expect(isWeatherCheckTime(new Date('2026-07-01T04:00:00Z'), 'Europe/Paris')).toBe(true); // 06:00
    expect(isWeatherCheckTime(new Date('2026-07-01T17:59:00Z'), 'Europe/Paris')).toBe(true); // 19:59
    expect(isWeatherCheckTime(new Date('2026-07-01T18:00:00Z'), 'Europe/Paris')).toBe(false); // 20:00
  });
  it('frost names the low, the others the high', () => {
    const day = {
      weatherCode: 0,
      temperatureMax: 3,
      temperatureMin: -4,
      precipitationSum: 0,
      precipitationProbabilityMax: 0,
    };
    expect(alertTemperatureCelsius('frost', day)).toBe(-4);
    expect(alertTemperatureCelsius('heat', { ...day, temperatureMax: 35 })).toBe(35);
  });
});

describe('the idle suggestion', () => {
  it('says how long it has been and why this activity', () => {
    expect(idleSuggestionReason(3, 'Fits your 30 minutes')).toBe(
      "It's been 3 days since your last activity together. Fits your 30 minutes.",
    );
    expect(idleSuggestionReason(2)).toBe("It's been 2 days since your last activity together.");
  });
  it('is good for the recommendation’s age, or the activity’s youngest without children', () => {
    expect(suggestionChildAge(5.5, [3, 8])).toBe(6);
    expect(suggestionChildAge(null, [3, 8])).toBe(3);
  });
});

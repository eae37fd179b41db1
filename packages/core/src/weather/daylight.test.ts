import { describe, expect, it } from 'vitest';
import { daylightAt, greetingForHour, isAfterDark } from './daylight.ts';

// London in March: sunrise 06:00Z, sunset 18:10Z.
const sun = { sunrise: '2026-03-10T06:00:00.000Z', sunset: '2026-03-10T18:10:00.000Z' };
const london = (now: string) => ({ now, timeZone: 'Europe/London', ...sun });

describe('after dark: from sunset to sunrise', () => {
  it('is light between sunrise and sunset, dark before sunrise and from sunset', () => {
    expect(daylightAt(london('2026-03-10T12:00:00Z')).afterDark).toBe(false);
    expect(daylightAt(london('2026-03-10T05:59:00Z')).afterDark).toBe(true);
    expect(daylightAt(london('2026-03-10T18:10:00Z')).afterDark).toBe(true);
    expect(daylightAt(london('2026-03-10T22:00:00Z')).afterDark).toBe(true);
  });

  it("reads a cached reading from yesterday by the sun's hours", () => {
    expect(daylightAt(london('2026-03-11T07:00:00Z')).afterDark).toBe(false);
    expect(daylightAt(london('2026-03-11T19:00:00Z')).afterDark).toBe(true);
    expect(daylightAt(london('2026-03-11T03:00:00Z')).afterDark).toBe(true);
  });

  it('without sunrise and sunset: dark from 20:00 until 06:00 local time', () => {
    const noSun = { sunrise: null, sunset: null };
    expect(isAfterDark({ now: '', timeZone: 'UTC', ...noSun }, 19)).toBe(false);
    expect(isAfterDark({ now: '', timeZone: 'UTC', ...noSun }, 20)).toBe(true);
    expect(isAfterDark({ now: '', timeZone: 'UTC', ...noSun }, 5)).toBe(true);
    expect(isAfterDark({ now: '', timeZone: 'UTC', ...noSun }, 6)).toBe(false);
    const jerusalem = { timeZone: 'Asia/Jerusalem', ...noSun };
    expect(daylightAt({ now: '2026-03-10T20:00:00Z', ...jerusalem })).toEqual({
      localHour: 22,
      afterDark: true,
      evening: true,
    });
  });
});

describe('evening: from 18:00 local time, or once it is dark', () => {
  it('is evening from 18:00 even while light, and after dark before 18:00', () => {
    const summer = {
      timeZone: 'Europe/London',
      sunrise: '2026-06-21T03:43:00Z',
      sunset: '2026-06-21T20:21:00Z',
    };
    expect(daylightAt({ now: '2026-06-21T17:30:00Z', ...summer })).toEqual({
      localHour: 18,
      afterDark: false,
      evening: true,
    });
    expect(daylightAt({ now: '2026-06-21T15:00:00Z', ...summer }).evening).toBe(false);
    const winter = {
      timeZone: 'Europe/London',
      sunrise: '2026-12-21T08:04:00Z',
      sunset: '2026-12-21T15:53:00Z',
    };
    expect(daylightAt({ now: '2026-12-21T16:30:00Z', ...winter })).toEqual({
      localHour: 16,
      afterDark: true,
      evening: true,
    });
  });
});

describe('greeting by the local hour', () => {
  it('morning 05-11, afternoon 12-17, evening 18-20, night from 21:00 until 05:00', () => {
    expect(greetingForHour(5)).toBe('Good morning');
    expect(greetingForHour(11)).toBe('Good morning');
    expect(greetingForHour(12)).toBe('Good afternoon');
    expect(greetingForHour(17)).toBe('Good afternoon');
    expect(greetingForHour(18)).toBe('Good evening');
    expect(greetingForHour(20)).toBe('Good evening');
    expect(greetingForHour(21)).toBe('Good night');
    expect(greetingForHour(22)).toBe('Good night');
    expect(greetingForHour(2)).toBe('Good night');
  });
});

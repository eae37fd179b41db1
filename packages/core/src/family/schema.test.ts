import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isValidTimeZone,
  MAX_CHILDREN,
  ZChildCreate,
  ZChildUpdate,
  IMAGE_URL_PATTERN,
  ZImageUrl,
  ZProfileUpdate,
} from './schema.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('child validation', () => {
  it('a family has at most 12 children', () => {
    expect(MAX_CHILDREN).toBe(12);
  });

  it('ages are whole numbers from 0 to 17', () => {
    expect(ZChildCreate.safeParse({ name: 'Mia', age: 0 }).success).toBe(true);
    expect(ZChildCreate.safeParse({ name: 'Mia', age: 17 }).success).toBe(true);
    for (const age of [-1, 18, 4.5, '5']) {
      const result = ZChildCreate.safeParse({ name: 'Mia', age });
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe('Age must be a whole number from 0 to 17');
    }
  });

  it('names are 1 to 60 characters once trimmed', () => {
    expect(ZChildCreate.parse({ name: '  Mia  ', age: 3 }).name).toBe('Mia');
    expect(firstMessage(ZChildCreate.safeParse({ name: '   ', age: 3 }))).toBe('Name is required');
    expect(ZChildCreate.safeParse({ name: 'x'.repeat(60), age: 3 }).success).toBe(true);
    expect(firstMessage(ZChildCreate.safeParse({ name: 'x'.repeat(61), age: 3 }))).toBe(
      'Name must be at most 60 characters',
    );
  });

  it('at most 20 interests of at most 40 characters', () => {
    const ok = { name: 'Mia', age: 3, interests: Array.from({ length: 20 }, () => 'x'.repeat(40)) };
    expect(ZChildCreate.safeParse(ok).success).toBe(true);
    expect(ZChildCreate.safeParse({ ...ok, interests: [...ok.interests, 'y'] }).success).toBe(
      false,
    );
    expect(
      ZChildCreate.safeParse({ name: 'Mia', age: 3, interests: ['x'.repeat(41)] }).success,
    ).toBe(false);
  });

  it('indoor/outdoor preference is indoor, outdoor or both; time slots are named', () => {
    expect(
      ZChildCreate.safeParse({
        name: 'Mia',
        age: 3,
        preferences: { indoorOutdoor: 'outdoor', availableTimeSlots: ['weekend', 'morning'] },
      }).success,
    ).toBe(true);
    expect(
      ZChildCreate.safeParse({ name: 'Mia', age: 3, preferences: { indoorOutdoor: 'garden' } })
        .success,
    ).toBe(false);
    expect(
      ZChildCreate.safeParse({ name: 'Mia', age: 3, preferences: { availableTimeSlots: ['noon'] } })
        .success,
    ).toBe(false);
  });

  it('an age range is [min, max] with min not above max', () => {
    expect(ZChildUpdate.safeParse({ ageRange: [4, 6] }).success).toBe(true);
    expect(ZChildUpdate.safeParse({ ageRange: [6, 4] }).success).toBe(false);
    expect(ZChildUpdate.safeParse({ ageRange: [4] }).success).toBe(false);
  });

  it('unknown child fields are refused', () => {
    expect(ZChildUpdate.safeParse({ nickname: 'M' }).success).toBe(false);
  });
});

describe('profile update validation', () => {
  it('children are not writable through the profile update', () => {
    expect(ZProfileUpdate.safeParse({ familyInfo: { children: [] } }).success).toBe(false);
  });

  it('unknown keys are refused at every level', () => {
    expect(ZProfileUpdate.safeParse({ uid: 'x' }).success).toBe(false);
    expect(ZProfileUpdate.safeParse({ preferences: { theme: 'dark' } }).success).toBe(false);
    expect(ZProfileUpdate.safeParse({ preferences: { defaultFilters: { mood: 1 } } }).success).toBe(
      false,
    );
  });

  it('§9 units are metric or imperial; default-filter location is indoor, outdoor or both', () => {
    expect(ZProfileUpdate.safeParse({ preferences: { units: 'metric' } }).success).toBe(true);
    expect(ZProfileUpdate.safeParse({ preferences: { units: 'kelvin' } }).success).toBe(false);
    expect(
      ZProfileUpdate.safeParse({ preferences: { defaultFilters: { location: 'space' } } }).success,
    ).toBe(false);
  });

  it('the timezone must be a real IANA zone', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(ZProfileUpdate.safeParse({ familyInfo: { timezone: 'Asia/Jerusalem' } }).success).toBe(
      true,
    );
    expect(ZProfileUpdate.safeParse({ familyInfo: { timezone: 'Nowhere/Else' } }).success).toBe(
      false,
    );
  });

  it('coordinates stay on the globe', () => {
    expect(ZProfileUpdate.safeParse({ location: { lat: 32.08, lon: 34.8 } }).success).toBe(true);
    expect(ZProfileUpdate.safeParse({ location: { lat: 91 } }).success).toBe(false);
  });
});

describe('image addresses', () => {
  it('accepts app paths and http(s) URLs, refuses script, data and protocol-relative ones', () => {
    for (const ok of [
      '/placeholder-avatar.svg',
      '/api/v1/files/download/abc',
      'https://x.test/a.png',
    ]) {
      expect(ZImageUrl.safeParse(ok).success).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.test/a.png',
      '',
    ]) {
      expect(ZImageUrl.safeParse(bad).success).toBe(false);
    }
  });

  it('states the rule as a pattern in the OpenAPI document, white space around allowed', () => {
    expect(z.toJSONSchema(ZImageUrl, { io: 'input', target: 'openapi-3.0' }).pattern).toBe(
      IMAGE_URL_PATTERN.source,
    );
    expect(ZImageUrl.parse('  HTTPS://x.test/a.png ')).toBe('HTTPS://x.test/a.png');
    for (const bad of ['http:// x.test', 'https://a b', ' //evil.test', 'ftp://x.test']) {
      expect(ZImageUrl.safeParse(bad).success, bad).toBe(false);
    }
  });
});

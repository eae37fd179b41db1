import { describe, expect, it } from 'vitest';
import {
  countryUsesFahrenheit,
  defaultUnits,
  localeUsesFahrenheit,
  unitsForSavedPlace,
} from './units.ts';

describe('default units: metric unless the country (or, without one, the locale) reads °F', () => {
  it('°F countries by code or by name, however they are typed', () => {
    for (const country of ['US', 'us', 'USA', 'U.S.A.', 'United States', 'the Bahamas']) {
      expect(countryUsesFahrenheit(country), country).toBe(true);
    }
    for (const country of ['Liberia', 'Myanmar', 'Burma', 'PR', 'Guam', 'Cayman Islands']) {
      expect(countryUsesFahrenheit(country), country).toBe(true);
    }
    for (const country of ['Israel', 'IL', 'United Kingdom', 'GB', 'Canada', 'Australia', '']) {
      expect(countryUsesFahrenheit(country), country).toBe(false);
    }
  });

  it('a locale counts only when it names a °F region', () => {
    expect(localeUsesFahrenheit('en-US')).toBe(true);
    expect(localeUsesFahrenheit('es-PR')).toBe(true);
    expect(localeUsesFahrenheit('en-GB')).toBe(false);
    expect(localeUsesFahrenheit('he-IL')).toBe(false);
    expect(localeUsesFahrenheit('en')).toBe(false);
    expect(localeUsesFahrenheit('not a locale')).toBe(false);
  });

  it('families in Haifa and London get metric, even with a US English browser (issue 9)', () => {
    expect(defaultUnits({ country: 'Israel', locale: 'en-US' })).toBe('metric');
    expect(defaultUnits({ country: 'United Kingdom', locale: 'en-US' })).toBe('metric');
    expect(defaultUnits({ country: 'United States', locale: 'en-GB' })).toBe('imperial');
  });

  it('without a country the locale decides; without either, metric', () => {
    expect(defaultUnits({ country: '', locale: 'en-US' })).toBe('imperial');
    expect(defaultUnits({ country: ' ', locale: 'en-GB' })).toBe('metric');
    expect(defaultUnits({ country: '' })).toBe('metric');
  });
});

describe('the place the setup wizard saves sets the units only when it is new', () => {
  const noPlace = { city: '', country: '' };
  it('the first place sets them, from the country or else the locale', () => {
    expect(unitsForSavedPlace(noPlace, 'Israel', 'en-US')).toBe('metric');
    expect(unitsForSavedPlace(noPlace, 'USA', 'he-IL')).toBe('imperial');
    expect(unitsForSavedPlace(noPlace, '', 'en-US')).toBe('imperial');
  });

  it("a new country sets them; the same country keeps the parent's choice", () => {
    const haifa = { city: 'Haifa', country: 'Israel' };
    expect(unitsForSavedPlace(haifa, 'United States', 'he-IL')).toBe('imperial');
    expect(unitsForSavedPlace(haifa, ' israel ', 'en-US')).toBeUndefined();
    expect(unitsForSavedPlace({ city: 'Haifa', country: '' }, '', 'en-US')).toBeUndefined();
  });
});

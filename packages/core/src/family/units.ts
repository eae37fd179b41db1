import type { z } from 'zod';
import type { ZUnits } from './schema.ts';

type TUnits = z.infer<typeof ZUnits>;

/** Units when nothing says otherwise: most of the world reads °C. */
export const DEFAULT_UNITS: TUnits = 'metric';

/**
 * Where °F is the everyday temperature scale (ISO 3166-1 alpha-2): the United States and its
 * territories (Puerto Rico, Guam, the US Virgin Islands, American Samoa, the Northern Mariana
 * Islands, the Minor Outlying Islands), Liberia, Myanmar, the Bahamas, Belize, the Cayman
 * Islands, Palau, Micronesia and the Marshall Islands.
 */
export const FAHRENHEIT_REGIONS: ReadonlySet<string> = new Set([
  'US',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
  'UM',
  'LR',
  'MM',
  'BS',
  'BZ',
  'KY',
  'PW',
  'FM',
  'MH',
]);

/** The same places by the names a family may type in the profile's free-text country field. */
const FAHRENHEIT_COUNTRY_NAMES: ReadonlySet<string> = new Set([
  'us',
  'usa',
  'united states',
  'united states of america',
  'america',
  'puerto rico',
  'guam',
  'us virgin islands',
  'united states virgin islands',
  'virgin islands',
  'american samoa',
  'northern mariana islands',
  'liberia',
  'myanmar',
  'burma',
  'bahamas',
  'belize',
  'cayman islands',
  'palau',
  'micronesia',
  'federated states of micronesia',
  'marshall islands',
]);

/** "The U.S.A." → "usa", "  Cayman  Islands " → "cayman islands". */
function normalizeCountry(country: string): string {
  return country.trim().toLowerCase().replaceAll('.', '').replace(/\s+/g, ' ').replace(/^the /, '');
}

/** Whether the country (a code such as 'US' or a name such as 'United States') reads °F. */
export function countryUsesFahrenheit(country: string): boolean {
  const name = normalizeCountry(country);
  return FAHRENHEIT_REGIONS.has(name.toUpperCase()) || FAHRENHEIT_COUNTRY_NAMES.has(name);
}

/**
 * Whether a BCP 47 locale names a °F region ('en-US', 'es-PR'). A locale without a region ('en')
 * says nothing, so it does not count.
 */
export function localeUsesFahrenheit(locale: string): boolean {
  try {
    const region = new Intl.Locale(locale.trim()).region;
    return region !== undefined && FAHRENHEIT_REGIONS.has(region);
  } catch {
    return false;
  }
}

/**
 * The units a family starts with: the country decides when one is given ('imperial' for the
 * °F places above, else 'metric'); without a country the browser's locale decides; neither
 * gives 'metric'. The parent can always switch afterwards.
 */
export function defaultUnits({ country, locale }: { country: string; locale?: string }): TUnits {
  if (country.trim() !== '') return countryUsesFahrenheit(country) ? 'imperial' : 'metric';
  return locale !== undefined && localeUsesFahrenheit(locale) ? 'imperial' : DEFAULT_UNITS;
}

/**
 * The units to save with the place the setup wizard saves, or undefined to keep the family's:
 * the first place a family gives (no city saved before), or a new country, sets the default
 * units for it; the same country again keeps whatever the parent chose.
 */
export function unitsForSavedPlace(
  before: { city: string; country: string },
  country: string,
  locale: string | undefined,
): TUnits | undefined {
  const firstPlace = before.city.trim() === '';
  const newCountry = normalizeCountry(country) !== normalizeCountry(before.country);
  return firstPlace || newCountry ? defaultUnits({ country, locale }) : undefined;
}

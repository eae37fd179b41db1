import type { TActivityLocation, TWeatherCondition } from '../activities/schema.ts';
import type { TUnits, TWeather, TWeatherPlace, TWeatherSource } from './schema.ts';

/** Wind from this speed (km/h, Beaufort 6 "strong breeze") turns a dry day into a windy one. */
export const WINDY_FROM_KMH = 39;

/** Descriptions of the WMO weather interpretation codes Open-Meteo reports as `weather_code`. */
const WMO_DESCRIPTIONS: Readonly<Record<number, string>> = {
  0: 'Clear sky',
  1: 'Mainly clear',
  2: 'Partly cloudy',
  3: 'Overcast',
  45: 'Fog',
  48: 'Depositing rime fog',
  51: 'Light drizzle',
  53: 'Moderate drizzle',
  55: 'Dense drizzle',
  56: 'Light freezing drizzle',
  57: 'Dense freezing drizzle',
  61: 'Slight rain',
  63: 'Moderate rain',
  65: 'Heavy rain',
  66: 'Light freezing rain',
  67: 'Heavy freezing rain',
  71: 'Slight snow fall',
  73: 'Moderate snow fall',
  75: 'Heavy snow fall',
  77: 'Snow grains',
  80: 'Slight rain showers',
  81: 'Moderate rain showers',
  82: 'Violent rain showers',
  85: 'Slight snow showers',
  86: 'Heavy snow showers',
  95: 'Thunderstorm',
  96: 'Thunderstorm with slight hail',
  99: 'Thunderstorm with heavy hail',
};

export function wmoCodeDescription(code: number): string {
  return WMO_DESCRIPTIONS[code] ?? 'Unknown';
}

/**
 * A WMO weather code (and the wind) as one of our conditions: clear and mainly clear are sunny;
 * partly cloudy, overcast and fog are cloudy; drizzle, rain and rain showers are rainy; snow and
 * snow showers are snowy; thunderstorms are stormy. A dry (sunny or cloudy) day with wind of at
 * least `WINDY_FROM_KMH` is windy. Unknown codes read as cloudy, the least committal condition.
 */
export function wmoCodeToCondition(code: number, windSpeedKmh: number): TWeatherCondition {
  let condition: TWeatherCondition;
  if (code === 0 || code === 1) condition = 'sunny';
  else if ((code >= 51 && code <= 67) || (code >= 80 && code <= 82)) condition = 'rainy';
  else if ((code >= 71 && code <= 77) || code === 85 || code === 86) condition = 'snowy';
  else if (code >= 95 && code <= 99) condition = 'stormy';
  else condition = 'cloudy';
  const dry = condition === 'sunny' || condition === 'cloudy';
  return dry && windSpeedKmh >= WINDY_FROM_KMH ? 'windy' : condition;
}

/**
 * Spec §9 weather to location mapping: sunny or snowy gives outdoor or both; rainy gives indoor;
 * otherwise both (unknown weather, null, too); the indoor-only flag gives indoor only.
 */
export function locationsForWeather(
  condition: TWeatherCondition | null,
  options: { indoorOnly?: boolean } = {},
): TActivityLocation[] {
  if (options.indoorOnly) return ['indoor'];
  if (condition === 'sunny' || condition === 'snowy') return ['outdoor', 'both'];
  if (condition === 'rainy') return ['indoor'];
  return ['both'];
}

/**
 * Whether an activity can be played in the places `locationsForWeather` allows. An activity
 * marked 'both' fits any weather (it can move inside or out); an indoor or outdoor one fits when
 * its place is listed, or when the list is just ['both'] (the weather sets no limit).
 */
export function fitsWeatherLocations(
  activityLocation: TActivityLocation,
  locations: readonly TActivityLocation[],
): boolean {
  if (activityLocation === 'both') return true;
  const unrestricted = locations.length === 1 && locations[0] === 'both';
  return unrestricted || locations.includes(activityLocation);
}

export const celsiusToFahrenheit = (celsius: number): number => (celsius * 9) / 5 + 32;
export const fahrenheitToCelsius = (fahrenheit: number): number => ((fahrenheit - 32) * 5) / 9;
export const kmhToMph = (kmh: number): number => kmh / 1.609344;

const oneDecimal = (n: number): number => Math.round(n * 10) / 10;

/** A Celsius reading in the family's units, to one decimal. */
export function temperatureIn(celsius: number, units: TUnits): number {
  return oneDecimal(units === 'metric' ? celsius : celsiusToFahrenheit(celsius));
}

/** A km/h wind speed in the family's units, to one decimal. */
export function windSpeedIn(kmh: number, units: TUnits): number {
  return oneDecimal(units === 'metric' ? kmh : kmhToMph(kmh));
}

/** Spec §9: °C for metric, otherwise °F, rounded to whole degrees: '22°C', '72°F'. */
export function formatTemperature(celsius: number, units: TUnits): string {
  return units === 'metric'
    ? `${Math.round(celsius)}°C`
    : `${Math.round(celsiusToFahrenheit(celsius))}°F`;
}

/** The spec's fallback place (§8 "Tel Aviv", §9 "about 32.08 N, 34.8 E"). */
export const FALLBACK_PLACE: TWeatherPlace = {
  city: 'Tel Aviv',
  country: 'IL',
  lat: 32.08,
  lon: 34.78,
};
export const FALLBACK_TEMPERATURE_CELSIUS = 22;

/**
 * Spec §8: weather failure falls back to "Clear, 22 degrees, Tel Aviv"; §7: the local mock serves
 * fixed Tel Aviv values. Both are this reading; only `source` tells them apart. What the spec does
 * not give stays null rather than being invented.
 */
export function fixedTelAvivWeather(
  units: TUnits,
  source: 'fixed' | 'fallback',
  nowIso: string,
): TWeather {
  const temperature = temperatureIn(FALLBACK_TEMPERATURE_CELSIUS, units);
  return {
    condition: 'sunny',
    description: 'Clear',
    temperature,
    feels_like: temperature,
    humidity: null,
    pressure: null,
    wind_speed: null,
    wind_direction: null,
    visibility: null,
    sunrise: null,
    sunset: null,
    timestamp: nowIso,
    location: { ...FALLBACK_PLACE },
    units,
    source,
  };
}

/**
 * Whether a reading is the place's real weather: only the live provider's ('open-meteo'). The
 * 'fixed' (live weather switched off) and 'fallback' (live weather failed) readings are §8's
 * "Clear, 22 degrees, Tel Aviv": shown, marked by their `source`, but they never steer a ranking,
 * the starting place, a reason or a plan (DESIGN). `source` is the one marker; every reader asks
 * here.
 */
export function isLiveWeather(reading: { source: TWeatherSource }): boolean {
  return reading.source === 'open-meteo';
}

/** The condition a reading lets steer play: its own when live, else unknown (null). */
export function steeringCondition(
  reading: Pick<TWeather, 'condition' | 'source'> | null | undefined,
): TWeatherCondition | null {
  return reading && isLiveWeather(reading) ? reading.condition : null;
}

/** One line of advice for the weather's bearing on play; null is unknown weather. */
export function weatherAdvice(condition: TWeatherCondition | null, indoorOnly: boolean): string {
  if (indoorOnly) return 'Indoor activities only';
  switch (condition) {
    case null:
      return "Today's weather is unknown: indoors or out, as you like";
    case 'sunny':
      return 'Great weather for playing outside';
    case 'snowy':
      return 'Snow day: wrap up warm and head outside';
    case 'rainy':
      return 'Rainy day: best to play indoors';
    case 'stormy':
      return 'Stormy weather: stay safe and close to home';
    case 'windy':
      return 'Windy day: indoors or sheltered outdoor play';
    case 'cloudy':
      return 'Good for indoor or outdoor play';
  }
}

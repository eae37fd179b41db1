import type { TProfileLocation } from '@kkb/core/family/schema';
import type { WeatherPlace } from './service.ts';

/**
 * Where the family's weather is read: the structured coordinates when set, else the city name
 * (Open-Meteo's geocoder matches names only), else nowhere, which gives the fallback reading.
 */
export function familyWeatherPlace(location: TProfileLocation): WeatherPlace | undefined {
  if (location.lat !== null && location.lon !== null) {
    return { lat: location.lat, lon: location.lon, city: location.city, country: location.country };
  }
  const city = location.city.trim();
  return city === '' ? undefined : { city };
}

import type { TWeather } from '@kkb/core/weather/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/**
 * `GET /weather` at the family's home, in °C: the page formats it in the family's units with
 * core's `formatTemperature`, which takes Celsius.
 */
export function getWeather(signal?: AbortSignal): Promise<TWeather> {
  return apiGet<TWeather>('/api/v1/weather?units=metric', { signal });
}

export function getWeatherQueryOptions() {
  return queryOptions({
    queryKey: ['weather', 'home'],
    queryFn: ({ signal }) => getWeather(signal),
    ...keptOffline,
    // The server keeps readings for 30 minutes; asking more often brings nothing new.
    staleTime: 10 * 60 * 1000,
  });
}

export function useWeather({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getWeatherQueryOptions(), enabled });
}

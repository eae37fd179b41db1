import crypto from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { readState } from './state.ts';
import type { WeatherControl } from './weather-server.ts';

/** Switches the local Open-Meteo stand-in's weather, everywhere or at one point. */
export async function setWeather(
  request: APIRequestContext,
  control: WeatherControl,
): Promise<void> {
  const response = await request.post(`${readState().weatherUrl}/__control`, { data: control });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A point nobody asked the weather for yet. The server caches readings per location for 30
 * minutes, so a test that picks its own sky picks its own place too.
 */
export function unusedPlace(): { latitude: number; longitude: number } {
  const [a = 0, b = 0, c = 0, d = 0] = crypto.randomBytes(4);
  return {
    latitude: Number(((((a << 8) | b) / 65535) * 120 - 60).toFixed(2)),
    longitude: Number(((((c << 8) | d) / 65535) * 340 - 170).toFixed(2)),
  };
}

/** Spec §9: 10 s timeout, positions up to 5 minutes old, high accuracy. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  timeout: 10_000,
  maximumAge: 300_000,
  enableHighAccuracy: true,
};

/** Spec §9: where the weather is read when the browser cannot tell the family's position. */
export const FALLBACK_POSITION = { lat: 32.08, lon: 34.8 } as const;

export interface Coordinates {
  lat: number;
  lon: number;
}

/** The browser's position of the device; rejects when refused, unavailable or too slow. */
export function readDevicePosition(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('Geolocation is not supported by this browser'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude }),
      (error) => reject(new Error(error.message)),
      GEOLOCATION_OPTIONS,
    );
  });
}

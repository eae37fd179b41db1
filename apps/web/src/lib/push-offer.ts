import { pushAvailability } from './push';

/** Set once the offer has been shown on this device: it is never shown again. */
const OFFERED_KEY = 'pushOffered';

/**
 * Whether to offer push after a completed activity: push works here, the browser has not been
 * asked yet, and this device never saw the offer. Without storage the offer is not made, as it
 * could not be made only once.
 */
export function shouldOfferPush(): boolean {
  const availability = pushAvailability();
  if (availability.kind !== 'available' || availability.permission !== 'default') return false;
  try {
    return window.localStorage.getItem(OFFERED_KEY) === null;
  } catch {
    return false;
  }
}

export function markPushOffered(): void {
  try {
    window.localStorage.setItem(OFFERED_KEY, new Date().toISOString());
  } catch {
    // shouldOfferPush already says no without storage.
  }
}

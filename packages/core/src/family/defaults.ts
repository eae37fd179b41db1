// The family profile's defaults (spec §3), without zod: the web app's first route reads them (through
// profile.ts) and stays free of schema code.
import type { TChildPreferences } from './schema.ts';

export const DEFAULT_DISPLAY_NAME = 'Family User';
/** The web app ships this file; a photo is always a string so `<img src>` never gets null. */
export const DEFAULT_PHOTO_URL = '/placeholder-avatar.svg';
export const DEFAULT_FAMILY_NAME = 'Our Family';
export const DEFAULT_FAMILY_LOCATION = 'San Francisco, CA';
export const DEFAULT_TIMEZONE = 'America/Los_Angeles';

export const DEFAULT_CHILD_PREFERENCES: TChildPreferences = {
  indoorOutdoor: 'both',
  favoriteTypes: [],
  availableTimeSlots: [],
};

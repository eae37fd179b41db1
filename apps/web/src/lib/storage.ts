/**
 * Small, named entries of the browser's local storage. Storage can be unavailable (private mode,
 * disabled by policy); every access then degrades to "nothing stored" instead of throwing.
 */
const IS_NEW_REGISTRATION_KEY = 'isNewRegistration';

function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Without storage the flag simply is not kept; the setup redirect then relies on the profile.
  }
}

/** Spec §4: set on registration (and a new social sign-in) until the family is sent to /setup. */
export function isNewRegistration(): boolean {
  return readItem(IS_NEW_REGISTRATION_KEY) === 'true';
}

export function markNewRegistration(): void {
  writeItem(IS_NEW_REGISTRATION_KEY, 'true');
}

export function clearNewRegistration(): void {
  writeItem(IS_NEW_REGISTRATION_KEY, null);
}

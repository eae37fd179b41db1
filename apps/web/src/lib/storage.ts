/**
 * Small, named entries of the browser's local storage. Storage can be unavailable (private mode,
 * disabled by policy); every access then degrades to "nothing stored" instead of throwing.
 */
const IS_NEW_REGISTRATION_KEY = 'isNewRegistration';
const PENDING_INVITE_KEY = 'pendingFamilyInvite';

function readItem(key: string, storage: () => Storage = () => window.localStorage): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function writeItem(
  key: string,
  value: string | null,
  storage: () => Storage = () => window.localStorage,
): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Without storage the entry simply is not kept; callers fall back to what the server knows.
  }
}

const tabStorage = () => window.sessionStorage;

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

/**
 * The invitation (`/join/{token}`) a signed-out visitor opened, kept while they sign in or
 * register (OAuth included, which leaves the app and comes back) so they land on it again. Kept
 * per tab: a later sign-in in another tab, days on, is not taken to an old invitation.
 */
export function pendingInviteToken(): string | null {
  return readItem(PENDING_INVITE_KEY, tabStorage);
}

export function rememberPendingInvite(token: string): void {
  writeItem(PENDING_INVITE_KEY, token, tabStorage);
}

export function forgetPendingInvite(): void {
  writeItem(PENDING_INVITE_KEY, null, tabStorage);
}

const BROWSE_ALL_AGES_KEY = 'browseAllAges';

/**
 * The parent cleared the age filter that /browse presets to their children's ages: browse opens
 * with every age from then on, until they filter by age again.
 */
export function browsesAllAges(): boolean {
  return readItem(BROWSE_ALL_AGES_KEY) === 'true';
}

export function rememberBrowseAllAges(allAges: boolean): void {
  writeItem(BROWSE_ALL_AGES_KEY, allAges ? 'true' : null);
}

/** What a link to /activity/{id} tells the page: the list it was opened from. */
export interface ActivityPageState {
  /** Path and query of the list, e.g. `/browse?category=nature&page=2`. */
  from: string;
}

export interface BackLink {
  to: string;
  label: string;
}

/** The lists an activity is opened from, by path, and what their back link says. */
const LISTS: readonly (readonly [path: string, label: string])[] = [
  ['/browse', 'All activities'],
  ['/dashboard', 'Dashboard'],
  ['/my-activities', 'My Activities'],
];

const DEFAULT_BACK: BackLink = { to: '/browse', label: 'All activities' };

/**
 * Where the activity page's back link goes: the list the parent came from (a link's location
 * state), else all activities (a shared link, a reload in a new tab).
 */
export function backLinkFor(state: unknown): BackLink {
  const from =
    typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string') return DEFAULT_BACK;
  const pathname = new URL(from, 'http://app.invalid').pathname;
  const list = LISTS.find(([path]) => path === pathname);
  return list === undefined ? DEFAULT_BACK : { to: from, label: list[1] };
}

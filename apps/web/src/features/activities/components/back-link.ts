import { choicesFrom } from './dashboard-choices';

/**
 * What a link to /activity/{id} (or its theater) tells the page: the list it was opened from,
 * and who is playing when that list knows (a plan item's children).
 */
export interface ActivityPageState {
  /** Path and query of the list, e.g. `/browse?category=nature&page=2`. */
  from: string;
  /** The children playing it; the dashboard says it by its `childId` in `from` instead. */
  childIds?: string[];
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
  ['/ai-planner', 'AI Planner'],
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

/**
 * Who is playing, as the page the activity was opened from chose them: a plan item's children,
 * or the child picked on the dashboard. Undefined when no choice was made (everyone).
 */
export function chosenChildIds(state: unknown): string[] | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { childIds, from } = state as Partial<Record<keyof ActivityPageState, unknown>>;
  if (Array.isArray(childIds) && childIds.every((id) => typeof id === 'string')) {
    return childIds;
  }
  if (typeof from !== 'string') return undefined;
  const url = new URL(from, 'http://app.invalid');
  if (url.pathname !== '/dashboard') return undefined;
  const { childId } = choicesFrom(url.searchParams);
  return childId === null ? undefined : [childId];
}

import { DEFAULT_PAGE_LIMIT, ZActivityQuery } from '@kkb/core/activities/query';
import type { ActivityListParams } from '../api/get-activities';

/** The URL search params of /browse; a shared or reloaded link shows the same list. */
export const FILTER_KEYS = [
  'search',
  'category',
  'difficulty',
  'location',
  'ageMin',
  'ageMax',
  'weather',
  'energyLevel',
  'season',
  'noMaterials',
  'maxPrepMinutes',
  'mess',
  'skill',
  'setting',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export type BrowseState =
  | { valid: true; params: ActivityListParams; page: number }
  | { valid: false; message: string; page: number };

/** The 1-based page of the URL; anything odd reads as page 1. */
export function pageFrom(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The `GET /activities` params a /browse URL stands for, checked with core's filter schema so a
 * hand-edited link (ages reversed, an unknown difficulty) is explained instead of sent.
 */
export function browseStateFrom(searchParams: URLSearchParams): BrowseState {
  const page = pageFrom(searchParams);
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = searchParams.get(key);
    if (value !== null && value.trim() !== '') raw[key] = value;
  }
  const parsed = ZActivityQuery.safeParse({ ...raw, skip: (page - 1) * DEFAULT_PAGE_LIMIT });
  if (!parsed.success) {
    const agesReversed = parsed.error.issues.some(
      (issue) => issue.code === 'custom' && issue.path[0] === 'ageMin',
    );
    return {
      valid: false,
      page,
      message: agesReversed
        ? 'The youngest age must not be above the oldest age.'
        : 'This link has a filter we do not understand. Clear the filters to start again.',
    };
  }
  // The page size is the API's own (its default), so no `limit` is sent.
  const { limit: _limit, ...params } = parsed.data;
  return { valid: true, page, params };
}

/** A copy of `searchParams` with `key` set (or removed when empty), back on page 1. */
export function withFilter(
  searchParams: URLSearchParams,
  key: FilterKey,
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(searchParams);
  if (value === '') next.delete(key);
  else next.set(key, value);
  next.delete('page');
  return next;
}

export function hasFilters(searchParams: URLSearchParams): boolean {
  return FILTER_KEYS.some((key) => (searchParams.get(key) ?? '') !== '');
}

/** Whether the URL filters by age (either bound). */
export function hasAgeFilter(searchParams: URLSearchParams): boolean {
  return ['ageMin', 'ageMax'].some((key) => (searchParams.get(key) ?? '') !== '');
}

/**
 * `searchParams` filtered to the ages of `childAges` (youngest to oldest: the activities any of
 * them can play), or unchanged without children.
 */
export function withChildrenAges(
  searchParams: URLSearchParams,
  childAges: readonly number[],
): URLSearchParams {
  if (childAges.length === 0) return searchParams;
  const next = withFilter(searchParams, 'ageMin', String(Math.min(...childAges)));
  next.set('ageMax', String(Math.max(...childAges)));
  return next;
}

/** How many filters the URL sets, the search aside (the two ages count as one). */
export function countFilters(searchParams: URLSearchParams): number {
  const others = FILTER_KEYS.filter(
    (key) => key !== 'search' && key !== 'ageMin' && key !== 'ageMax',
  ).filter((key) => (searchParams.get(key) ?? '') !== '').length;
  return others + (hasAgeFilter(searchParams) ? 1 : 0);
}

/** The age filter in words: 'Age 6', 'Ages 4–9', 'Ages 4 and up', 'Ages up to 9'. */
export function agesLabel(searchParams: URLSearchParams): string {
  const min = searchParams.get('ageMin') ?? '';
  const max = searchParams.get('ageMax') ?? '';
  if (min !== '' && max !== '') return min === max ? `Age ${min}` : `Ages ${min}–${max}`;
  return min !== '' ? `Ages ${min} and up` : `Ages up to ${max}`;
}

import { categoryName } from './categories.ts';
import { messAtMost } from './practical-fields.ts';
import type { TActivityFilters, TActivityList, TActivityQuery } from './query.ts';
import type { TActivity, TActivityWeather, TSeason, TWeatherCondition } from './schema.ts';

/** Spec §5: an activity marked 'any' suits every weather; otherwise the condition must be listed. */
export function suitsWeather(
  weather: readonly TActivityWeather[],
  condition: TWeatherCondition,
): boolean {
  return weather.includes('any') || weather.includes(condition);
}

/** Spec §5: a filter of indoor/outdoor also matches 'both'; a filter of 'both' matches everything. */
export function matchesLocation(
  activity: TActivity,
  location: TActivity['location'] | undefined,
): boolean {
  return (
    location === undefined ||
    location === 'both' ||
    activity.location === 'both' ||
    activity.location === location
  );
}

/** An activity without `seasons` suits the whole year. */
export function suitsSeason(activity: TActivity, season: TSeason | undefined): boolean {
  return (
    season === undefined || activity.seasons === undefined || activity.seasons.includes(season)
  );
}

/** Derived, never stored: an activity needs no materials when its list is empty. */
export function needsNoMaterials(activity: TActivity): boolean {
  return activity.materials.length === 0;
}

/**
 * Spec §5: the activity's age range overlaps [ageMin, ageMax]; a missing bound is open.
 */
export function overlapsAges(
  activity: TActivity,
  ageMin: number | undefined,
  ageMax: number | undefined,
): boolean {
  const [min, max] = activity.ageRange;
  return (ageMax === undefined || min <= ageMax) && (ageMin === undefined || max >= ageMin);
}

/** Everything the richer search of spec §5 looks at, lower-cased once. */
function searchableText(activity: TActivity): string {
  return [
    activity.title,
    activity.description,
    ...activity.tags,
    activity.category,
    categoryName(activity.category),
    ...activity.learningObjectives,
    ...activity.materials,
  ]
    .join('\n')
    .toLowerCase();
}

/**
 * Spec §5 search: case-insensitive over title, description, tags, category, learning objectives
 * and materials. Decision: each word of the term must appear somewhere ("paper rainy" finds an
 * activity with paper in its materials and a rainy-day tag); an empty term matches everything.
 */
export function searchActivities<A extends TActivity>(
  activities: readonly A[],
  term: string | undefined,
): A[] {
  const words = (term ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return [...activities];
  return activities.filter((activity) => {
    const text = searchableText(activity);
    return words.every((word) => text.includes(word));
  });
}

/** Spec §5 activity filters and issue 35's practical ones, all of them at once, keeping the input order. */
export function filterActivities<A extends TActivity>(
  activities: readonly A[],
  filters: TActivityFilters,
): A[] {
  const matching = activities.filter(
    (a) =>
      (filters.category === undefined || a.category === filters.category) &&
      (filters.difficulty === undefined || a.difficulty === filters.difficulty) &&
      matchesLocation(a, filters.location) &&
      overlapsAges(a, filters.ageMin, filters.ageMax) &&
      (filters.weather === undefined || suitsWeather(a.weather, filters.weather)) &&
      (filters.energyLevel === undefined || a.energyLevel === filters.energyLevel) &&
      suitsSeason(a, filters.season) &&
      (filters.noMaterials !== true || needsNoMaterials(a)) &&
      (filters.maxPrepMinutes === undefined || a.prepMinutes <= filters.maxPrepMinutes) &&
      (filters.mess === undefined || messAtMost(a.mess, filters.mess)) &&
      (filters.skill === undefined || a.skills.includes(filters.skill)) &&
      (filters.setting === undefined || a.settings.includes(filters.setting)),
  );
  return searchActivities(matching, filters.search);
}

export interface Page<T> {
  items: T[];
  total: number;
  skip: number;
  limit: number;
}

/** Spec §7: the `skip`/`limit` window of a list and the list's full length. */
export function paginate<T>(items: readonly T[], skip: number, limit: number): Page<T> {
  return { items: items.slice(skip, skip + limit), total: items.length, skip, limit };
}

/**
 * `GET /activities`: the activities (the catalogue, then the family's own) filtered and paged,
 * as the server answers and as the device answers from the catalogue it holds (issue 30).
 */
export function listActivityPage(
  activities: readonly TActivity[],
  { skip, limit, ...filters }: TActivityQuery,
): TActivityList {
  const page = paginate(filterActivities(activities, filters), skip, limit);
  return { activities: page.items, total: page.total, skip, limit };
}

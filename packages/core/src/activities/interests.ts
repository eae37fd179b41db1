/**
 * Which activities a child's interests point at (issue 29: the interests entered in setup never
 * showed in a suggestion).
 *
 * An interest is free text ("drawing", "dinosaurs", "board games"). It matches an activity when one
 * of its keys is among the activity's topics:
 *
 * - an activity's topics are its tags (whole, and each word of a tag such as `nature-walk`), its
 *   category (`category:<id>`) and the words of its title of three letters or more;
 * - an interest's keys are the interest itself (as a tag, spaces as `-`), each of its words of three
 *   letters or more, and `category:<its slug>`; the interests the app suggests stand for more, by
 *   `SUGGESTED_INTERESTS` below ("sports" is the physical-activity category and ball games...);
 * - words are compared lower-case and singular (a final "s" dropped, "ies" read as "y"), so
 *   "dinosaurs" finds a "Dinosaur Dig".
 */
import type { TActivity } from './schema.ts';

/**
 * The interests setup suggests, each with the topics it stands for beyond its own name: tags of
 * the catalogue (packages/core/catalogue/README.md) and `category:<id>`.
 */
export const SUGGESTED_INTERESTS: Readonly<Record<string, readonly string[]>> = {
  art: ['category:creative-arts', 'drawing', 'painting', 'crafts', 'collage', 'sculpture'],
  building: ['engineering', 'den-building', 'cardboard', 'fort', 'stacking', 'design'],
  dancing: ['dance', 'music', 'movement', 'action-songs'],
  drawing: ['painting', 'chalk', 'comics'],
  music: ['singing', 'songs', 'instruments', 'rhythm', 'band', 'nursery-rhymes', 'action-songs'],
  nature: ['category:nature', 'garden', 'wildlife', 'birds', 'trees', 'plants', 'minibeasts'],
  reading: ['books', 'storytelling', 'letters', 'literacy', 'early-literacy', 'phonics'],
  science: ['experiment', 'stem', 'physics', 'chemistry', 'magnets', 'engineering'],
  sports: ['category:physical-activity', 'football', 'ball-games', 'running', 'fitness', 'races'],
  stories: ['storytelling', 'books', 'puppets', 'theatre', 'pretend-play'],
};

/** Lower case and singular: "Dinosaurs" → "dinosaur", "stories" → "story", "class" stays. */
function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

const words = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);

const slug = (text: string): string => words(text).filter(Boolean).join('-');

/** A topic as compared: category keys as they are, words singular. */
const topicKey = (topic: string): string =>
  topic.startsWith('category:') ? topic : singular(topic);

/** The suggested interests by their singular name, so "Sport" stands for what "sports" does. */
const SUGGESTED_BY_KEY = new Map(
  Object.entries(SUGGESTED_INTERESTS).map(([name, topics]) => [
    singular(name),
    topics.map(topicKey),
  ]),
);

/** The keys an interest stands for (see the top of this file). */
export function interestKeys(interest: string): ReadonlySet<string> {
  const own = slug(interest);
  const keys = new Set<string>([singular(own), `category:${own}`]);
  for (const word of words(interest)) if (word.length >= 3) keys.add(singular(word));
  for (const topic of SUGGESTED_BY_KEY.get(singular(own)) ?? []) keys.add(topic);
  return keys;
}

const topicsOf = new WeakMap<TActivity, readonly string[]>();

/** An activity's topics (see the top of this file), made once per activity object. */
export function activityTopics(activity: TActivity): readonly string[] {
  let topics = topicsOf.get(activity);
  if (!topics) {
    const found = new Set<string>([`category:${activity.category.toLowerCase()}`]);
    for (const tag of activity.tags) {
      found.add(singular(slug(tag)));
      for (const word of words(tag)) if (word) found.add(singular(word));
    }
    for (const word of words(activity.title)) if (word.length >= 3) found.add(singular(word));
    topics = [...found];
    topicsOf.set(activity, topics);
  }
  return topics;
}

/** Whether an interest (its keys) points at an activity (its topics). */
export function matchesInterest(topics: readonly string[], keys: ReadonlySet<string>): boolean {
  return topics.some((topic) => keys.has(topic));
}

/**
 * The first of `interests` (by their order) that points at an activity, as its index, or -1:
 * `byKey` maps each key to the first interest that has it (`interestIndex`).
 */
export function firstInterestOf(
  topics: readonly string[],
  byKey: ReadonlyMap<string, number>,
): number {
  let first = -1;
  for (const topic of topics) {
    const at = byKey.get(topic);
    if (at !== undefined && (first === -1 || at < first)) first = at;
  }
  return first;
}

/** Each key of the interests, with the first interest (its index) that stands for it. */
export function interestIndex(interests: readonly string[]): Map<string, number> {
  const byKey = new Map<string, number>();
  interests.forEach((interest, at) => {
    for (const key of interestKeys(interest)) if (!byKey.has(key)) byKey.set(key, at);
  });
  return byKey;
}

/** Which of a list of interests (its index, or -1) first points at each activity, remembered. */
export interface InterestMatcher {
  firstOf(activity: TActivity): number;
}

/** Matchers kept for this many lists of interests (a family's list is asked again and again). */
const KEPT_MATCHERS = 256;
const matchers = new Map<string, InterestMatcher>();

/**
 * The matcher of a list of interests: each activity is looked at once per list (scoring every
 * eligible activity's topics against the keys was most of a ranking's time), and the answers are
 * kept per activity object while the list's matcher is among the last `KEPT_MATCHERS` used.
 */
export function interestMatcher(interests: readonly string[]): InterestMatcher {
  const signature = interests.join('\n');
  let matcher = matchers.get(signature);
  if (matcher) {
    // Used again: it moves to the end, the newest.
    matchers.delete(signature);
  } else {
    const byKey = interestIndex(interests);
    const known = new WeakMap<TActivity, number>();
    matcher = {
      firstOf(activity) {
        let first = known.get(activity);
        if (first === undefined) {
          first = firstInterestOf(activityTopics(activity), byKey);
          known.set(activity, first);
        }
        return first;
      },
    };
    if (matchers.size >= KEPT_MATCHERS) {
      const oldest = matchers.keys().next().value;
      if (oldest !== undefined) matchers.delete(oldest);
    }
  }
  matchers.set(signature, matcher);
  return matcher;
}

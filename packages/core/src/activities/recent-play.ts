/**
 * The family's recent play as the ranking reads it (issue 30 with issue 35's balance): the
 * completions of the last `RECENT_PLAY_HOURS`, each with the children it names. The server ranks
 * from its log; a device holding the catalogue keeps `GET /stats/recent-play` to rank the same
 * way, offline too.
 */
import { z } from 'zod';
import { BALANCE_DAYS, RECENTLY_DONE_HOURS, type RecentCompletion } from './recommend.ts';

/** How far back the ranking looks: the recently-done rule's day and the balance's week. */
export const RECENT_PLAY_HOURS = Math.max(RECENTLY_DONE_HOURS, BALANCE_DAYS * 24);

const HOUR_MS = 60 * 60 * 1000;

/** The first instant the ranking at `now` reads completions from (ISO 8601). */
export function recentPlaySince(now: string): string {
  return new Date(Date.parse(now) - RECENT_PLAY_HOURS * HOUR_MS).toISOString();
}

export const ZRecentCompletion = z.object({
  activityId: z.string().min(1),
  /** When it was done (ISO 8601). */
  completedAt: z.string(),
  /** The children who played; empty when the completion named none. */
  childIds: z.array(z.string()),
}) satisfies z.ZodType<RecentCompletion>;

/** `GET /stats/recent-play`: the completions since `since`, oldest first. */
export const ZRecentPlay = z.object({
  since: z.string(),
  completions: z.array(ZRecentCompletion),
});
export type TRecentPlay = z.infer<typeof ZRecentPlay>;

/**
 * The completions a device ranks with: those `GET /stats/recent-play` answered, then the records'
 * latest completions (core `latestCompletions`), which also hold one the device made offline and
 * has not sent yet. A completion in both counts twice only where that changes nothing: the
 * recently-done rule asks whether there is one, and a record's carries no children, so the
 * balance does not count it.
 */
export function deviceCompletions(
  recentCompletions: readonly RecentCompletion[] | undefined,
  latest: readonly RecentCompletion[],
): RecentCompletion[] {
  return [...(recentCompletions ?? []), ...latest];
}

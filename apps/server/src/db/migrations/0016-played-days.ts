import { withPlayedDays } from '@kkb/core/achievements/progress';
import { ZProgressState } from '@kkb/core/achievements/schema';
import { sql, type Kysely } from 'kysely';

/**
 * Issue 12: a completion counts for the day it was made, streaks included, however late it
 * arrives. The family's progress now keeps its played days and the streaks follow from them
 * (core `streaksOf`). Each stored progress gets its played days from the family's activity log
 * (`local_day`, the day in the family's timezone when it was logged), and the streaks those days
 * give. For a family whose completions arrived in date order the streaks come out as they were;
 * one whose late completion was left out of its streak gets it counted now, with a streak
 * achievement it now meets unlocked (as the family's next completion would).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: families } = await sql<{
    familyId: string;
    state: string;
  }>`select family_id as "familyId", state from stats`.execute(db);
  const now = new Date().toISOString();
  for (const { familyId, state } of families) {
    const { rows } = await sql<{ day: string }>`
      select distinct local_day as day from activity_log where family_id = ${familyId}`.execute(db);
    const stored = ZProgressState.parse({ ...JSON.parse(state), playedDays: [] });
    const rebuilt = withPlayedDays(stored, rows.map((row) => row.day).sort());
    await sql`update stats set state = ${JSON.stringify(rebuilt.state)}
      where family_id = ${familyId}`.execute(db);
    for (const achievementId of rebuilt.newlyUnlocked) {
      await sql`insert into achievements (family_id, achievement_id, unlocked_at)
        values (${familyId}, ${achievementId}, ${now})`.execute(db);
    }
  }
}

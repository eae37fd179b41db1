import { CATEGORY_IDS } from '../activities/schema.ts';
import type { TAchievementCategory, TProgressState } from './schema.ts';

export interface AchievementDefinition {
  id: string;
  title: string;
  description: string;
  /** A Material icon name. */
  icon: string;
  category: TAchievementCategory;
  points: number;
  maxProgress: number;
  /** How far the family is, 0…maxProgress (capped). */
  progress(state: TProgressState): number;
  /** Whether the state right after a completion unlocks it. */
  isMet(state: TProgressState): boolean;
}

type Counter = (state: TProgressState) => number;

// Most achievements unlock when a counter reaches its target.
function reach(
  definition: Omit<AchievementDefinition, 'progress' | 'isMet'>,
  counter: Counter,
): AchievementDefinition {
  return {
    ...definition,
    progress: (state) => Math.min(counter(state), definition.maxProgress),
    isMet: (state) => counter(state) >= definition.maxProgress,
  };
}

// The spec's "exactly N" conditions (§4): met only while the counter equals N.
function exactly(
  definition: Omit<AchievementDefinition, 'progress' | 'isMet'>,
  counter: Counter,
): AchievementDefinition {
  return {
    ...definition,
    progress: (state) => Math.min(counter(state), definition.maxProgress),
    isMet: (state) => counter(state) === definition.maxProgress,
  };
}

/**
 * The streak achievements: N days in a row. They unlock the first time the family has a run of N
 * or more consecutive played days, the longest streak reaching N. Played in date order the streak
 * grows one day at a time, so that is the completion that makes the streak exactly N (spec §4's
 * "streak exactly 3/7"). A completion synced late can bridge two runs and take the streak past N
 * in one step (2 → 5), or join days into an earlier run of N while the current streak is shorter:
 * the family did play N days in a row, so it unlocks then. Which streak achievements a family has
 * thus depends only on the days it played, not on the order its completions arrived in.
 * Progress shows the current streak, the run a family is working on now.
 */
function daysInARow(
  definition: Omit<AchievementDefinition, 'progress' | 'isMet' | 'category'>,
): AchievementDefinition {
  return {
    ...definition,
    category: 'streaks',
    progress: (state) => Math.min(state.currentStreak, definition.maxProgress),
    isMet: (state) => state.longestStreak >= definition.maxProgress,
  };
}

const totalActivities: Counter = (s) => s.totalActivities;
const totalTimeSpent: Counter = (s) => s.totalTimeSpent;
const builtInCategoriesTried: Counter = (s) =>
  CATEGORY_IDS.filter((id) => s.categoriesTried.includes(id)).length;

/**
 * Every achievement, in display order. The first four are the spec's (§4), with its ids, titles,
 * points and conditions; the rest are ours.
 */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  exactly(
    {
      id: 'first-activity',
      title: 'First Steps',
      description: 'Complete your first activity together.',
      icon: 'emoji_events',
      category: 'activities',
      points: 10,
      maxProgress: 1,
    },
    totalActivities,
  ),
  daysInARow({
    id: 'streak-3',
    title: 'Getting Started',
    description: 'Do an activity three days in a row.',
    icon: 'local_fire_department',
    points: 20,
    maxProgress: 3,
  }),
  daysInARow({
    id: 'streak-7',
    title: 'Week Warrior',
    description: 'Do an activity seven days in a row.',
    icon: 'whatshot',
    points: 50,
    maxProgress: 7,
  }),
  reach(
    {
      id: 'time-1-hour',
      title: 'Quality Time',
      description: 'Spend an hour on activities together.',
      icon: 'schedule',
      category: 'milestones',
      points: 30,
      maxProgress: 60,
    },
    totalTimeSpent,
  ),
  reach(
    {
      id: 'activities-10',
      title: 'Busy Bees',
      description: 'Complete 10 activities.',
      icon: 'local_activity',
      category: 'activities',
      points: 25,
      maxProgress: 10,
    },
    totalActivities,
  ),
  reach(
    {
      id: 'activities-50',
      title: 'Activity Champions',
      description: 'Complete 50 activities.',
      icon: 'military_tech',
      category: 'activities',
      points: 75,
      maxProgress: 50,
    },
    totalActivities,
  ),
  reach(
    {
      id: 'variety-5',
      title: 'Curious Explorers',
      description: 'Try 5 different activities.',
      icon: 'explore',
      category: 'activities',
      points: 25,
      maxProgress: 5,
    },
    (s) => s.activitiesDone.length,
  ),
  reach(
    {
      id: 'all-categories',
      title: 'Well Rounded',
      description:
        'Do an activity from every category: Creative Arts, Physical Activity, Educational, Nature and Social.',
      icon: 'category',
      category: 'activities',
      points: 40,
      maxProgress: CATEGORY_IDS.length,
    },
    builtInCategoriesTried,
  ),
  daysInARow({
    id: 'streak-14',
    title: 'Fortnight of Fun',
    description: 'Do an activity 14 days in a row.',
    icon: 'event_repeat',
    points: 75,
    maxProgress: 14,
  }),
  daysInARow({
    id: 'streak-30',
    title: 'Monthly Marvels',
    description: 'Do an activity 30 days in a row.',
    icon: 'calendar_month',
    points: 150,
    maxProgress: 30,
  }),
  reach(
    {
      id: 'time-10-hours',
      title: 'Ten Hours Together',
      description: 'Spend 10 hours on activities together.',
      icon: 'hourglass_bottom',
      category: 'milestones',
      points: 60,
      maxProgress: 600,
    },
    totalTimeSpent,
  ),
  reach(
    {
      id: 'time-24-hours',
      title: 'A Whole Day of Play',
      description: 'Spend 24 hours on activities together.',
      icon: 'wb_sunny',
      category: 'milestones',
      points: 120,
      maxProgress: 1440,
    },
    totalTimeSpent,
  ),
  reach(
    {
      id: 'activities-100',
      title: 'Century Club',
      description: 'Complete 100 activities.',
      icon: 'workspace_premium',
      category: 'milestones',
      points: 150,
      maxProgress: 100,
    },
    totalActivities,
  ),
  reach(
    {
      id: 'rainy-day-outdoors',
      title: 'Puddle Jumpers',
      description: 'Do an outdoor activity while it is raining.',
      icon: 'umbrella',
      category: 'special',
      points: 30,
      maxProgress: 1,
    },
    (s) => s.rainyOutdoorActivities,
  ),
  reach(
    {
      id: 'early-birds',
      title: 'Early Birds',
      description: 'Finish 3 activities between 5 and 8 in the morning.',
      icon: 'wb_twilight',
      category: 'special',
      points: 20,
      maxProgress: 3,
    },
    (s) => s.earlyActivities,
  ),
  reach(
    {
      id: 'weekend-warriors',
      title: 'Weekend Warriors',
      description: 'Complete 5 activities on Saturdays or Sundays.',
      icon: 'weekend',
      category: 'special',
      points: 30,
      maxProgress: 5,
    },
    (s) => s.weekendActivities,
  ),
];

export const ACHIEVEMENT_BY_ID: ReadonlyMap<string, AchievementDefinition> = new Map(
  ACHIEVEMENTS.map((a) => [a.id, a]),
);

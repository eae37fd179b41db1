import type { TAchievement, TCompletionResult, TFamilyStats } from '@kkb/core/achievements/schema';
import { stubMatchMedia } from '../../../test/browser';

const NOW = '2026-01-05T10:00:00.000Z';

export function stats(overrides: Partial<TFamilyStats> = {}): TFamilyStats {
  return {
    totalActivities: 0,
    currentStreak: 0,
    longestStreak: 0,
    totalPoints: 0,
    achievementsUnlocked: 0,
    totalTimeSpent: 0,
    favoriteActivities: 0,
    lastActivityDate: null,
    byMember: [],
    byChild: [],
    ...overrides,
  };
}

export function achievement(overrides: Partial<TAchievement> = {}): TAchievement {
  return {
    id: 'first-activity',
    userId: 'user-1',
    title: 'First Steps',
    description: 'Complete your first activity together.',
    icon: 'emoji_events',
    category: 'activities',
    points: 10,
    isUnlocked: false,
    unlockedAt: null,
    progress: 0,
    maxProgress: 1,
    ...overrides,
  };
}

export function firstSteps(): TAchievement {
  return achievement({ isUnlocked: true, unlockedAt: NOW, progress: 1 });
}

export function completionResult(newAchievements: TAchievement[]): TCompletionResult {
  return {
    stats: stats({
      totalActivities: 1,
      currentStreak: 1,
      longestStreak: 1,
      totalPoints: 10,
      achievementsUnlocked: 1,
      totalTimeSpent: 30,
      lastActivityDate: '2026-01-05',
    }),
    newAchievements,
    userActivity: {
      id: 'ua-1',
      userId: 'user-1',
      activityId: 'act-1',
      status: 'tried',
      favorite: false,
      tried: true,
      completedAt: NOW,
      completedBy: 'user-1',
      completedChildIds: [],
      createdAt: NOW,
      updatedAt: NOW,
    },
  };
}

/** Makes `window.matchMedia` answer `prefers-reduced-motion: reduce` with `reduce`. */
export function stubReducedMotion(reduce: boolean): void {
  stubMatchMedia((query) => reduce && query.includes('prefers-reduced-motion: reduce'));
}

import type { Migration } from 'kysely/migration';
import * as users from './0001-users.ts';
import * as auth from './0002-auth.ts';
import * as family from './0003-family.ts';
import * as activities from './0004-activities.ts';
import * as achievements from './0005-achievements.ts';
import * as sessionHardening from './0006-session-hardening.ts';
import * as userActivityMarks from './0007-user-activity-marks.ts';
import * as families from './0008-families.ts';
import * as animations from './0009-animations.ts';
import * as notifications from './0010-notifications.ts';
import * as jobs from './0011-jobs.ts';
import * as rateLimits from './0012-rate-limits.ts';
import * as syncActions from './0013-sync-actions.ts';
import * as pushSubscriptions from './0014-push-subscriptions.ts';
import * as plans from './0015-plans.ts';
import * as playedDays from './0016-played-days.ts';
import * as pushSubscriptionOwners from './0017-push-subscription-owners.ts';
import * as accounts from './0018-accounts.ts';
import * as completionChildren from './0019-completion-children.ts';

/** Every migration, in order. Names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-users': users,
  '0002-auth': auth,
  '0003-family': family,
  '0004-activities': activities,
  '0005-achievements': achievements,
  '0006-session-hardening': sessionHardening,
  '0007-user-activity-marks': userActivityMarks,
  '0008-families': families,
  '0009-animations': animations,
  '0010-notifications': notifications,
  '0011-jobs': jobs,
  '0012-rate-limits': rateLimits,
  '0013-sync-actions': syncActions,
  '0014-push-subscriptions': pushSubscriptions,
  '0015-plans': plans,
  '0016-played-days': playedDays,
  '0017-push-subscription-owners': pushSubscriptionOwners,
  '0018-accounts': accounts,
  '0019-completion-children': completionChildren,
};

/**
 * The database as Kysely sees it (camelCase; CamelCasePlugin maps to snake_case columns).
 * Each feature declares its tables beside its repository and they are joined here.
 * Times are ISO 8601 text, booleans are 0/1 integers and free fields are JSON text, so that one
 * set of migrations serves SQLite and PostgreSQL alike.
 */
import type { AnimationTables } from '../modules/animations/tables.ts';
import type { CustomActivityTables } from '../modules/activities/tables.ts';
import type { AchievementTables } from '../modules/achievements/tables.ts';
import type { UserTables } from '../modules/auth/tables.ts';
import type { FamilyTables } from '../modules/family/tables.ts';
import type { FileTables } from '../modules/files/tables.ts';
import type { NotificationTables } from '../modules/notifications/tables.ts';
import type { JobTables } from '../jobs/tables.ts';
import type { IdempotencyTables } from '../plugins/idempotency-repository.ts';
import type { PlanTables } from '../modules/planner/tables.ts';
import type { PushTables } from '../modules/push/tables.ts';
import type { ProgressTables } from '../modules/progress/tables.ts';
import type { SyncTables } from '../modules/sync/tables.ts';
import type { UserActivityTables } from '../modules/user-activities/tables.ts';

export type DB = UserTables &
  AnimationTables &
  AchievementTables &
  FamilyTables &
  FileTables &
  NotificationTables &
  JobTables &
  IdempotencyTables &
  PlanTables &
  PushTables &
  ProgressTables &
  SyncTables &
  CustomActivityTables &
  UserActivityTables;

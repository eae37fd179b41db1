import type { Migration } from 'kysely/migration';
import * as users from './0001-users.ts';

/** Every migration, in order. Names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-users': users,
};

import type { Kysely } from 'kysely';

/**
 * Issue 8 hardening. `users.tokens_valid_after`: access tokens issued before this time are no
 * longer accepted (set by logout-all, a password change and a password reset).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('tokens_valid_after', 'text').execute();
}

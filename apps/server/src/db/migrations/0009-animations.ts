import type { Kysely } from 'kysely';

/**
 * Issue 13: the animation studio's projects, owned by a family like every family record since
 * 0008 (they go with the family); their frames are PNG files in the family's `files`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('animations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) =>
      c.notNull().references('families.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('fps', 'integer', (c) => c.notNull())
    .addColumn('loop', 'integer', (c) => c.notNull())
    .addColumn('frames', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('animations_family_id_updated_at')
    .on('animations')
    .columns(['family_id', 'updated_at'])
    .execute();
}

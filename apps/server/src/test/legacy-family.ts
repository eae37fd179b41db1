import crypto from 'node:crypto';
import { createDefaultProfileDocument } from '@kkb/core/family/profile';
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/**
 * A family of its own for `founder`, as the code before migration 0018 stored it: the profile row
 * named its founder (`user_id`, `email`, `display_name`, `last_login`). For tests of the
 * migrations up to 0018, which run on the schema of their time. Returns the family's id.
 */
export async function createFamilyBefore0018(
  db: Executor,
  founder: { userId: string; email: string; displayName: string },
  nowIso: string,
): Promise<string> {
  const familyId = crypto.randomUUID();
  const document = createDefaultProfileDocument(
    { uid: founder.userId, email: founder.email, displayName: founder.displayName, photoURL: null },
    nowIso,
  );
  const { familyName, location, timezone } = document.familyInfo;
  await sql`insert into families (id, created_at) values (${familyId}, ${nowIso})`.execute(db);
  await sql`insert into family_members (user_id, family_id, role, joined_at)
    values (${founder.userId}, ${familyId}, 'owner', ${nowIso})`.execute(db);
  await sql`insert into profiles (family_id, user_id, email, display_name, photo_url, family_info,
      location, preferences, created_at, updated_at, last_login)
    values (${familyId}, ${founder.userId}, ${founder.email}, ${document.displayName},
      ${document.photoURL}, ${JSON.stringify({ familyName, location, timezone })},
      ${JSON.stringify(document.location)}, ${JSON.stringify(document.preferences)}, ${nowIso},
      ${nowIso}, ${nowIso})`.execute(db);
  return familyId;
}

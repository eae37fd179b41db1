/**
 * The catalogue a device keeps (issue 30, DESIGN "Local-first"): in two parts, so that what
 * changes often costs little to fetch again.
 *
 * - The built-in part (`GET /catalogue/builtin/{version}`): every built-in activity and the
 *   categories, the same for every family. Public and immutable: its address names its version,
 *   so a device downloads it once per catalogue version and any cache may keep it.
 * - The family's part (`GET /catalogue`, signed in): the family's own activities, the version of
 *   the whole and where its built-in part is. Small, revalidated on each visit (ETag).
 *
 * A device stores both under the whole's `version`, and replaces them together, so it never
 * holds a mix of two versions.
 */
import { z } from 'zod';
import { ZActivity, ZCategory } from './schema.ts';

/** The part every family shares; its `version` is a hash of its content. */
export const ZBuiltInCatalogue = z.object({
  version: z.string(),
  activities: z.array(ZActivity),
  categories: z.array(ZCategory),
});
export type TBuiltInCatalogue = z.infer<typeof ZBuiltInCatalogue>;

/** `GET /catalogue`: the family's part, and which built-in part goes with it. */
export const ZFamilyCatalogue = z.object({
  /**
   * The version of the whole catalogue (`<built-in version>-<own activities version>`), also the
   * answer's ETag: it changes when the built-in catalogue does and when the family adds, changes
   * or deletes one of its own activities.
   */
  version: z.string(),
  builtIn: z.object({
    version: z.string(),
    /** The built-in part's address (under the API's origin), immutable. */
    url: z.string(),
  }),
  /** The family's own activities, oldest first (they follow the built-in ones in lists). */
  ownActivities: z.array(ZActivity),
});
export type TFamilyCatalogue = z.infer<typeof ZFamilyCatalogue>;

/** The version of the whole catalogue, from the versions of its two parts. */
export function catalogueVersion(builtInVersion: string, ownVersion: string): string {
  return `${builtInVersion}-${ownVersion}`;
}

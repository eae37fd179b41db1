/**
 * A family's own activities have ids with this prefix, so they never collide with built-in ones.
 * A module of its own, without zod: pages that only tell the two apart do not load the schemas.
 */
export const OWN_ACTIVITY_ID_PREFIX = 'own-';

export function isOwnActivityId(activityId: string): boolean {
  return activityId.startsWith(OWN_ACTIVITY_ID_PREFIX);
}

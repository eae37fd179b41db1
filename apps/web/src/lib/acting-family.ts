// Beside the offline queue rather than in it: the app shell sets it on every page, and the queue
// (with core's sync schemas) loads only when something is queued or sent.
let actingFamilyId: string | undefined;

/**
 * The family the signed-in member acts in now (the app shell follows `GET /family`). Each action
 * queued from then on carries it, so one done in a family the member is removed from before it
 * syncs is refused by the server, never applied to the family they are in then.
 */
export function setActingFamily(familyId: string | undefined): void {
  actingFamilyId = familyId;
}

export function actingFamily(): string | undefined {
  return actingFamilyId;
}

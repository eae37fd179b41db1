// Beside the offline queue rather than in it: the app shell sets it on every page, and the queue
// (with core's sync schemas) loads only when something is queued or sent.
let actingFamilyId: string | undefined;
let familyNameOfActing: string | undefined;

/**
 * The family the signed-in member acts in now (the app shell follows `GET /family` and the
 * profile). Each action queued from then on carries its id, so one done in a family the member is
 * removed from before it syncs is refused by the server, never applied to the family they are in
 * then; the device keeps its name beside the action, to say which family that was.
 */
export function setActingFamily(familyId: string | undefined, familyName?: string): void {
  actingFamilyId = familyId;
  familyNameOfActing = familyId === undefined ? undefined : familyName;
}

export function actingFamily(): string | undefined {
  return actingFamilyId;
}

/** The acting family's name, as the member knows it (the profile's `familyName`). */
export function actingFamilyName(): string | undefined {
  return familyNameOfActing;
}

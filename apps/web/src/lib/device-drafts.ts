/**
 * Work a parent has started and not saved yet (a plan with its locks and swaps), kept on this
 * device so that going to another page, or reloading, does not lose it. One entry per user and
 * family: another parent signing in on the device, or the same one after changing families, never
 * gets it. Kept in local storage (small, read at once as a page mounts) and cleared with the rest
 * of what the device keeps of a family: at sign-out, and when joining or leaving a family.
 */

const PREFIX = 'kkb:draft:';

/** Whose draft: the signed-in user in their family. */
export interface DraftOwner {
  userId: string;
  familyId: string;
}

const keyOf = (name: string, { userId, familyId }: DraftOwner) =>
  `${PREFIX}${userId}:${familyId}:${name}`;

/** The kept draft `name`, as it was written (the caller checks its shape), or null. */
export function readDeviceDraft(name: string, owner: DraftOwner): unknown {
  try {
    const text = localStorage.getItem(keyOf(name, owner));
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** Keeps `value` as the draft `name`; null removes it (saved or discarded). */
export function writeDeviceDraft(name: string, owner: DraftOwner, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(keyOf(name, owner));
    else localStorage.setItem(keyOf(name, owner), JSON.stringify(value));
  } catch {
    // Storage full or turned off: the draft then lives as long as the page.
  }
}

/** Forgets every kept draft, of every user and family. */
export function clearDeviceDrafts(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Nothing kept without storage.
  }
}

import { oneLine } from '@kkb/core/family/names';
import { FOREIGN_FAMILY_SYNC_MESSAGE } from '@kkb/core/sync/schema';
import type { QueuedAction } from '../../lib/offline-db';
import { describeQueuedAction } from './describe-action';

/**
 * An offline action the server did not apply, with the names it refers to as the app had them
 * when the server answered (an activity's title, a child's name), before the answers are fetched
 * again. Described only when the note shows, in its own chunk.
 */
export interface RejectedNote {
  /** With the name of the family it was done in, kept beside it on the device. */
  action: QueuedAction;
  /** Why the server did not apply it. */
  detail: string;
  activityTitle?: string;
  childName?: string;
}

/** The actions done in a family the member is no longer a member of: one message for them all. */
export interface RemovalNote {
  key: string;
  headline: string;
  notSaved: { key: string; what: string }[];
}

export interface GroupedNotes {
  removals: RemovalNote[];
  /** Refused each for a reason of its own: "what: why". */
  others: { key: string; text: string }[];
}

/** "You are no longer a member of “The Smiths”", or of an unnamed family (a queue from before names). */
export function removalHeadline(familyName: string | undefined): string {
  const name = familyName === undefined ? '' : oneLine(familyName);
  return name === ''
    ? 'You are no longer a member of the family these were done in'
    : `You are no longer a member of “${name}”`;
}

/**
 * Sorts what the server refused: actions refused because the member was removed from (or left)
 * the family they were done in go under one message per family, naming it and listing every one
 * of them; the others keep their own reasons. Nothing is left out.
 */
export function groupRejections(notes: readonly RejectedNote[]): GroupedNotes {
  const removals = new Map<string, RemovalNote>();
  const others: GroupedNotes['others'] = [];
  for (const { action, detail, activityTitle, childName } of notes) {
    const key = action.clientId;
    const what = describeQueuedAction(action, {
      activityTitle: () => activityTitle,
      childName: () => childName,
    });
    if (detail !== FOREIGN_FAMILY_SYNC_MESSAGE) {
      others.push({ key, text: `${what}: ${detail}` });
      continue;
    }
    const family = action.familyName ?? '';
    const removal = removals.get(family) ?? {
      key,
      headline: removalHeadline(action.familyName),
      notSaved: [],
    };
    removal.notSaved.push({ key, what });
    removals.set(family, removal);
  }
  return { removals: [...removals.values()], others };
}

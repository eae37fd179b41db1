import type { TQueuedSyncAction } from '@kkb/core/sync/schema';

/** What the app knew of the names an action refers to (from its cached answers). */
export interface ActionNames {
  activityTitle: (activityId: string) => string | undefined;
  childName: (childId: string) => string | undefined;
}

/**
 * What the parent did, in their words, for a note about an offline action the server did not
 * apply: "Favourited “Paper boats”", "Marked “Paper boats” done", "Added Mia".
 */
export function describeQueuedAction(action: TQueuedSyncAction, names: ActionNames): string {
  const payload = (action.payload ?? {}) as Record<string, unknown>;
  const activity = () => {
    const title = names.activityTitle(String(payload.activityId));
    return title === undefined ? 'an activity' : `“${title}”`;
  };
  const child = () => names.childName(String(payload.childId)) ?? 'a child';
  switch (action.kind) {
    case 'saveUserActivity':
      if (payload.mark === 'favorite') {
        return payload.on === true ? `Favourited ${activity()}` : `Unfavourited ${activity()}`;
      }
      return payload.on === true ? `Marked ${activity()} tried` : `Unmarked ${activity()} as tried`;
    case 'removeUserActivity':
      return `Removed ${activity()} from My Activities`;
    case 'addAchievement':
      return `Marked ${activity()} done`;
    case 'updateProfile':
      return 'Changed the family profile';
    case 'addChild':
      return `Added ${typeof payload.name === 'string' ? payload.name : 'a child'}`;
    case 'updateChild':
      return `Changed ${child()}’s details`;
    case 'removeChild':
      return `Removed ${child()}`;
    default:
      return 'An offline change';
  }
}

import type { TQueuedSyncAction } from '@kkb/core/sync/schema';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { getActivityQueryOptions } from '../../features/activities/api/get-activity';
import { useAuth } from '../../features/auth/components/use-auth';
import { useFamily } from '../../features/family/api/get-family';
import { getProfileQueryOptions } from '../../features/family/api/get-profile';
import { setActingFamily } from '../../lib/acting-family';
import { deferredComponent } from '../../lib/deferred-component';
import { claimQueue } from '../../lib/offline-queue';
import { offlineSync } from '../../lib/offline-sync';
import type { RejectedAction } from '../../lib/sync-queue';

const note = deferredComponent(
  async () => (await import('./rejected-actions-note')).RejectedActionsNote,
);

/** What the parent did, in their words, for a note about an action the server refused. */
function describeQueuedAction(action: TQueuedSyncAction, queryClient: QueryClient): string {
  const payload = (action.payload ?? {}) as Record<string, unknown>;
  const activityTitle = () => {
    const id = String(payload.activityId);
    const title = queryClient.getQueryData(getActivityQueryOptions(id).queryKey)?.title;
    return title === undefined ? 'an activity' : `“${title}”`;
  };
  const childName = () => {
    const profile: TFamilyProfile | null | undefined = queryClient.getQueryData(
      getProfileQueryOptions().queryKey,
    );
    const name = profile?.familyInfo.children.find((child) => child.id === payload.childId)?.name;
    return name === undefined ? 'a child' : name;
  };
  switch (action.kind) {
    case 'saveUserActivity': {
      const mark = payload.mark === 'favorite' ? 'favourite' : 'tried';
      return payload.on === true
        ? `Marking ${activityTitle()} as ${mark}`
        : `Removing ${activityTitle()} from ${mark}`;
    }
    case 'removeUserActivity':
      return `Removing ${activityTitle()} from My Activities`;
    case 'addAchievement':
      return `Marking ${activityTitle()} as done`;
    case 'updateProfile':
      return 'A change to the family profile';
    case 'addChild':
      return `Adding ${typeof payload.name === 'string' ? payload.name : 'a child'}`;
    case 'updateChild':
      return `A change to ${childName()}`;
    case 'removeChild':
      return `Removing ${childName()}`;
    default:
      return 'An offline change';
  }
}

/**
 * Sends what was done offline once the connection is back (lib/offline-sync), for the signed-in
 * user: the cached answers are fetched again afterwards, so what the server made of the actions
 * shows, and an action it refused is dropped with a note saying why (never retried forever).
 */
export function OfflineSync() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const userId = auth.status === 'authenticated' ? auth.user.id : null;
  const familyId = useFamily({ enabled: userId !== null }).data?.id;
  const [notes, setNotes] = useState<{ key: string; text: string }[]>([]);

  // What is queued from now on is marked as done in this family (the server refuses it elsewhere).
  useEffect(() => {
    setActingFamily(userId === null ? undefined : familyId);
  }, [userId, familyId]);

  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    const noteOf = ({ action, detail }: RejectedAction) => ({
      key: action.clientId,
      text: `${describeQueuedAction(action, queryClient)}: ${detail}`,
    });
    claimQueue(userId)
      .catch(() => undefined)
      .then(() => {
        if (cancelled) return;
        stop = offlineSync.start({
          onReport: (report) => {
            if (report.rejected.length > 0) {
              setNotes((current) => [...current, ...report.rejected.map(noteOf)]);
            }
            // Actions reached the server: anything shown may have changed. The server merely back:
            // what failed meanwhile is asked again, not everything (with one endpoint still
            // failing, the others' answers would bring it back, again and again).
            const changed = report.applied > 0 || report.rejected.length > 0;
            void queryClient.invalidateQueries(
              changed ? undefined : { predicate: (query) => query.state.status === 'error' },
            );
          },
        });
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, queryClient]);

  if (notes.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <note.Component notes={notes} onClose={() => setNotes([])} />
    </Suspense>
  );
}

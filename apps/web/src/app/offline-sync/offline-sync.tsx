import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { getActivityQueryOptions } from '../../features/activities/api/get-activity';
import { heldCatalogue } from '../../features/activities/api/held-catalogue';
import { useAuth } from '../../features/auth/components/use-auth';
import { useFamily } from '../../features/family/api/get-family';
import { getProfileQueryOptions, useProfile } from '../../features/family/api/get-profile';
import { setActingFamily } from '../../lib/acting-family';
import { deferredComponent } from '../../lib/deferred-component';
import { catalogueActivity } from '../../lib/device-catalogue';
import { claimQueue } from '../../lib/offline-queue';
import { offlineSync, settledAny } from '../../lib/offline-sync';
import type { RejectedAction } from '../../lib/sync-queue';
import type { RejectedNote } from './rejected-notes';

const note = deferredComponent(
  async () => (await import('./rejected-actions-note')).RejectedActionsNote,
);

/**
 * A refused action with the names it refers to, read from the cached answers now, before they are
 * fetched again (a child removed offline is gone from the profile by then). The note, a chunk of
 * its own, puts it in words.
 */
function noteOf({ action, detail }: RejectedAction, queryClient: QueryClient): RejectedNote {
  const { activityId, childId } = (action.payload ?? {}) as Record<string, unknown>;
  const held = heldCatalogue(queryClient);
  const activityTitle =
    typeof activityId === 'string'
      ? ((held && catalogueActivity(held, activityId)?.title) ??
        queryClient.getQueryData(getActivityQueryOptions(activityId).queryKey)?.title)
      : undefined;
  const childName = queryClient
    .getQueryData(getProfileQueryOptions().queryKey)
    ?.familyInfo.children.find((child) => child.id === childId)?.name;
  return {
    action,
    detail,
    ...(activityTitle !== undefined && { activityTitle }),
    ...(childName !== undefined && { childName }),
  };
}

/**
 * Sends what was done offline once the connection is back (lib/offline-sync), for the signed-in
 * user: the cached answers are fetched again afterwards, so what the server made of the actions
 * shows, and an action it refused is dropped with a note saying why (never retried forever);
 * those refused because the member is no longer in the family they were done in are listed under
 * one message naming that family.
 */
export function OfflineSync() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const userId = auth.status === 'authenticated' ? auth.user.id : null;
  const familyId = useFamily({ enabled: userId !== null }).data?.id;
  const familyName = useProfile({ enabled: userId !== null }).data?.familyInfo.familyName;
  const [notes, setNotes] = useState<RejectedNote[]>([]);

  // What is queued from now on is marked as done in this family (the server refuses it elsewhere).
  useEffect(() => {
    setActingFamily(userId === null ? undefined : familyId, familyName);
  }, [userId, familyId, familyName]);

  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    claimQueue(userId)
      .catch(() => undefined)
      .then(() => {
        if (cancelled) return;
        stop = offlineSync.start({
          onReport: (report) => {
            if (report.rejected.length > 0) {
              setNotes((current) => [
                ...current,
                ...report.rejected.map((rejected) => noteOf(rejected, queryClient)),
              ]);
            }
            // Actions reached the server: anything shown may have changed, and what the app showed
            // of them (a duplicate's too) gives way to the server's answers. The server merely
            // back: what failed meanwhile is asked again, not everything (with one endpoint still
            // failing, the others' answers would bring it back, again and again).
            const changed = settledAny(report);
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

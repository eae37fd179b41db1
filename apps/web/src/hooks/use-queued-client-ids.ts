import { useEffect, useState } from 'react';
import { readQueue, subscribe } from '../lib/offline-queue';

const NONE: ReadonlySet<string> = new Set();

/**
 * The clientIds of the actions waiting in the offline queue, kept current as it changes (in any
 * tab). A child added offline is listed under its add's clientId until it syncs: this tells the
 * screens it is not saved on the server yet.
 */
export function useQueuedClientIds(): ReadonlySet<string> {
  const [clientIds, setClientIds] = useState(NONE);
  useEffect(() => {
    let current = true;
    const read = () => {
      readQueue()
        .then((queue) => {
          if (current) setClientIds(new Set(queue.map((action) => action.clientId)));
        })
        // Without IndexedDB nothing can be queued either.
        .catch(() => undefined);
    };
    const unsubscribe = subscribe(read);
    read();
    return () => {
      current = false;
      unsubscribe();
    };
  }, []);
  return clientIds;
}

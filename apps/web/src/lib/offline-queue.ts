import { randomId } from './random-id';

/**
 * The offline action queue (spec §3 "Pending offline action", §9: a local storage entry).
 * Actions wait here while the app is offline; the sync that sends them is added by a later issue.
 */
export interface PendingAction {
  id: string;
  action: string;
  data: unknown;
  /** ISO time the action was queued. */
  timestamp: string;
}

export const OFFLINE_QUEUE_KEY = 'kkb:offline-queue';

type QueueListener = () => void;
const listeners = new Set<QueueListener>();

function isPendingAction(value: unknown): value is PendingAction {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.action === 'string' &&
    typeof entry.timestamp === 'string'
  );
}

/** The queued actions, oldest first; a missing or unreadable entry is an empty queue. */
export function readQueue(): PendingAction[] {
  const raw = localStorage.getItem(OFFLINE_QUEUE_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isPendingAction) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: PendingAction[]): void {
  localStorage.setItem(OFFLINE_QUEUE_KEY, JSON.stringify(queue));
  for (const listener of listeners) listener();
}

/** Adds an action to the end of the queue and returns it. */
export function enqueue(action: string, data: unknown): PendingAction {
  const entry: PendingAction = {
    id: randomId(),
    action,
    data,
    timestamp: new Date().toISOString(),
  };
  writeQueue([...readQueue(), entry]);
  return entry;
}

/** Removes one processed action. */
export function removeFromQueue(id: string): void {
  writeQueue(readQueue().filter((entry) => entry.id !== id));
}

/**
 * Calls `listener` whenever the queue changes, in this tab or in another one (storage event).
 * Returns the unsubscribe function.
 */
export function subscribe(listener: QueueListener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === OFFLINE_QUEUE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

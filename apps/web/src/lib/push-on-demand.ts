/**
 * lib/push loaded only when it is needed, so the first route's bundle never carries it (pages
 * with the push switch import it themselves). Neither call fails: without push (or without the
 * chunk, offline) there is simply nothing to do.
 */

/** Spec §9 renewal, and a subscription the browser replaced, sent to the server. */
export function renewPushOnDemand(): Promise<void> {
  return import('./push').then(({ renewPushIfDue }) => renewPushIfDue()).catch(() => undefined);
}

/** Signing out: this device stops receiving the user's pushes, while the session can still say so. */
export function disablePushOnDemand(): Promise<void> {
  return import('./push').then(({ disablePush }) => disablePush()).catch(() => undefined);
}

// Apart from the sync schemas: the web app's sign-out sends the queue in batches of this size, on
// pages that carry no schema code.

/** At most this many actions per request; a longer queue goes in several requests, in order. */
export const MAX_SYNC_ACTIONS = 100;

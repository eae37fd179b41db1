import { readLiveEvent } from '@kkb/core/events/live-event';
import type { TLiveEvent } from '@kkb/core/events/schema';
import { EventSource, type FetchLike } from 'eventsource';
import { getAccessToken, refreshAccessToken } from './api-client';
import { reportServerReachable } from './connectivity';

/**
 * The live event stream (`GET /api/v1/events`, Server-Sent Events): what changed on the server,
 * so the app refetches it. The access token goes in the Authorization header, never in the URL:
 * the `eventsource` package reads the stream through `fetch`, which can send headers (the
 * browser's own EventSource cannot). Reconnections send `Last-Event-ID`; the server resumes from
 * it, or sends `resync` when it cannot.
 */
export const LIVE_EVENTS_PATH = '/api/v1/events';

export interface LiveEventOptions {
  /** The first wait before reopening a refused stream (a 5xx, say); it doubles up to a minute. */
  retryAfterMs?: number;
}

const MAX_RETRY_MS = 60_000;

async function fetchReportingReachability(url: string | URL, init: RequestInit): Promise<Response> {
  try {
    const response = await fetch(url, init);
    reportServerReachable(true);
    return response;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      reportServerReachable(false);
    }
    throw error;
  }
}

function parse(data: string): TLiveEvent | null {
  try {
    // A kind this app does not know yet (a newer server) is left alone.
    return readLiveEvent(JSON.parse(data));
  } catch {
    return null;
  }
}

/**
 * Opens the stream and keeps it open: the `eventsource` package reconnects a dropped stream
 * itself (the server ends it when the access token expires, too); a refused one (not 200) it
 * gives up on, so this reopens it after a growing wait, resuming from the last event seen. A 401
 * after a refresh, a 204, or the session gone, means "stop". Returns `close`.
 */
export function openLiveEvents(
  onEvent: (event: TLiveEvent) => void,
  { retryAfterMs = 5_000 }: LiveEventOptions = {},
): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = retryAfterMs;
  let lastEventId = '';
  let closed = false;

  /**
   * `fetch` with the current access token (read at each connection, so a reconnection uses the
   * token of the latest silent refresh). A 401 means the token ran out: refresh once, try again.
   */
  const fetchWithToken: FetchLike = async (url, init) => {
    const send = () => {
      const token = getAccessToken();
      const headers: Record<string, string> = { ...init.headers };
      if (token !== null) headers.Authorization = `Bearer ${token}`;
      // A stream this opens anew (after a refusal) resumes too; the package's own reconnections
      // already carry the header.
      if (lastEventId !== '' && headers['Last-Event-ID'] === undefined) {
        headers['Last-Event-ID'] = lastEventId;
      }
      return fetchReportingReachability(url, { ...init, headers });
    };
    const response = await send();
    if (response.status !== 401) return response;
    // A refused refresh ends the session (and, below, the stream).
    await refreshAccessToken();
    return send();
  };

  const connect = () => {
    const current = new EventSource(LIVE_EVENTS_PATH, { fetch: fetchWithToken });
    source = current;
    current.addEventListener('open', () => {
      retryDelay = retryAfterMs;
    });
    current.addEventListener('message', (message) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      const event = parse(String(message.data));
      if (event !== null) onEvent(event);
    });
    current.addEventListener('error', (error) => {
      // Signed out meanwhile (a refused refresh): nothing to reconnect for.
      if (getAccessToken() === null) {
        current.close();
        return;
      }
      if (closed || current.readyState !== EventSource.CLOSED) return;
      if (error.code === 401 || error.code === 204) return;
      retryTimer = setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
    });
  };

  connect();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    source?.close();
  };
}

/**
 * How long the server waits on a client (issue 28): a connection that trickles its headers or its
 * body, or goes quiet, is closed instead of holding a socket for ever. The reasons for each value
 * are in docs/operations.md ("Timeouts").
 */
export interface HttpTimeouts {
  /** The request line and headers must have arrived within this (headers trickled: slowloris). */
  headersMs: number;
  /** The whole request, body included, within this: a 5 MB upload needs about 350 kbit/s. */
  requestMs: number;
  /**
   * A connection with nothing sent either way for this long is closed. A live event stream sends
   * a heartbeat every 25 s, so it never goes quiet that long.
   */
  idleMs: number;
  /** An idle keep-alive connection waits this long for its next request (above proxies' pools). */
  keepAliveMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 20_000,
  requestMs: 120_000,
  idleMs: 60_000,
  keepAliveMs: 125_000,
};

/**
 * How often Node looks for requests past their headers or request time. Its default, 30 s, let a
 * request trickle on for up to 30 s past its limit.
 */
const MAX_CHECK_INTERVAL_MS = 1000;

/** The Fastify (and node:http) server options that apply `timeouts`. */
export function serverTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, timeouts.headersMs / 4),
    },
  };
}

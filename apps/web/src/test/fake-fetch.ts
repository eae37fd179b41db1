import { vi } from 'vitest';

/** One request as the fake server saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

/**
 * A stand-in for `fetch` (MSW is not installed): answers by "METHOD /path". Several responders
 * for one route answer in turn, the last one repeating; an unknown route answers 404.
 */
export function installFakeFetch() {
  const routes = new Map<string, Responder[]>();
  const requests: RecordedRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      // JSON parsed; raw bytes (an upload) as the Blob sent.
      body:
        typeof init.body === 'string'
          ? JSON.parse(init.body)
          : init.body instanceof Blob
            ? init.body
            : undefined,
    };
    requests.push(request);
    const responders = routes.get(`${request.method} ${request.path}`);
    const responder = responders?.length === 1 ? responders[0] : responders?.shift();
    if (responder === undefined) {
      return jsonResponse(404, { detail: 'Not found', code: 'DATA_NOT_FOUND' });
    }
    return responder(request);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    /** Answers `METHOD path` with each responder in turn (a Response-returning function). */
    on(route: string, ...responders: Responder[]) {
      routes.set(route, responders);
    },
    /** The requests made to `METHOD path`, in order. */
    requestsTo(route: string): RecordedRequest[] {
      return requests.filter((request) => `${request.method} ${request.path}` === route);
    },
  };
}

export type FakeFetch = ReturnType<typeof installFakeFetch>;

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_TIMEOUTS } from './http-timeouts.ts';
import { createUser } from './test/create-user.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/** What a raw connection got before the server closed it, and when it was closed. */
interface Closed {
  response: string;
  afterMs: number;
}

/**
 * Opens a raw TCP connection, writes `head`, then `drip` every 100 ms until the server closes the
 * connection (or `giveUpMs` passes: then `afterMs` is Infinity). Timed on the monotonic clock: the
 * wall clock of a busy virtual machine can be stepped while a test waits.
 */
function trickle(port: number, head: string, drip: string, giveUpMs = 8000): Promise<Closed> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let response = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (response += chunk));
    socket.on('error', () => {});
    const dripping = setInterval(() => {
      if (!socket.destroyed) socket.write(drip);
    }, 100);
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ response, afterMs: Number.POSITIVE_INFINITY });
    }, giveUpMs);
    socket.on('close', () => {
      clearInterval(dripping);
      clearTimeout(giveUp);
      resolve({ response, afterMs: performance.now() - started });
    });
  });
}

const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));

describe('the server waits on a client deliberately (issue 28)', () => {
  it('20 s for the headers, 2 min for a whole request, 60 s of silence, 125 s between requests', async () => {
    const t = await createTestApp();
    try {
      const { server } = t.app;
      expect(HTTP_TIMEOUTS).toEqual({
        headersMs: 20_000,
        requestMs: 120_000,
        idleMs: 60_000,
        keepAliveMs: 125_000,
      });
      expect(server.headersTimeout).toBe(20_000);
      expect(server.requestTimeout).toBe(120_000);
      expect(server.timeout).toBe(60_000);
      expect(server.keepAliveTimeout).toBe(125_000);
    } finally {
      await t.close();
    }
  });
});

/** The same rules with short times, on a real listening server and raw sockets. */
describe('slow clients on a listening server (issue 28)', () => {
  const timeouts = { headersMs: 1000, requestMs: 2500, idleMs: 1500, keepAliveMs: 1500 };
  let t: TestApp;
  let port: number;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({}, { httpTimeouts: timeouts, heartbeatMs: 300 });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(baseUrl).port);
  });
  afterAll(() => t.close());

  it('headers trickled past their time are answered 408 {detail, code} and the connection closed', async () => {
    const closed = await trickle(
      port,
      'GET /api/v1/health HTTP/1.1\r\nHost: kkb\r\n',
      'X-Slow: 1\r\n',
    );
    // The answer first: a close for another reason shows as itself, not as a wrong time.
    expect(closed.response).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.afterMs).toBeGreaterThanOrEqual(timeouts.headersMs - 50);
    // Node looks for late requests every 250 ms here (every second with the real times).
    expect(closed.afterMs).toBeLessThan(timeouts.headersMs + 1500);
    expect(bodyOf(closed.response)).toEqual({
      detail: 'The request did not arrive in time',
      code: 'TIMEOUT_ERROR',
    });
  });

  it('a body trickled past the request time is answered 408 and the connection closed', async () => {
    const closed = await trickle(
      port,
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: kkb\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100000\r\n\r\n{"email":"',
      'a',
    );
    expect(closed.response).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.afterMs).toBeGreaterThanOrEqual(timeouts.requestMs - 50);
    expect(closed.afterMs).toBeLessThan(timeouts.requestMs + 1500);
    expect(bodyOf(closed.response).code).toBe('TIMEOUT_ERROR');
  });

  it('a connection that sends nothing is closed too', async () => {
    const closed = await trickle(port, '', '');
    expect(closed.afterMs).toBeLessThan(timeouts.headersMs + 1500);
  });

  it('a slow but steady upload that arrives within the request time is answered as usual', async () => {
    const body = JSON.stringify({ email: 'slow.phone@example.com', password: 'not-the-password' });
    const chunks = body.match(/.{1,4}/g) ?? [];
    const started = performance.now();
    const response = await new Promise<string>((resolve) => {
      let received = '';
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/v1/auth/login HTTP/1.1\r\nHost: kkb\r\nContent-Type: application/json\r\n' +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        );
        const next = () => {
          const chunk = chunks.shift();
          if (chunk === undefined) return;
          socket.write(chunk);
          setTimeout(next, 100);
        };
        next();
      });
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => resolve(received));
    });
    // Longer than the headers may take: that limit is for the headers alone.
    expect(performance.now() - started).toBeGreaterThan(timeouts.headersMs);
    expect(response).toMatch(/^HTTP\/1\.1 401 /);
    expect(bodyOf(response).code).toBe('INVALID_CREDENTIALS');
  });

  it('a live event stream stays open past the request and silence times (its heartbeats)', async () => {
    const user = await createUser(t.app);
    const controller = new AbortController();
    const res = await fetch(`${baseUrl}/api/v1/events`, {
      headers: user.authHeader,
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const started = performance.now();
    const until = timeouts.requestMs + timeouts.idleMs;
    while (performance.now() - started < until) {
      const { value, done } = await reader.read();
      expect(done, 'the stream ended').toBe(false);
      text += decoder.decode(value, { stream: true });
    }
    expect(text.split(': ping').length - 1).toBeGreaterThan(until / 300 - 3);
    controller.abort();
  });
});

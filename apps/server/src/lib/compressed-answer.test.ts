import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CompressedAnswer, COMPRESSION_THRESHOLD_BYTES } from './compressed-answer.ts';

const BIG = JSON.stringify({ words: 'play outside today '.repeat(200) });
const SMALL = JSON.stringify({ words: 'hi' });

/** A bare app that sends `json` through a CompressedAnswer, made once. */
async function serving(json: string) {
  const app = Fastify();
  const answer = new CompressedAnswer(json);
  app.get('/', (request, reply) => answer.send(request, reply));
  await app.ready();
  return (acceptEncoding?: string) =>
    app.inject({ url: '/', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

describe('an answer kept with its compressed forms', () => {
  it('is negotiated as the compression plugin does: br first, then gzip (also * and x-gzip)', async () => {
    expect(BIG.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const get = await serving(BIG);
    const cases: [string | undefined, string | undefined][] = [
      ['br, gzip', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['*', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await get(accept);
      expect(res.headers['content-encoding'], String(accept)).toBe(expected);
      const body =
        expected === 'br'
          ? zlib.brotliDecompressSync(res.rawPayload)
          : expected === 'gzip'
            ? zlib.gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(body.toString(), String(accept)).toBe(BIG);
      expect(res.headers.vary).toBe('accept-encoding');
    }
  });

  it('sends an answer under the threshold as it is', async () => {
    const res = await (await serving(SMALL))('br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SMALL);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('keeps non-ASCII text intact', async () => {
    const json = JSON.stringify({ words: 'Schnitzeljagd im Grünen – 🌳 '.repeat(100) });
    const res = await (await serving(json))('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(json);
  });
});

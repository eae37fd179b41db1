import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Encodings the API answers in, preferred first. */
export const API_ENCODINGS = ['br', 'gzip'] as const;
export type ApiEncoding = (typeof API_ENCODINGS)[number];
/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * Fast levels. Most answers are compressed for one send (an uncached answer, any answer after a
 * write), so a level's CPU counts more than its last bytes. On a recommendations answer (13 KB of
 * JSON): brotli quality 3 makes 5.1 KB in about 0.14 ms, quality 4 makes 5.0 KB in twice that;
 * gzip level 4 makes 5.0 KB in 0.15 ms, the default level 6 makes 4.9 KB in 0.28 ms. Browsers
 * offer brotli only over HTTPS, so a server on a home network without TLS answers in gzip.
 */
export const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 },
};
export const GZIP_OPTIONS: zlib.ZlibOptions = { level: 4 };
const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The encoding a request accepts, negotiated as @fastify/compress does (`*` and `x-gzip` are
 * gzip); undefined for none of ours.
 */
export function acceptedEncoding(request: FastifyRequest): ApiEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  const asked = header.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  return negotiate(asked, [...API_ENCODINGS]) ?? undefined;
}

/**
 * A JSON answer that is sent many times (a cached one): its UTF-8 bytes and each compressed form
 * are made the first time a client needs them, instead of on every send as the compression
 * plugin does for answers it has not seen.
 */
export class CompressedAnswer {
  private readonly bytes: Buffer;
  private readonly encoded = new Map<ApiEncoding, Buffer>();

  constructor(json: string) {
    this.bytes = Buffer.from(json, 'utf8');
  }

  private encode(encoding: ApiEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.bytes, BROTLI_OPTIONS)
          : zlib.gzipSync(this.bytes, GZIP_OPTIONS);
      this.encoded.set(encoding, body);
    }
    return body;
  }

  /** Sends the answer in the encoding the request accepts, or as it is. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const encoding = encodingFor(request, reply, this.bytes);
    if (!encoding) return reply.send(this.bytes);
    // A Content-Encoding already set tells the compression plugin to leave the body alone.
    return reply.header('content-encoding', encoding).send(this.encode(encoding));
  }
}

/**
 * Sets what every JSON answer of ours says, and returns the encoding to send `bytes` in: none
 * for a small answer or a request that accepts none of ours.
 */
function encodingFor(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: Buffer,
): ApiEncoding | undefined {
  // Shared caches must keep one copy per encoding, whichever this one is.
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  return bytes.length >= COMPRESSION_THRESHOLD_BYTES ? acceptedEncoding(request) : undefined;
}

/**
 * A JSON answer that does not change for the life of the process (the built-in catalogue): each
 * compressed form is made once, at the best level, off the event loop (zlib's thread pool), the
 * first time a client asks for it; clients asking meanwhile wait for the same one. On the built-in
 * catalogue (about 700 KB of JSON) brotli's best quality makes 180 KB where the fast one makes
 * 226 KB, in a second or two of one core instead of a tenth: once per process, for bytes every
 * phone downloads.
 */
export class StaticAnswer {
  readonly bytes: Buffer;
  private readonly encoded = new Map<ApiEncoding, Promise<Buffer>>();

  constructor(json: string) {
    this.bytes = Buffer.from(json, 'utf8');
  }

  /** The answer's bytes in `encoding`. */
  encode(encoding: ApiEncoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompress(this.bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
              },
            })
          : gzip(this.bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
      // A failure is not kept: the next client tries again.
      body.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, body);
    }
    return body;
  }

  /** Sends the answer in the encoding the request accepts, or as it is. */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const encoding = encodingFor(request, reply, this.bytes);
    if (!encoding) return reply.send(this.bytes);
    const body = await this.encode(encoding);
    return reply.header('content-encoding', encoding).send(body);
  }
}

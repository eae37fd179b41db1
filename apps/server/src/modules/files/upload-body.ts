import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Reads a raw upload, refusing it with `tooLarge()` as soon as it is known to pass `maxBytes`: at
 * once when its Content-Length says so, else when the bytes that arrived pass it. So no more than
 * `maxBytes` (and the chunk that passed it) is ever held for one request.
 */
export async function readUpload(
  payload: IncomingMessage,
  declaredLength: string | undefined,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Makes the routes of `scope` (a plugin of their own: parsers are scoped to it) take raw bytes of
 * the given content types, read by `readUpload` with its limit.
 */
export function acceptRawUploads(
  scope: Pick<FastifyInstance, 'addContentTypeParser'>,
  contentTypes: (string | RegExp)[],
  maxBytes: number,
  tooLarge: () => Error,
): void {
  const parse = (request: FastifyRequest, payload: IncomingMessage) =>
    readUpload(payload, request.headers['content-length'], maxBytes, tooLarge);
  for (const contentType of contentTypes) scope.addContentTypeParser(contentType, parse);
}

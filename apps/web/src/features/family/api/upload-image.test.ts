import { FILE_TOO_LARGE_MESSAGE, UNSUPPORTED_FILE_TYPE_MESSAGE } from '@kkb/core/family/files';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '../../../lib/api-client';
import { tokenSet } from '../../../test/auth-fixtures';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { uploadImage } from './upload-image';

const png = (size = 8) => new File([new Uint8Array(size)], 'a.png', { type: 'image/png' });

afterEach(() => clearSession());

describe('uploadImage', () => {
  it('PUTs the raw bytes with the token and answers {path, url}', async () => {
    const server = installFakeFetch();
    startSession(tokenSet('access-1'));
    server.on('PUT /api/v1/files/family/photo', () =>
      jsonResponse(201, { path: 'family/photo', url: '/api/v1/files/download/t1' }),
    );
    await expect(uploadImage('family/photo', png())).resolves.toEqual({
      path: 'family/photo',
      url: '/api/v1/files/download/t1',
    });
    const [request] = server.requestsTo('PUT /api/v1/files/family/photo');
    expect(request?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(request?.headers.get('Content-Type')).toBe('image/png');
    const init = server.fetch.mock.calls[0]?.[1];
    expect(init?.body).toBeInstanceOf(File);
  });

  it('an expired token is refreshed and the upload sent once more', async () => {
    const server = installFakeFetch();
    startSession(tokenSet('old'));
    server.on(
      'PUT /api/v1/files/family/photo',
      () => jsonResponse(401, { detail: 'expired', code: 'TOKEN_EXPIRED' }),
      () => jsonResponse(200, { path: 'family/photo', url: '/api/v1/files/download/t2' }),
    );
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet('new')));
    await uploadImage('family/photo', png());
    const sent = server.requestsTo('PUT /api/v1/files/family/photo');
    expect(sent.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer new']);
  });

  it("shows the server's own refusal", async () => {
    const server = installFakeFetch();
    server.on('PUT /api/v1/files/x', () =>
      jsonResponse(400, { detail: UNSUPPORTED_FILE_TYPE_MESSAGE, code: 'VALIDATION_ERROR' }),
    );
    await expect(uploadImage('x', png())).rejects.toMatchObject({
      status: 400,
      detail: UNSUPPORTED_FILE_TYPE_MESSAGE,
    });
  });

  it('refuses other types and files over 5 MB before sending anything', async () => {
    const server = installFakeFetch();
    const svg = new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' });
    await expect(uploadImage('x', svg)).rejects.toMatchObject({
      detail: UNSUPPORTED_FILE_TYPE_MESSAGE,
    });
    await expect(uploadImage('x', png(5 * 1024 * 1024 + 1))).rejects.toMatchObject({
      detail: FILE_TOO_LARGE_MESSAGE,
    });
    expect(server.fetch).not.toHaveBeenCalled();
  });
});

import { toAppError } from '@kkb/core/errors/app-error';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_FILE_BYTES,
  UNSUPPORTED_FILE_TYPE_MESSAGE,
  ZStoredFile,
  type TStoredFile,
} from '@kkb/core/family/files';
import { useMutation } from '@tanstack/react-query';
import { ApiError, getAccessToken, refreshAccessToken } from '../../../lib/api-client';

/** The image types file storage keeps; the server checks the bytes again. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Why `file` cannot be stored, in the server's own words, or null when it may be sent. */
export function imageRefusal(file: File): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return UNSUPPORTED_FILE_TYPE_MESSAGE;
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}

function send(path: string, file: File): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': file.type });
  const token = getAccessToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  return fetch(`/api/v1/files/${path}`, {
    method: 'PUT',
    headers,
    body: file,
    credentials: 'same-origin',
  });
}

async function failure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const info = toAppError(body ?? response.statusText, { status: response.status });
  return new ApiError({ status: response.status, code: info.kind, detail: info.message });
}

/**
 * `PUT /files/{path}` with the raw image bytes -> `{path, url}`. The API client speaks JSON only,
 * so this one call sends bytes itself, with the same token handling: a 401 refreshes and retries
 * once.
 */
export async function uploadImage(path: string, file: File): Promise<TStoredFile> {
  const refusal = imageRefusal(file);
  if (refusal !== null)
    throw new ApiError({ status: 0, code: 'VALIDATION_ERROR', detail: refusal });
  let response: Response;
  try {
    response = await send(path, file);
    if (response.status === 401) {
      await refreshAccessToken();
      response = await send(path, file);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const info = toAppError(error, { isOffline: !navigator.onLine });
    throw new ApiError({ status: 0, code: info.kind, detail: info.message, cause: error });
  }
  if (!response.ok) throw await failure(response);
  return ZStoredFile.parse(await response.json());
}

export function useUploadImage() {
  return useMutation({
    mutationFn: ({ path, file }: { path: string; file: File }) => uploadImage(path, file),
  });
}

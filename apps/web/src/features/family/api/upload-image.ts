import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_FILE_BYTES,
  UNSUPPORTED_FILE_TYPE_MESSAGE,
  ZStoredFile,
  type TStoredFile,
} from '@kkb/core/family/files';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiPut } from '../../../lib/api-client';

/** The image types file storage keeps; the server checks the bytes again. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Why `file` cannot be stored, in the server's own words, or null when it may be sent. */
export function imageRefusal(file: File): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return UNSUPPORTED_FILE_TYPE_MESSAGE;
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}

/**
 * `PUT /files/{path}` with the raw image bytes -> `{path, url}`, through the API client (the
 * token, a refresh after a 401, and the create's `Idempotency-Key`, so a repeated upload keeps
 * the first answer's address).
 */
export async function uploadImage(path: string, file: File): Promise<TStoredFile> {
  const refusal = imageRefusal(file);
  if (refusal !== null)
    throw new ApiError({ status: 0, code: 'VALIDATION_ERROR', detail: refusal });
  return ZStoredFile.parse(await apiPut<unknown>(`/api/v1/files/${path}`, file));
}

export function useUploadImage() {
  return useMutation({
    mutationFn: ({ path, file }: { path: string; file: File }) => uploadImage(path, file),
  });
}

import { z } from 'zod';

/** Largest file a family may store. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'File is too large (at most 5 MB)';
export const UNSUPPORTED_FILE_TYPE_MESSAGE = 'Only PNG, JPEG, WebP and GIF images can be stored';
export const FILE_PATH_MAX_LENGTH = 200;
/** Most files one family may keep (photos, avatars, drawings). */
export const MAX_FILES = 1000;
export const MAX_FILES_MESSAGE = `A family can keep at most ${MAX_FILES} files`;
/**
 * First path segment kept for the public download address (`/files/download/<token>`), so an
 * owner's own path can never shadow it.
 */
export const RESERVED_FILE_PATH_SEGMENT = 'download';

const SEGMENTS_MESSAGE =
  'path segments may hold only letters, digits, ".", "_" and "-" (no empty, "." or ".." segment)';

/**
 * A family's own name for a stored file, e.g. `avatars/child-1.png`: 1–200 characters, segments
 * of letters, digits, `.`, `_` and `-` separated by `/`; no empty, `.` or `..` segment, no leading
 * slash, and not under the reserved `download/`. Each rule is a pattern, so the OpenAPI document
 * states them all.
 */
export const ZFilePath = z
  .string()
  .min(1, 'path is required')
  .max(FILE_PATH_MAX_LENGTH, `path must be at most ${FILE_PATH_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/, SEGMENTS_MESSAGE)
  .regex(/^(?!(?:[^/]*\/)*\.\.?(?:\/|$))/, SEGMENTS_MESSAGE)
  .regex(
    new RegExp(`^(?!${RESERVED_FILE_PATH_SEGMENT}(?:/|$))`),
    `path may not start with "${RESERVED_FILE_PATH_SEGMENT}/"`,
  );

/** Answer of `PUT /files/{path}`: the path and the public download address of this version. */
export const ZStoredFile = z.object({ path: z.string(), url: z.string() });
export type TStoredFile = z.infer<typeof ZStoredFile>;

/** The image types a family may store, each recognised by its bytes (sniffImageType). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type TImageType = (typeof IMAGE_TYPES)[number];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type the bytes really are, from their magic numbers (never from a name or a header);
 * undefined for anything else.
 */
export function sniffImageType(bytes: Uint8Array): TImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

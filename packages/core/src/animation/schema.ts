import { z } from 'zod';

/** Most frames one animation may have (10 seconds at 6 fps, 2.5 seconds at 24). */
export const MAX_ANIMATION_FRAMES = 60;
/** Largest PNG of one frame, decoded. A child's drawing at the studio's size is far smaller. */
export const MAX_FRAME_BYTES = 256 * 1024;
/** Most animations one family keeps. */
export const MAX_ANIMATIONS = 20;
export const MAX_ANIMATION_TITLE_LENGTH = 60;
export const MIN_FPS = 1;
export const MAX_FPS = 24;
/** The studio's drawing size in pixels (4:3). */
export const FRAME_WIDTH = 480;
export const FRAME_HEIGHT = 360;

/**
 * Largest JSON body of `POST`/`PUT /animations`. Frames travel on their own (one upload each), so
 * the body holds only their references: 60 of them take a few kilobytes. A larger body is refused
 * with 413 before it is parsed.
 */
export const MAX_ANIMATION_BODY_BYTES = 1024 * 1024;
/** How long an uploaded frame waits for an animation to name it before it is deleted. */
export const FRAME_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const TOO_MANY_FRAMES_MESSAGE = `An animation can have at most ${MAX_ANIMATION_FRAMES} frames`;
export const FRAME_TOO_LARGE_MESSAGE = `Each frame must be at most ${MAX_FRAME_BYTES / 1024} KB`;
export const FRAME_NOT_PNG_MESSAGE = 'Each frame must be a PNG image';
export const TOO_MANY_ANIMATIONS_MESSAGE = `A family can keep at most ${MAX_ANIMATIONS} animations`;
export const ANIMATION_BODY_TOO_LARGE_MESSAGE = `An animation's details can be at most ${MAX_ANIMATION_BODY_BYTES / 1024 / 1024} MB; its frames are uploaded one by one`;
/** A frame names an upload this family does not have: never made, another family's, or expired. */
export const FRAME_UPLOAD_NOT_FOUND_MESSAGE =
  "A frame's upload was not found (uploads not saved in an animation are kept for a day); upload it again";

export const ZFrameId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'frame ids are 1-64 letters, digits, "_" or "-"');

/** The server's name for one uploaded frame image (`POST /animations/frame-uploads`). */
export const ZFrameUploadId = z
  .string()
  .regex(/^[0-9a-f]{32}$/, 'upload ids are the 32 hex digits the upload answered');

/** Answer of `POST /animations/frame-uploads`: the id an animation's frame then names. */
export const ZFrameUpload = z.object({ uploadId: ZFrameUploadId });
export type TFrameUpload = z.infer<typeof ZFrameUpload>;

/**
 * One frame sent to the server: its id and, when its drawing is new or changed, the upload that
 * holds its PNG. A frame without `uploadId` keeps the image the server already has for that id.
 * Strict: a client still sending the image inline (`png`) is told so, rather than having the new
 * drawing dropped and the old one kept.
 */
export const ZAnimationFrameInput = z.strictObject({
  id: ZFrameId,
  uploadId: ZFrameUploadId.optional(),
});
export type TAnimationFrameInput = z.infer<typeof ZAnimationFrameInput>;

/** An upload becomes one frame's image, so two frames naming the same upload are refused. */
export function uploadsAreUnique(frames: readonly TAnimationFrameInput[]): boolean {
  const uploads = frames.flatMap((frame) => (frame.uploadId === undefined ? [] : [frame.uploadId]));
  return new Set(uploads).size === uploads.length;
}

export const ZAnimationInput = z.object({
  title: z.string().max(MAX_ANIMATION_TITLE_LENGTH).trim().min(1, 'title is required'),
  fps: z.number().int().min(MIN_FPS).max(MAX_FPS),
  loop: z.boolean(),
  frames: z
    .array(ZAnimationFrameInput)
    .min(1, 'an animation needs at least one frame')
    .max(MAX_ANIMATION_FRAMES, TOO_MANY_FRAMES_MESSAGE)
    .refine(
      (frames) => new Set(frames.map((frame) => frame.id)).size === frames.length,
      'frame ids must be unique',
    )
    .refine(uploadsAreUnique, 'each upload can be the image of one frame only'),
});
export type TAnimationInput = z.infer<typeof ZAnimationInput>;

/** A stored frame: its id and the download address of its PNG. */
export const ZAnimationFrame = z.object({ id: z.string(), url: z.string() });
export type TAnimationFrame = z.infer<typeof ZAnimationFrame>;

export const ZAnimation = z.object({
  id: z.string(),
  title: z.string(),
  fps: z.number().int(),
  loop: z.boolean(),
  frames: z.array(ZAnimationFrame),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAnimation = z.infer<typeof ZAnimation>;

/** One animation in the list: the first frame is its thumbnail. */
export const ZAnimationSummary = ZAnimation.omit({ frames: true }).extend({
  frameCount: z.number().int(),
  thumbnailUrl: z.string(),
});
export type TAnimationSummary = z.infer<typeof ZAnimationSummary>;

export const ZAnimationList = z.object({ animations: z.array(ZAnimationSummary) });
export type TAnimationList = z.infer<typeof ZAnimationList>;

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

export const TOO_MANY_FRAMES_MESSAGE = `An animation can have at most ${MAX_ANIMATION_FRAMES} frames`;
export const FRAME_TOO_LARGE_MESSAGE = `Each frame must be at most ${MAX_FRAME_BYTES / 1024} KB`;
export const FRAME_NOT_PNG_MESSAGE = 'Each frame must be a PNG image';
export const TOO_MANY_ANIMATIONS_MESSAGE = `A family can keep at most ${MAX_ANIMATIONS} animations`;
export const ANIMATION_TOO_LARGE_MESSAGE = `An animation can have at most ${MAX_ANIMATION_FRAMES} frames of ${MAX_FRAME_BYTES / 1024} KB each`;

/** Base64 characters of a frame at the size limit (4 per 3 bytes, padded). */
const MAX_FRAME_BASE64_LENGTH = Math.ceil(MAX_FRAME_BYTES / 3) * 4;

/**
 * Largest request body an animation may need: every frame at the limit plus room for the rest.
 * Anything larger is refused before it is parsed.
 */
export const MAX_ANIMATION_BODY_BYTES =
  MAX_ANIMATION_FRAMES * (MAX_FRAME_BASE64_LENGTH + 200) + 4096;

export const ZFrameId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'frame ids are 1-64 letters, digits, "_" or "-"');

/**
 * One frame sent to the server: its id and, when its drawing is new or changed, the PNG bytes in
 * base64. A frame without `png` keeps the image the server already has for that id.
 */
export const ZAnimationFrameInput = z.object({
  id: ZFrameId,
  png: z.string().max(MAX_FRAME_BASE64_LENGTH, FRAME_TOO_LARGE_MESSAGE).optional(),
});
export type TAnimationFrameInput = z.infer<typeof ZAnimationFrameInput>;

export const ZAnimationInput = z.object({
  title: z.string().trim().min(1, 'title is required').max(MAX_ANIMATION_TITLE_LENGTH),
  fps: z.number().int().min(MIN_FPS).max(MAX_FPS),
  loop: z.boolean(),
  frames: z
    .array(ZAnimationFrameInput)
    .min(1, 'an animation needs at least one frame')
    .max(MAX_ANIMATION_FRAMES, TOO_MANY_FRAMES_MESSAGE)
    .refine(
      (frames) => new Set(frames.map((frame) => frame.id)).size === frames.length,
      'frame ids must be unique',
    ),
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

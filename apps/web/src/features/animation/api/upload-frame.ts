import type { TFrameUpload } from '@kkb/core/animation/schema';
import { apiPost } from '../../../lib/api-client';

/**
 * `POST /animations/frame-uploads`: one frame's PNG, sent as its bytes. The answer's `uploadId`
 * is what the animation's frame then names when it is saved.
 */
export function uploadFrame(png: Blob): Promise<TFrameUpload> {
  return apiPost<TFrameUpload>('/api/v1/animations/frame-uploads', png);
}

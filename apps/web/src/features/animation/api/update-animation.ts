import type { TAnimation, TAnimationInput } from '@kkb/core/animation/schema';
import { apiPut } from '../../../lib/api-client';

/** `PUT /animations/{id}`: replaces it; frames without an upload keep the image the server has. */
export function updateAnimation(id: string, input: TAnimationInput): Promise<TAnimation> {
  return apiPut<TAnimation>(`/api/v1/animations/${encodeURIComponent(id)}`, input);
}

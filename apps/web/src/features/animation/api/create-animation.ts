import type { TAnimation, TAnimationInput } from '@kkb/core/animation/schema';
import { apiPost } from '../../../lib/api-client';

/** `POST /animations`: a new animation; every frame names its uploaded PNG. */
export function createAnimation(input: TAnimationInput): Promise<TAnimation> {
  return apiPost<TAnimation>('/api/v1/animations', input);
}

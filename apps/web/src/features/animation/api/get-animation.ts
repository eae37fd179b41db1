import type { TAnimation } from '@kkb/core/animation/schema';
import { apiGet } from '../../../lib/api-client';

/** `GET /animations/{id}`: one animation with each frame's download address. */
export function getAnimation(id: string, signal?: AbortSignal): Promise<TAnimation> {
  return apiGet<TAnimation>(`/api/v1/animations/${encodeURIComponent(id)}`, { signal });
}

import { describe, expect, it } from 'vitest';
import {
  MAX_ANIMATION_FRAMES,
  uploadsAreUnique,
  ZAnimationInput,
  ZFrameUploadId,
} from './schema.ts';

const upload = (digit: string) => digit.repeat(32);
const input = (frames: object[]) => ({ title: 'Ball', fps: 6, loop: true, frames });

describe('ZAnimationInput: frames are references, never images', () => {
  it('takes frames that name an upload and frames that keep their stored image', () => {
    const parsed = ZAnimationInput.parse(input([{ id: 'a', uploadId: upload('a') }, { id: 'b' }]));
    expect(parsed.frames).toEqual([{ id: 'a', uploadId: upload('a') }, { id: 'b' }]);
  });

  it('refuses a frame that still carries its image inline', () => {
    const result = ZAnimationInput.safeParse(input([{ id: 'a', png: 'iVBORw0KGgo=' }]));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/png/);
  });

  it('refuses an upload id that the server cannot have made', () => {
    for (const bad of ['../../x', 'A'.repeat(32), upload('a').slice(1), `${upload('a')}0`]) {
      expect(ZFrameUploadId.safeParse(bad).success, bad).toBe(false);
    }
  });

  it(`keeps 1 to ${MAX_ANIMATION_FRAMES} frames with unique ids`, () => {
    expect(ZAnimationInput.safeParse(input([])).success).toBe(false);
    const most = Array.from({ length: MAX_ANIMATION_FRAMES }, (_, i) => ({ id: `f${i}` }));
    expect(ZAnimationInput.safeParse(input(most)).success).toBe(true);
    expect(ZAnimationInput.safeParse(input([...most, { id: 'one-more' }])).success).toBe(false);
    expect(ZAnimationInput.safeParse(input([{ id: 'a' }, { id: 'a' }])).success).toBe(false);
  });
});

describe('uploadsAreUnique: an upload becomes the image of one frame', () => {
  it('refuses two frames naming the same upload, and accepts kept frames beside uploads', () => {
    expect(
      uploadsAreUnique([
        { id: 'a', uploadId: upload('a') },
        { id: 'b', uploadId: upload('a') },
      ]),
    ).toBe(false);
    expect(uploadsAreUnique([{ id: 'a', uploadId: upload('a') }, { id: 'b' }, { id: 'c' }])).toBe(
      true,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { floodFill } from './canvas-tools';

/** A tiny white picture with a black vertical wall at x = 2. */
function picture(width = 5, height = 3): ImageData {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y += 1) data.set([0, 0, 0, 255], (y * width + 2) * 4);
  return { width, height, data, colorSpace: 'srgb' } as ImageData;
}

const pixel = (image: ImageData, x: number, y: number) =>
  Array.from(image.data.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 4));

describe('floodFill (the paint bucket)', () => {
  it('fills the area it starts in and stops at a line of another colour', () => {
    const image = picture();
    floodFill(image, 0, 1, '#e53935');
    expect(pixel(image, 0, 0)).toEqual([229, 57, 53, 255]);
    expect(pixel(image, 1, 2)).toEqual([229, 57, 53, 255]);
    expect(pixel(image, 2, 1)).toEqual([0, 0, 0, 255]);
    expect(pixel(image, 4, 1)).toEqual([255, 255, 255, 255]);
  });

  it('filling with the colour already there changes nothing', () => {
    const image = picture();
    floodFill(image, 2, 0, '#000000');
    expect(image.data).toEqual(picture().data);
  });
});

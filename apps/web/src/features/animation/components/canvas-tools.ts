import { FRAME_HEIGHT, FRAME_WIDTH } from '@kkb/core/animation/schema';

/** Bright, friendly colours that stand out on white and from one another. */
export const PALETTE = [
  { name: 'Black', value: '#212121' },
  { name: 'Red', value: '#e53935' },
  { name: 'Orange', value: '#fb8c00' },
  { name: 'Yellow', value: '#fdd835' },
  { name: 'Green', value: '#43a047' },
  { name: 'Blue', value: '#1e88e5' },
  { name: 'Purple', value: '#8e24aa' },
  { name: 'Pink', value: '#f06292' },
  { name: 'Brown', value: '#6d4c41' },
  { name: 'Sky', value: '#81d4fa' },
] as const;

export const BRUSH_SIZES = [
  { name: 'Thin', value: 4 },
  { name: 'Medium', value: 10 },
  { name: 'Thick', value: 22 },
] as const;

export const PAPER = '#ffffff';

export function createFrameCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = FRAME_WIDTH;
  canvas.height = FRAME_HEIGHT;
  return canvas;
}

/** A blank white frame as a PNG data URL. */
export function blankFrameImage(): string {
  const canvas = createFrameCanvas();
  const context = canvas.getContext('2d');
  if (context !== null) {
    context.fillStyle = PAPER;
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  return canvas.toDataURL('image/png');
}

export function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The drawing could not be loaded'));
    image.src = source;
  });
}

function hexToRgba(hex: string): [number, number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255, 255];
}

/**
 * Fills the area of like colour around (x, y) with `hex` (a paint bucket), in place. Colours
 * within `tolerance` of the start count as alike, so anti-aliased edges do not leave gaps.
 */
export function floodFill(
  pixels: ImageData,
  x: number,
  y: number,
  hex: string,
  tolerance = 48,
): void {
  const { width, height, data } = pixels;
  const start = (y * width + x) * 4;
  const target = [data[start], data[start + 1], data[start + 2], data[start + 3]] as number[];
  const fill = hexToRgba(hex);
  if (target.every((channel, i) => Math.abs(channel - (fill[i] ?? 0)) <= 2)) return;
  const alike = (offset: number) =>
    Math.abs((data[offset] ?? 0) - (target[0] ?? 0)) +
      Math.abs((data[offset + 1] ?? 0) - (target[1] ?? 0)) +
      Math.abs((data[offset + 2] ?? 0) - (target[2] ?? 0)) +
      Math.abs((data[offset + 3] ?? 0) - (target[3] ?? 0)) <=
    tolerance;
  const seen = new Uint8Array(width * height);
  const stack = [x, y];
  while (stack.length > 0) {
    const py = stack.pop() ?? 0;
    const px = stack.pop() ?? 0;
    if (px < 0 || py < 0 || px >= width || py >= height) continue;
    const index = py * width + px;
    if (seen[index] === 1) continue;
    seen[index] = 1;
    const offset = index * 4;
    if (!alike(offset)) continue;
    data.set(fill, offset);
    stack.push(px + 1, py, px - 1, py, px, py + 1, px, py - 1);
  }
}

import { FRAME_HEIGHT, FRAME_WIDTH } from '@kkb/core/animation/schema';
import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import { createFrameCanvas, loadImage, PAPER } from './canvas-tools';

/**
 * Encodes the frames as an animated GIF (GIF89a) in the browser with gifenc: each frame on white,
 * its own 256-colour palette, shown for 1/fps seconds; `loop` repeats it forever.
 */
export async function encodeGif(
  images: readonly string[],
  fps: number,
  loop: boolean,
): Promise<Blob> {
  const canvas = createFrameCanvas();
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('This browser cannot draw the frames');
  const encoder = GIFEncoder();
  const delay = Math.round(1000 / fps);
  for (const source of images) {
    const image = await loadImage(source);
    context.fillStyle = PAPER;
    context.fillRect(0, 0, FRAME_WIDTH, FRAME_HEIGHT);
    context.drawImage(image, 0, 0, FRAME_WIDTH, FRAME_HEIGHT);
    const { data } = context.getImageData(0, 0, FRAME_WIDTH, FRAME_HEIGHT);
    const palette = quantize(data, 256);
    encoder.writeFrame(applyPalette(data, palette), FRAME_WIDTH, FRAME_HEIGHT, {
      palette,
      delay,
      repeat: loop ? 0 : -1,
    });
  }
  encoder.finish();
  return new Blob([encoder.bytes()], { type: 'image/gif' });
}

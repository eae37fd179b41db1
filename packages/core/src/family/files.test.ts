import { describe, expect, it } from 'vitest';
import { sniffImageType, ZFilePath } from './files.ts';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );

describe('sniffImageType', () => {
  it('recognises PNG, JPEG, GIF and WebP by their magic bytes', () => {
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF89a', 1))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF87a', 1))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses everything else, whatever it claims to be', () => {
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(bytes('<html>'))).toBeUndefined();
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(sniffImageType(bytes(0x89, 'PN'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });
});

describe('ZFilePath', () => {
  it('accepts simple nested paths', () => {
    for (const ok of ['photo.png', 'avatars/mia-1.png', 'a/b/c_d.webp', 'x'.repeat(200)]) {
      expect(ZFilePath.safeParse(ok).success).toBe(true);
    }
  });

  it('refuses traversal, empty segments, odd characters, the reserved prefix and long paths', () => {
    for (const bad of [
      '',
      '/abs.png',
      '../x.png',
      'a/../b.png',
      'a/./b.png',
      'a//b.png',
      'a/',
      'a b.png',
      'a\\b.png',
      'a%2e.png',
      'download/x.png',
      'x'.repeat(201),
    ]) {
      expect(ZFilePath.safeParse(bad).success, bad).toBe(false);
    }
  });
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes the file store takes for a PNG (it sniffs the signature); `label` tells files apart. */
export function pngBytes(label = 'png body', padding = 0): Buffer {
  return Buffer.concat([PNG_SIGNATURE, Buffer.from(label), Buffer.alloc(padding)]);
}

import { BarcodeFormat, QRCodeWriter } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { decodeTagFrame } from '../../../src/features/manv/decodeTag';

/**
 * The camera fallback's decoder: a tag's QR code rendered to RGBA pixels, as a canvas
 * frame gives them, reads back as its number; noise reads as nothing (the screen then asks to type).
 */

function frameOf(text: string, scale = 4) {
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, new Map());
  const size = (matrix.getWidth() + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      const dark = mx >= 0 && my >= 0 && mx < matrix.getWidth() && my < matrix.getHeight() && matrix.get(mx, my);
      if (dark) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
    }
  }
  return { data, width: size, height: size };
}

describe('decodeTagFrame', () => {
  it('reads the tag number from a QR code frame', async () => {
    expect(await decodeTagFrame(frameOf('MANV-0042'))).toEqual({ status: 'read', text: 'MANV-0042' });
  });

  it('finds nothing in a frame without a code', async () => {
    const data = new Uint8ClampedArray(64 * 64 * 4).map((_, i) => ((i * 7919) % 251));
    expect((await decodeTagFrame({ data, width: 64, height: 64 })).status).not.toBe('read');
  });
});

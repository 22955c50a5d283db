import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A camera picture for Chromium's fake capture device (`--use-file-for-fake-video-capture`): a
 * Y4M video whose one frame shows a tag's QR code, black on white, in the middle of the picture.
 * The QR code comes from ZXing's encoder, the library whose decoder the app uses (apps/pwa).
 */
interface ZxingEncoder {
  BarcodeFormat: { QR_CODE: number };
  QRCodeWriter: new () => { encode(text: string, format: number, width: number, height: number, hints: Map<unknown, unknown>): { get(x: number, y: number): boolean } };
}
// The app's dependency, not the root's: the e2e project reads it from apps/pwa.
const zxing = createRequire(path.resolve(import.meta.dirname, '../../apps/pwa/package.json'))('@zxing/library') as ZxingEncoder;

export function writeQrCodeVideo(file: string, text: string, width = 640, height = 480): void {
  const size = 320;
  const matrix = new zxing.QRCodeWriter().encode(text, zxing.BarcodeFormat.QR_CODE, size, size, new Map());
  const luma = Buffer.alloc(width * height, 235);
  const [left, top] = [(width - size) / 2, (height - size) / 2];
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) if (matrix.get(x, y)) luma[(top + y) * width + left + x] = 16;
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, Buffer.from('FRAME\n'), luma, chroma, chroma]));
}

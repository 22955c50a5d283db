/**
 * Reads a tag's QR code or barcode from one camera frame (RGBA pixels) with ZXing's TypeScript
 * port (@zxing/library, Apache-2.0), for browsers without BarcodeDetector. Loaded on first use
 * only: the chunk stays out of the app shell (docs/decisions.md "MANV mode").
 */

import type { DecodeHintType } from '@zxing/library';

export type TagRead = { status: 'read'; text: string } | { status: 'none' } | { status: 'unreadable' };

interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** ITU-R BT.601 luma, as ZXing's own canvas source computes it. */
function luminances({ data, width, height }: Frame): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0; i < out.length; i += 1) {
    const o = i * 4;
    out[i] = ((data[o] ?? 0) * 306 + (data[o + 1] ?? 0) * 601 + (data[o + 2] ?? 0) * 117) >> 10;
  }
  return out;
}

export async function decodeTagFrame(frame: Frame): Promise<TagRead> {
  const zxing = await import('@zxing/library');
  const source = new zxing.RGBLuminanceSource(luminances(frame), frame.width, frame.height);
  const reader = new zxing.MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([[zxing.DecodeHintType.TRY_HARDER, true]]);
  try {
    const result = reader.decode(new zxing.BinaryBitmap(new zxing.HybridBinarizer(source)), hints);
    const text = result.getText().trim();
    return text ? { status: 'read', text } : { status: 'unreadable' };
  } catch (error) {
    // A code was found but its check digits or format did not work out: tell the user to type.
    if (error instanceof zxing.ChecksumException || error instanceof zxing.FormatException) return { status: 'unreadable' };
    return { status: 'none' };
  }
}

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorConstructor = new (options: { formats: string[] }) => NativeDetector;

/** The browser's own BarcodeDetector where it has one (Chromium on Android, ChromeOS, macOS). */
export function nativeDetector(): NativeDetector | null {
  const Detector = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return new Detector({ formats: ['qr_code', 'code_128', 'code_39', 'ean_13', 'data_matrix', 'itf'] });
  } catch {
    return null;
  }
}

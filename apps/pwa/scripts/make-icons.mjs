// Writes the app icons as real PNG files (and a PNG-in-ICO favicon) without ImageMagick, which the
// build machines do not have. Run `node scripts/make-icons.mjs` from apps/pwa to regenerate; the
// output is committed, so builds never depend on this script.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.join(here, '..', 'public');
const iconDir = path.join(publicDir, 'icons');

const WHITE = [255, 255, 255, 255];
// Safety green of the first-aid sign (ISO 7010 E003). Deliberately not a red cross on white: that
// emblem is protected in Germany (Geneva Conventions, DRK-Gesetz) and must not be used by an app.
const GREEN = [0, 133, 66, 255];

const crcTable = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** RGBA pixels → PNG (8 bit, colour type 6, filter 0 on every row). */
function encodePng(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    const row = y * (size * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x += 1) {
      const [r, g, b, a] = pixel(x, y);
      raw.set([r, g, b, a], row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The first-aid sign on white: a rounded green square of side `box` (fraction of the icon) with a
 * white cross inside. Maskable icons use a smaller box so it stays inside the 80 % safe zone.
 * Every pixel is 4×4 supersampled so small sizes and the rounded corners do not look jagged.
 */
function firstAidIcon(size, box) {
  const half = box / 2;
  const radius = box * 0.18;
  const span = box * 0.7;
  const bar = box * 0.24;
  const inBox = (dx, dy) => {
    if (dx > half || dy > half) return false;
    const cx = Math.max(dx - (half - radius), 0);
    const cy = Math.max(dy - (half - radius), 0);
    return cx * cx + cy * cy <= radius * radius;
  };
  const inCross = (dx, dy) => (dx <= bar / 2 && dy <= span / 2) || (dy <= bar / 2 && dx <= span / 2);
  const colourAt = (fx, fy) => {
    const dx = Math.abs(fx - 0.5);
    const dy = Math.abs(fy - 0.5);
    return inBox(dx, dy) && !inCross(dx, dy) ? GREEN : WHITE;
  };
  return encodePng(size, (x, y) => {
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < 4; sy += 1) {
      for (let sx = 0; sx < 4; sx += 1) {
        const c = colourAt((x + (sx + 0.5) / 4) / size, (y + (sy + 0.5) / 4) / size);
        for (let i = 0; i < 4; i += 1) sum[i] += c[i];
      }
    }
    return sum.map((v) => Math.round(v / 16));
  });
}

/** An .ico that embeds PNG images (supported by every current browser). */
function encodeIco(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + images.length * 16;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size;
    entry[1] = size >= 256 ? 0 : size;
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

mkdirSync(iconDir, { recursive: true });
const outputs = {
  'icons/icon-192.png': firstAidIcon(192, 0.8),
  'icons/icon-512.png': firstAidIcon(512, 0.8),
  'icons/icon-maskable-512.png': firstAidIcon(512, 0.56),
  'icons/apple-touch-icon-180.png': firstAidIcon(180, 0.76),
  'icons/favicon-32.png': firstAidIcon(32, 0.94),
};
for (const [name, data] of Object.entries(outputs)) writeFileSync(path.join(publicDir, name), data);
writeFileSync(
  path.join(publicDir, 'favicon.ico'),
  encodeIco([
    { size: 16, png: firstAidIcon(16, 1) },
    { size: 32, png: outputs['icons/favicon-32.png'] },
  ]),
);
console.log(`Icons written to ${publicDir}`);

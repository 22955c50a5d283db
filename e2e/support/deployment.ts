import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The marker a simulated new deployment writes into index.html. */
export const buildMarkerName = 'sanidok-e2e-build';

/**
 * Turns the PWA copy in `folder` into a "new version", as a real deployment changes it: the app
 * shell (index.html) gets a build marker, and sw.js gets that file's new precache revision, so
 * the browser finds a byte-different service worker that precaches the new shell.
 */
export function deployNewVersion(folder: string, build: string): void {
  const indexFile = path.join(folder, 'index.html');
  const html = readFileSync(indexFile, 'utf8');
  writeFileSync(indexFile, html.replace('<head>', `<head><meta name="${buildMarkerName}" content="${build}">`));

  const swFile = path.join(folder, 'sw.js');
  const sw = readFileSync(swFile, 'utf8');
  const entry = /\{url:"index\.html",revision:"[0-9a-f]+"\}/;
  if (!entry.test(sw)) throw new Error('sw.js enthält keinen Precache-Eintrag für index.html');
  writeFileSync(swFile, sw.replace(entry, `{url:"index.html",revision:"${build}"}`));
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian), i.e. the real pixels. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = '89504e470d0a1a0a';
  if (bytes.subarray(0, 8).toString('hex') !== signature || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') {
    throw new Error('keine PNG-Datei');
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

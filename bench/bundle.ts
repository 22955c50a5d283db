/**
 * bench/bundle: the JavaScript a first visit must load before the app runs — the entry script of
 * the built index.html and every `modulepreload` link — gzip-compressed with node:zlib.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { PartReport } from './report';

const aimKiB = 250;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

interface Asset { file: string; raw: number; gzip: number; brotli: number }

function measure(distDir: string, href: string): Asset {
  const content = readFileSync(path.join(distDir, href.replace(/^\//, '')));
  return { file: href, raw: content.length, gzip: gzipSync(content).length, brotli: brotliCompressSync(content).length };
}

/** The entry script and modulepreload links, in document order. */
export function initialScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const hrefs: string[] = [];
  for (const tag of tags) {
    const attribute = (name: string) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
    if (tag.startsWith('<script') && attribute('type') === 'module' && attribute('src')) hrefs.push(attribute('src') ?? '');
    if (tag.startsWith('<link') && attribute('rel') === 'modulepreload' && attribute('href')) hrefs.push(attribute('href') ?? '');
  }
  return hrefs;
}

export function benchBundle(distDir: string): PartReport {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = initialScripts(html).map((href) => measure(distDir, href));
  if (initial.length === 0) throw new Error(`no module script in ${path.join(distDir, 'index.html')}`);
  const css = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]*)"/g)].map((m) => measure(distDir, m[1] ?? ''));
  const allScripts = readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => measure(distDir, `/assets/${f}`));
  const lazy = allScripts.filter((a) => !initial.some((i) => i.file === a.file));
  const sum = (assets: Asset[], key: 'raw' | 'gzip' | 'brotli') => assets.reduce((total, a) => total + a[key], 0);
  const gzipTotal = sum(initial, 'gzip');
  return {
    figures: [
      { label: `initial JS, gzip (${initial.length} files)`, value: kib(gzipTotal), aim: `≤ ${aimKiB} KB`, met: gzipTotal <= aimKiB * 1024 },
      { label: 'initial JS, brotli / uncompressed', value: `${kib(sum(initial, 'brotli'))} / ${kib(sum(initial, 'raw'))}` },
      ...initial.map((a) => ({ label: `  ${a.file}`, value: `${kib(a.gzip)} gzip (${kib(a.raw)})` })),
      { label: 'initial CSS, gzip', value: kib(sum(css, 'gzip')) },
      { label: `loaded on demand, gzip (${lazy.length} chunks)`, value: kib(sum(lazy, 'gzip')) },
      ...lazy.map((a) => ({ label: `  ${a.file}`, value: `${kib(a.gzip)} gzip (${kib(a.raw)})` })),
    ],
    notes: [
      'From the PWA build of this run (apps/pwa/dist, `vite build`): the `<script type="module">` of index.html plus every `<link rel="modulepreload">`, each compressed with `zlib.gzipSync` at its default level 6 (brotli at its default quality for comparison). CSS is listed apart and not counted.',
      'Chunks "loaded on demand" are fetched on first use — every page but the landing page comes with its route (`React.lazy`, apps/pwa/src/app/routes.tsx), together with the data layer and the rest of Mantine (`lib`), PDF reports and organisation-key crypto — and by the service worker in the background after the first visit, so every route also opens offline; they are not part of the first load of `/`.',
    ],
  };
}

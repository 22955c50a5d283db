/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const themeColor = '#008542';

/**
 * Writes `.br` and `.gz` next to every hashed JS and CSS file; the server sends them to browsers
 * that accept them (@fastify/static `preCompressed`). Uncompressed, a first visit moves ~1.3 MB of
 * JavaScript instead of ~0.3 MB (docs/benchmarks.md). Only assets/: sw.js and index.html keep
 * their no-cache headers, which the server sets by file name.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'sanidok:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/^assets\/.+\.(js|css)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const nodeModule = /[\\/]node_modules[\\/]/;
const reactModule = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;
const reportModule =
  /[\\/]node_modules[\\/](jspdf|jspdf-autotable|html2canvas|canvg|core-js|dompurify|pako|fast-png|fflate|iobuffer|svg-pathdata|stackblur-canvas|rgbcolor|raf|performance-now)[\\/]/;
const mantineModule =
  /[\\/]node_modules[\\/](@mantine|@floating-ui|@tabler|react-transition-group|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx|detect-node-es|react-number-format)[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    precompressAssets(),
    VitePWA({
      // The user decides when a new version takes over (docs/spec/design.md §4.8): never reload under a medic.
      registerType: 'prompt',
      // The CSP forbids inline scripts, so the plugin must not inject its registration snippet;
      // src/app/UpdatePrompt.tsx registers the service worker from our own bundle instead.
      injectRegister: false,
      // The glob below already precaches public/icons; listing them twice would duplicate entries.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        lang: 'de',
        dir: 'ltr',
        name: 'SaniDok – Sanitätsdienst-Dokumentation',
        short_name: 'SaniDok',
        description: 'Offline-fähige Dokumentation für Sanitätsdienste',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: themeColor,
        background_color: '#ffffff',
        categories: ['medical', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Icons and favicon from public/ too, so the installed app looks right offline.
        globPatterns: ['**/*.{js,css,html,ico,png,svg,woff2}'],
        // Every deep link opens offline; API calls must never be answered with the app shell.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    // Same-origin API in development too, so cookies and the Origin check behave as in production.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code: separate chunks mean an app update makes
        // the service worker download only the app chunk again, not ~200 KB gzip of libraries.
        codeSplitting: {
          groups: [
            // The organisation-key libraries (libsodium alone is ~200 KB gzip) are only reached
            // through a dynamic import; their own group keeps them out of the preloaded vendor
            // chunk. Without dependencies: @hpke's own import() would otherwise pull Vite's preload
            // helper in, and the entry would then preload this chunk statically.
            {
              name: 'crypto',
              test: /[\\/]node_modules[\\/](libsodium[^\\/]*|@hpke[\\/][^\\/]+)[\\/]/,
              priority: 4,
              includeDependenciesRecursively: false,
            },
            // '$initial': only the libraries the entry reaches through static imports (after tree
            // shaking) — what every first visit loads, one chunk per group. Mantine components that
            // only lazily loaded routes use are not in it; they go to 'lib' below.
            { name: 'react', test: reactModule, tags: ['$initial'], priority: 3 },
            { name: 'mantine', test: mantineModule, tags: ['$initial'], priority: 2 },
            { name: 'vendor', test: nodeModule, tags: ['$initial'], priority: 1 },
            // zod on its own: the signed-in user's reply schema needs it before the lock screen or
            // any signed-in page can paint, and it should not wait for the rest of 'lib'.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 1 },
            // Libraries behind a dynamic import that no group may swallow: the MANV tag scanner's
            // ZXing (~1.4 MB of source, decodeTag.ts) and the QR code of a printed tag. In 'lib'
            // they were evaluated on every signed-in load, behind the lock screen too.
            { name: 'zxing', test: /[\\/]node_modules[\\/]@zxing[\\/]/, priority: 1 },
            { name: 'qrcode', test: /[\\/]node_modules[\\/](qrcode|dijkstrajs)[\\/]/, priority: 1 },
            // The icons the first load does not draw: otherwise in 'lib', which the lock screen's
            // header (sync status, sign-out) would then fetch for two icons.
            { name: 'icons', test: /[\\/]node_modules[\\/]@tabler[\\/]/, priority: 1 },
            // The device database and its cipher: the sync session behind the lock screen needs these
            // and none of the UI libraries in 'lib' (docs/benchmarks.md).
            { name: 'data', test: /[\\/]node_modules[\\/](dexie|@noble[\\/]ciphers)[\\/]/, priority: 1 },
            // The libraries only the PDF reports reach (~270 KB gzip) load with the reports; their
            // optional parts (html2canvas, canvg, dompurify) only when jspdf asks for them.
            { name: 'reports', test: reportModule, priority: 1, entriesAware: true },
            // The rest (Mantine's forms, tables, dates …, react-hook-form) is one chunk that
            // loads with the first page behind the landing page: /auth and every signed-in screen
            // need most of it, and split per route it became dozens of small requests.
            // workbox-window stays apart: UpdatePrompt imports it on every page, the landing page too.
            { name: 'lib', test: (id) => nodeModule.test(id) && !id.includes('workbox-window'), priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    name: 'pwa',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: [fileURLToPath(new URL('./test/setup.ts', import.meta.url))],
    css: false,
    testTimeout: 15_000,
  },
});

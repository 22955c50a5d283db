/**
 * bench/deviceCrypto in Chromium (part 12): where the product runs. The PWA's own data layer and
 * pull apply (./deviceCryptoPage.ts, bundled with esbuild as bench/reconnect does) in a blank
 * page on 127.0.0.1 (a secure context: real IndexedDB, native WebCrypto AES-GCM), the encryption
 * layer against the same code without it in the same page and run.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import type { DeviceRounds } from './deviceCryptoPage';
import { browserBundle, chromiumFlags, chromiumPath } from './lib';

export async function runDeviceCryptoInChromium(rounds: number, password: string): Promise<{ results: DeviceRounds; version: string }> {
  const bundle = await browserBundle('bench/deviceCryptoPage.ts', { 'process.env.NODE_ENV': '"production"' });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="de"><head><meta charset="utf-8"><title>bench device</title></head><body></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.addScriptTag({ content: bundle });
    // BENCH_DEVICE_PROFILE=/tmp/device.cpuprofile: a CPU profile of the page's rounds (DevTools → Performance).
    const profileFile = process.env.BENCH_DEVICE_PROFILE;
    const cdp = profileFile ? await page.context().newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const results = await page.evaluate(
      (options) => (globalThis as unknown as { __deviceBench: { run(o: typeof options): Promise<DeviceRounds> } }).__deviceBench.run(options),
      { rounds, password },
    );
    if (cdp && profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    return { results, version: browser.version() };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

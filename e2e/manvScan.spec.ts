import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './support/consoleGuard';
import { createOrganizationViaApi, createRunningServiceViaApi, registerViaApi } from './support/api';
import { writeQrCodeVideo } from './support/fakeCamera';
import { uniqueName, unlockWhenLocked } from './helpers';

/**
 * The tag number comes from the tablet camera. Chromium's fake capture device
 * shows a tag's QR code; Chromium on Linux has no BarcodeDetector, so this runs the app's ZXing
 * path on real camera frames. The taps after the scan are counted (at most 4 for a pre-triage).
 */
const tagNumber = 'A-0427';
const video = path.join(mkdtempSync(path.join(tmpdir(), 'sanidok-camera-')), 'tag.y4m');
writeQrCodeVideo(video, tagNumber);

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test('MANV: die Anhängekarte wird mit der Kamera gescannt; danach 2 Tipps bis zur gespeicherten Vorsichtung', async ({ page }) => {
  test.setTimeout(120_000);
  await registerViaApi(page, uniqueName('leitung'));
  const organizationId = await createOrganizationViaApi(page.request, `DRK Scan ${uniqueName('org')}`);
  const serviceId = await createRunningServiceViaApi(page.request, organizationId, `Stadtlauf ${uniqueName('dienst')}`);
  await page.goto(`/services/${serviceId}/manv`);
  await unlockWhenLocked(page);
  await page.getByRole('textbox', { name: 'Bezeichnung' }).fill(`Tribüne ${uniqueName('lage')}`);
  await page.getByRole('button', { name: 'MANV eröffnen' }).click();
  const capture = page.getByTestId('manv-capture');
  await capture.getByText('mSTaRT', { exact: true }).click();

  await capture.getByRole('button', { name: 'Scannen' }).click();
  const scanner = page.getByRole('dialog', { name: 'Anhängekarte scannen' });
  await expect(scanner).toBeVisible();
  // The frames go through ZXing until the code is read; the dialog closes with the number filled in.
  await expect(scanner).toHaveCount(0, { timeout: 30_000 });
  await expect(capture.getByRole('textbox', { name: 'Anhängekartennummer' })).toHaveValue(tagNumber);

  // Walking: 'Ja' suggests SK III; saving is the second tap.
  await capture.getByRole('button', { name: 'Ja', exact: true }).click();
  await capture.getByRole('button', { name: 'Sichtung speichern' }).click();
  await expect(capture.getByRole('textbox', { name: 'Anhängekartennummer' })).toHaveValue('');
  const row = page.getByTestId('manv-row').filter({ hasText: tagNumber });
  await expect(row).toContainText('SK III');
});

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { lockScreenHeading, registerViaUi, uniqueName, unlockViaUi } from './helpers';
import { createRunningServiceViaApi } from './support/api';
import { createOrganizationWithKeyViaUi, createProtocolViaApi } from './support/protocolSetup';
import { layoutProblems } from './support/layoutCheck';
import { tabletSizes } from './support/screenshots';

/**
 * Docs/decisions.md "Drafts survive a lock": findings typed on the protocol page, a measurement and
 * a discharge typed into their dialogs are still there after the app locks and after a reload,
 * kept encrypted on the device until saved; the lock screen says so only when something was kept.
 */
const findings = 'Druckgefühl hinter dem Brustbein seit 20 Minuten, Übelkeit';
const keptNotice = /Nicht gespeicherte Eingaben wurden verschlüsselt als Entwurf/;

async function lockApp(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'App sperren' }).click();
  await expect(lockScreenHeading(page)).toBeVisible();
}

/** A dialog covers the lock button: the tablet goes to sleep instead (features/lock/useAutoLock.ts locks at pagehide). */
async function lockInBackground(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  await expect(lockScreenHeading(page)).toBeVisible();
}

/** A signed-in medic on the page of a new protocol of a running service, with the org's key; locked and unlocked by the spec itself. */
async function onNewProtocol(page: Page): Promise<void> {
  await registerViaUi(page, uniqueName('sani'));
  const { id: organizationId } = await createOrganizationWithKeyViaUi(page, `DRK Entwurf ${uniqueName('org')}`);
  const serviceId = await createRunningServiceViaApi(page.request, organizationId, `Stadtfest ${uniqueName('dienst')}`);
  const protocolId = await createProtocolViaApi(page.request, serviceId, { chiefComplaint: 'Brustschmerz', patientData: { firstName: 'Hiltrud', lastName: 'Zwirnmeier', dateOfBirth: '1958-03-14' } });
  // From here the spec locks and unlocks itself: no automatic unlock.
  await page.removeLocatorHandler(lockScreenHeading(page));
  await page.goto(`/patient-protocols/${protocolId}`);
  await unlockViaUi(page);
}

async function symptomsAfterUnlock(page: Page) {
  await unlockViaUi(page);
  await page.getByRole('tab', { name: 'Befund' }).click();
  return page.getByRole('textbox', { name: 'Symptome' });
}

test.describe('Entwürfe überstehen Sperre und Neuladen', () => {
  test('Befund getippt, gesperrt, entsperrt, neu geladen: der Text ist da, bis er gespeichert ist', async ({ page }) => {
    test.setTimeout(180_000);
    await onNewProtocol(page);

    // Nothing typed: the lock screen has nothing to report.
    await expect(page.getByRole('tab', { name: 'Befund' })).toBeVisible();
    await lockApp(page);
    await expect(page.getByText(keptNotice)).toBeHidden();

    let symptoms = await symptomsAfterUnlock(page);
    await symptoms.fill(findings);
    await lockApp(page);
    await expect(page.getByText(keptNotice)).toBeVisible();
    symptoms = await symptomsAfterUnlock(page);
    await expect(symptoms).toHaveValue(findings);
    await expect(page.getByText(/Nicht gespeicherte Eingaben vom .* wiederhergestellt/)).toBeVisible();

    // A reload (or a crash) asks nothing and loses nothing.
    await page.reload();
    await expect(lockScreenHeading(page)).toBeVisible();
    symptoms = await symptomsAfterUnlock(page);
    await expect(symptoms).toHaveValue(findings);

    // Saved: the draft is gone, the saved text stays.
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Erfolgreich gespeichert', { exact: true })).toBeVisible();
    await page.reload();
    symptoms = await symptomsAfterUnlock(page);
    await expect(symptoms).toHaveValue(findings);
    await expect(page.getByText(/wiederhergestellt/)).toBeHidden();
  });

  test('Messung und Entlassung getippt, gesperrt, entsperrt, neu geladen: die Dialoge öffnen sich mit dem Text, bis er gespeichert ist', async ({ page }) => {
    test.setTimeout(240_000);
    await onNewProtocol(page);
    const measurement = page.getByRole('dialog', { name: 'Neue Vitalparameter-Messung' });
    const heartRate = measurement.getByLabel('Herzfrequenz (/min)');
    const measurementNotes = 'Patient blass und kaltschweißig';

    await page.getByRole('tab', { name: 'Vitalparameter' }).click();
    await page.getByRole('button', { name: 'Erste Messung hinzufügen' }).click();
    await heartRate.fill('118');
    await measurement.getByRole('tab', { name: 'Notizen' }).click();
    await measurement.getByRole('textbox', { name: 'Notizen' }).fill(measurementNotes);
    await lockInBackground(page);
    await expect(page.getByText(keptNotice)).toBeVisible();
    // Unlocked: the page opens the vitals tab and the dialog with what was typed.
    await unlockViaUi(page);
    await expect(heartRate).toHaveValue('118');
    await expect(measurement.getByText(/wiederhergestellt/)).toBeVisible();
    await page.reload();
    await unlockViaUi(page);
    await expect(heartRate).toHaveValue('118');
    await measurement.getByRole('tab', { name: 'Notizen' }).click();
    await expect(measurement.getByRole('textbox', { name: 'Notizen' })).toHaveValue(measurementNotes);
    await measurement.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(measurement).toBeHidden();
    await expect(page.getByText('1 Messung vorhanden')).toBeVisible();
    await page.reload();
    await unlockViaUi(page);
    await expect(page.getByRole('tab', { name: 'Patient' })).toBeVisible();
    await expect(measurement).toBeHidden();

    const discharge = page.getByRole('dialog', { name: 'Patient entlassen' });
    const destination = discharge.getByRole('textbox', { name: /^Verbleib/ });
    await page.getByRole('button', { name: 'Patient entlassen' }).click();
    await discharge.getByRole('radio', { name: 'Stabil', exact: true }).check();
    await discharge.getByRole('radio', { name: 'Behandlung oder Transport verweigert' }).check();
    await destination.fill('Geht mit Ehefrau nach Hause');
    await discharge.getByRole('textbox', { name: /^Übergabe an/ }).fill('Ehefrau');
    await lockInBackground(page);
    await expect(page.getByText(keptNotice)).toBeVisible();
    await unlockViaUi(page);
    await expect(destination).toHaveValue('Geht mit Ehefrau nach Hause');
    await page.reload();
    await unlockViaUi(page);
    await expect(destination).toHaveValue('Geht mit Ehefrau nach Hause');
    await expect(discharge.getByRole('radio', { name: 'Behandlung oder Transport verweigert' })).toBeChecked();
    await discharge.getByRole('button', { name: 'Entlassen' }).click();
    await expect(discharge).toBeHidden();
    await expect(page.getByRole('button', { name: 'Patient entlassen' })).toBeHidden();
    await page.reload();
    await unlockViaUi(page);
    await expect(page.getByText('Entlassen').first()).toBeVisible();
    await expect(discharge).toBeHidden();
    await expect(page.getByText(/wiederhergestellt|Entwurf verworfen/)).toBeHidden();
  });

  test('ein Dialog mit wiederhergestelltem Entwurf: Speichern ohne Scrollen sichtbar, 44 px hoch, nichts abgeschnitten, bei 1024×768, 800×1280 und 390×844', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await onNewProtocol(page);
    const measurement = page.getByRole('dialog', { name: 'Neue Vitalparameter-Messung' });
    await page.getByRole('tab', { name: 'Vitalparameter' }).click();
    await page.getByRole('button', { name: 'Erste Messung hinzufügen' }).click();
    await measurement.getByLabel('Herzfrequenz (/min)').fill('118');
    await lockInBackground(page);
    await unlockViaUi(page);
    await expect(measurement.getByText(/wiederhergestellt/)).toBeVisible();
    await saveInSightAtEverySize(page, measurement, measurement.getByRole('button', { name: 'Speichern', exact: true }), 'vitals', testInfo.outputPath.bind(testInfo));
    await measurement.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(measurement).toBeHidden();
    // The success toast goes by itself; the sizes below are changed by the test, not by a rotation the toast would follow.
    // The pointer leaves the spot of the tap: a toast under a resting mouse waits (Mantine pauses on hover), a finger lifts.
    await page.mouse.move(1, 1);
    await expect(page.getByRole('alert').filter({ hasText: 'Vitalparameter gespeichert' })).toBeHidden();

    const discharge = page.getByRole('dialog', { name: 'Patient entlassen' });
    await page.getByRole('button', { name: 'Patient entlassen' }).click();
    await discharge.getByRole('textbox', { name: /^Verbleib/ }).fill('Nach Hause');
    await lockInBackground(page);
    await unlockViaUi(page);
    await expect(discharge.getByText(/wiederhergestellt/)).toBeVisible();
    await saveInSightAtEverySize(page, discharge, discharge.getByRole('button', { name: 'Entlassen' }), 'discharge', testInfo.outputPath.bind(testInfo));
  });
});

/**
 * At each tablet size: the main button lies wholly on screen without scrolling, on top (nothing
 * covers its middle), 44 px high; nothing is clipped and the page does not scroll sideways. Overlaps
 * are not counted here: in a dialog taller than the screen the fields scroll beneath its header and
 * footer, which stay in place by design.
 */
async function saveInSightAtEverySize(page: Page, dialog: Locator, save: Locator, label: string, outputPath: (name: string) => string): Promise<void> {
  const scrollDialog = (to: 'start' | 'end') => dialog.evaluate((element, end) => {
    element.scrollTop = end ? element.scrollHeight : 0;
  }, to === 'end');
  for (const size of tabletSizes) {
    const what = `${label} ${size.name}`;
    await page.setViewportSize({ width: size.width, height: size.height });
    await scrollDialog('start');
    await expect(save).toBeInViewport({ ratio: 1 });
    const box = await save.boundingBox();
    expect(box?.height, what).toBeGreaterThanOrEqual(44);
    expect(await save.evaluate((button) => {
      const rect = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2));
    }), what).toBe(true);
    await page.screenshot({ path: outputPath(`${label}-${size.name}.png`) });
    expect((await layoutProblems(page)).filter((problem) => problem.kind !== 'overlap'), what).toEqual([]);
    await scrollDialog('end');
    expect((await layoutProblems(page)).filter((problem) => problem.kind !== 'overlap'), what).toEqual([]);
    await page.screenshot({ path: outputPath(`${label}-${size.name}-end.png`) });
  }
}


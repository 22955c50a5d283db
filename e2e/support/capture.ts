import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

export interface DialogTreatment {
  patient: string;
  description: string;
  /** A catalogue material (search text and full name) with its quantity. */
  material: { search: string; name: string; quantity: number };
}

/** The dialog of /minor-treatments must offer this running service (pulled from the server). */
export async function waitUntilCaptureReady(page: Page, serviceName: string, materialName: string): Promise<void> {
  await page.getByRole('button', { name: 'Neue Behandlung' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
  await expect(dialog.getByRole('combobox', { name: 'Sanitätsdienst' })).toHaveValue(serviceName, { timeout: 20_000 });
  await dialog.getByRole('textbox', { name: 'Material hinzufügen' }).fill(materialName);
  await expect(page.getByRole('option', { name: new RegExp(materialName) })).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
}

/** One Bagatelle through the dialog on /minor-treatments, as the medic enters it. */
export async function recordTreatmentViaDialog(page: Page, treatment: DialogTreatment): Promise<void> {
  await page.getByRole('button', { name: 'Neue Behandlung' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
  const patient = dialog.getByRole('textbox', { name: 'Patientenname' });
  await expect(patient).toBeFocused();
  await patient.fill(treatment.patient);
  await dialog.getByRole('textbox', { name: 'Beschreibung' }).fill(treatment.description);
  const search = dialog.getByRole('textbox', { name: 'Material hinzufügen' });
  await search.fill(treatment.material.search);
  await expect(page.getByRole('option', { name: new RegExp(treatment.material.name) })).toBeVisible();
  await search.press('Enter');
  const quantity = dialog.getByRole('textbox', { name: `Menge ${treatment.material.name}` });
  await quantity.fill(String(treatment.material.quantity));
  await expect(quantity).toHaveValue(String(treatment.material.quantity));
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);
}

import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * The protocol screens driven as a medic does on the tablet: the create dialog of
 * /patient-protocols, the vital-sign dialogs, the treatment wizard and the discharge dialog
 * (labels exactly as on screen, docs/spec/services.md §2). A step counts as done by what it changes on screen
 * (the dialog closes only after a successful write, the list shows the new line), not by its
 * toast: the app shows one toast at a time for 5 s (docs/spec/accounts.md §8), so after a few quick saves the
 * toasts lag behind.
 */

export interface NewProtocolInput {
  firstName: string;
  lastName: string;
  /** yyyy-mm-dd, as the date input takes it. */
  dateOfBirth: string;
  /** Typed into Versicherungsinformationen, then the suggestion `insurer` is picked. */
  insurerSearch: string;
  insurer: string;
  chiefComplaint: string;
  material: { search: string; name: string; quantity: number };
}

/** The create dialog offers the running service and the organisation's catalogue (pulled once online). */
export async function waitUntilProtocolCaptureReady(page: Page, serviceName: string, materialName: string): Promise<void> {
  await page.getByRole('button', { name: 'Neues Protokoll' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Patientenprotokoll erstellen' });
  await expect(dialog.getByRole('combobox', { name: 'Sanitätsdienst' })).toHaveValue(serviceName, { timeout: 20_000 });
  await dialog.getByRole('textbox', { name: 'Material hinzufügen' }).fill(materialName);
  await expect(page.getByRole('option', { name: new RegExp(materialName) })).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option')).toHaveCount(0);
  // Something was typed: 'Abbrechen' asks 'Eingabe abbrechen?' first.
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eingabe abbrechen?' });
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** 'Neues Protokoll' → 'Patientenprotokoll erstellen' → 'Speichern'. */
export async function createProtocolViaDialog(page: Page, input: NewProtocolInput): Promise<void> {
  await page.getByRole('button', { name: 'Neues Protokoll' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Patientenprotokoll erstellen' });
  await expect(dialog.getByRole('textbox', { name: 'Vorname' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Vorname' }).fill(input.firstName);
  await dialog.getByRole('textbox', { name: 'Nachname' }).fill(input.lastName);
  // Typed as TT.MM.JJJJ, as on a German tablet.
  await dialog.getByLabel('Geburtsdatum').fill(input.dateOfBirth.split('-').reverse().join('.'));
  await dialog.getByRole('combobox', { name: 'Versicherungsinformationen' }).fill(input.insurerSearch);
  await page.getByRole('option', { name: input.insurer, exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: 'Versicherungsinformationen' })).toHaveValue(input.insurer);
  await dialog.getByRole('textbox', { name: 'Hauptbeschwerde' }).fill(input.chiefComplaint);
  const search = dialog.getByRole('textbox', { name: 'Material hinzufügen' });
  await search.fill(input.material.search);
  await expect(page.getByRole('option', { name: new RegExp(input.material.name) })).toBeVisible();
  await search.press('Enter');
  const quantity = dialog.getByRole('textbox', { name: `Menge ${input.material.name}` });
  await quantity.fill(String(input.material.quantity));
  await expect(quantity).toHaveValue(String(input.material.quantity));
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Protokoll erstellt', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

export interface SimpleVitals {
  systolic: string;
  diastolic: string;
  heartRate: string;
  oxygenSaturation: string;
  painScale: string;
}

/** 'Vitalparameter erfassen' (the simple dialog of the protocol detail card). */
export async function recordSimpleVitals(page: Page, values: SimpleVitals): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Vitalparameter erfassen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Blutdruck systolisch (mmHg)' }).fill(values.systolic);
  await dialog.getByRole('textbox', { name: 'Blutdruck diastolisch (mmHg)' }).fill(values.diastolic);
  await dialog.getByRole('textbox', { name: 'Herzfrequenz (/min)' }).fill(values.heartRate);
  await dialog.getByRole('textbox', { name: 'Sauerstoffsättigung SpO₂ (%)' }).fill(values.oxygenSaturation);
  await dialog.getByRole('textbox', { name: 'Schmerzskala (0–10)' }).fill(values.painScale);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);
}

/** One parameter of 'Neue Vitalparameter-Messung': its inputs by label; its checkbox ticks itself. */
export interface RichParameter {
  /** The checkbox reads '{parameter} erfassen'. */
  parameter: string;
  inputs: Record<string, string>;
}

/** 'Neue Messung' / 'Erste Messung hinzufügen' on the Vitalparameter tab, then the rich dialog. */
export async function recordRichVitals(page: Page, parameters: readonly RichParameter[]): Promise<void> {
  await page.getByRole('button', { name: /^(Neue Messung|Erste Messung hinzufügen)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Vitalparameter-Messung' });
  await expect(dialog).toBeVisible();
  for (const { parameter, inputs } of parameters) {
    // Typing is enough: the value ticks its parameter, no tap on the checkbox first.
    for (const [label, value] of Object.entries(inputs)) await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
    await expect(dialog.getByRole('checkbox', { name: `${parameter} erfassen` })).toBeChecked();
  }
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);
}

/** The edit page's tab (Patient, Befund, Behandlung, Material, Vitalparameter). */
export async function openEditTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tablist', { name: 'Bereiche des Protokolls' }).getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

export interface WizardEntry {
  /** Uhrzeit of the entry (HH:MM). */
  time: string;
  /** How the sentence is found: by the search field, or in the catalogue under a category. */
  via: { search: string } | { category: string };
  /** The sentence as its button reads, placeholders as '[Frage]'. */
  sentence: string;
  /** The options tapped in the wizard, one per step. */
  choices: readonly string[];
  /** The line the preview must show and the list must then hold. */
  expectedLine: string;
}

/** A catalogue sentence with placeholders through the parameter wizard, on the Behandlung tab. */
export async function addEntryWithWizard(page: Page, entry: WizardEntry): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: 'Behandlung' });
  await panel.getByRole('textbox', { name: 'Uhrzeit' }).fill(entry.time);
  let sentence: Locator;
  if ('search' in entry.via) {
    await panel.getByRole('searchbox', { name: 'Maßnahme suchen' }).fill(entry.via.search);
    sentence = panel.getByRole('list', { name: 'Suchergebnisse' }).getByRole('button', { name: entry.sentence, exact: true });
  } else {
    await panel.getByRole('tab', { name: 'Katalog' }).click();
    await panel.getByRole('button', { name: entry.via.category }).click();
    sentence = panel.getByRole('button', { name: entry.sentence, exact: true });
  }
  await sentence.click();
  const wizard = page.getByRole('dialog', { name: 'Maßnahme dokumentieren' });
  await expect(wizard).toBeVisible();
  for (const [index, choice] of entry.choices.entries()) {
    await expect(wizard.getByText(`Schritt ${index + 1} von ${entry.choices.length}`)).toBeVisible();
    await wizard.getByRole('button', { name: choice, exact: true }).click();
  }
  await expect(wizard.getByRole('status', { name: 'Vorschau' })).toHaveText(entry.expectedLine);
  await wizard.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(wizard).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Dokumentierte Maßnahmen' })).toContainText(entry.expectedLine);
  if ('search' in entry.via) await panel.getByRole('searchbox', { name: 'Maßnahme suchen' }).fill('');
}

export interface Discharge {
  condition: 'Stabil' | 'Instabil';
  /** Ausgang der Versorgung, as the radio's label reads (dischargeOutcomeLabels); default: handed to the ambulance service. */
  outcome?: string;
  destination: string;
  handoverTo: string;
  comment: string;
}

/** 'Patient entlassen' in the sidebar → the dialog → 'Entlassen'. */
export async function dischargeViaDialog(page: Page, discharge: Discharge): Promise<void> {
  await page.getByRole('button', { name: 'Patient entlassen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Patient entlassen' });
  await dialog.getByRole('radio', { name: discharge.condition, exact: true }).check();
  await dialog.getByRole('radio', { name: discharge.outcome ?? 'An den Rettungsdienst übergeben', exact: true }).check();
  await dialog.getByRole('textbox', { name: 'Verbleib' }).fill(discharge.destination);
  await dialog.getByRole('textbox', { name: 'Übergabe an' }).fill(discharge.handoverTo);
  await dialog.getByRole('textbox', { name: 'Kommentar' }).fill(discharge.comment);
  await dialog.getByRole('button', { name: 'Entlassen', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Patient entlassen' })).toHaveCount(0);
}

/** The edit page's one 'Speichern' (the header button); the caller checks what was stored. */
export async function saveEditPage(page: Page): Promise<void> {
  const save = page.getByRole('main').getByRole('button', { name: 'Speichern', exact: true }).first();
  await save.click();
  await expect(save).toBeEnabled();
}

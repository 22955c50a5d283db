import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadEventReportInput } from '../../../src/data/repositories/eventReport';
import { buildEventReportFile } from '../../../src/features/services/eventReport/buildEventReport';
import { protocolRow } from '../protocols/list/list.fixtures';
import { ended, org, renderSignedIn, seed } from './services.fixtures';

/** jsdom has no object URLs; the download goes through them. The blobs are kept to be read. */
function captureDownloads(): Blob[] {
  const blobs: Blob[] = [];
  Object.assign(URL, { createObjectURL: (blob: Blob) => { blobs.push(blob); return `blob:test/${blobs.length}`; }, revokeObjectURL: () => undefined });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return blobs;
}

const festival = ended({ name: 'Weinfest', location: 'Marktplatz', startDate: '2026-07-04T08:00:00.000Z', endDate: '2026-07-04T16:00:00.000Z' });

async function seedService() {
  const db = await seed([org(1, 'member', { name: 'DRK Nord' })], [festival]);
  await db.serviceTeamMembers.put({ id: `${festival.id}:7`, serviceId: festival.id, organizationId: 1, userId: 7, username: 'anna.sani', addedAt: '2026-07-01T00:00:00.000Z', addedById: null, addedByName: null, method: 'assigned' });
  await db.treatmentTemplates.put({ id: 'tpl-1', organizationId: 1, name: 'Blase', description: 'Blasenpflaster geklebt', materials: [], updatedAt: '2026-07-01T00:00:00.000Z' });
  await db.materials.put({ id: 3, name: 'Blasenpflaster', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null });
  for (const [i, description] of ['Blasenpflaster geklebt', 'Blasenpflaster geklebt', 'Frau Erika Beispiel getröstet'].entries()) {
    await db.minorTreatments.put({
      id: `mt-${i}`, serviceId: festival.id, serviceName: festival.name, organizationId: 1, patientName: 'Erika Beispiel', description, treatedById: 7,
      createdAt: `2026-07-04T09:1${i}:00.000Z`, date: `2026-07-04T09:1${i}:00.000Z`, materials: [],
    });
  }
  await db.materialUsage.put({ id: 'u-1', materialId: 3, quantity: 4, serviceId: festival.id, organizationId: 1, source: 'minor_treatment', sourceId: 'mt-0', usedAt: '2026-07-04T09:10:00.000Z', refilledAt: '2026-07-04T15:00:00.000Z' });
  const protocol = protocolRow('p-1', { serviceId: festival.id, status: 'discharged', dischargeOutcome: 'ambulance', dischargeDestination: 'Klinikum Nord', createdAt: '2026-07-04T12:10:00.000Z' });
  await db.protocols.put(protocol);
  await db.treatmentEntries.put({ id: 'e-1', protocolId: 'p-1', organizationId: 1, time: '12:15', text: 'Blutdruck gemessen', performer: 'helfer1', performerName: null, createdAt: '2026-07-04T12:15:00.000Z', recordedById: 7 });
  return db;
}

describe("'Einsatzbericht' on the service detail", () => {
  it('builds the CSV and the PDF on the device, for a plain member too, with the remarks and without patient names', async () => {
    await seedService();
    const downloads = captureDownloads();
    const { user } = renderSignedIn(`/services/${festival.id}`);
    await user.click(await screen.findByRole('button', { name: 'Einsatzbericht' }));
    const dialog = await screen.findByRole('dialog', { name: 'Einsatzbericht erstellen' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Bemerkungen' }), 'Hitze ab Mittag');
    await user.click(within(dialog).getByRole('button', { name: 'CSV herunterladen' }));
    // jsPDF loads on first use: slow on a busy machine.
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 15_000 });
    const csv = (await downloads[0]?.text()) ?? '';
    expect(downloads[0]?.type).toBe('text/csv;charset=utf-8');
    expect(csv).toContain('Team;anna.sani;8,0;Stunden');
    expect(csv).toContain('Patienten;Bagatellbehandlungen;3');
    expect(csv).toContain('Patienten;Patientenprotokolle;1');
    expect(csv).toContain('Ausgang der Versorgung (Patientenprotokolle);An den Rettungsdienst übergeben;1');
    expect(csv).toContain('An den Rettungsdienst übergeben – Ziel;Klinikum Nord;1');
    expect(csv).toContain('Bagatellbehandlungen nach Vorlage;Blase;2');
    expect(csv).toContain('Häufigste Maßnahmen;Blutdruck gemessen;1');
    // Refilled usage still counts: the report is about what was used during the event.
    expect(csv).toContain('Verbrauchtes Material;Blasenpflaster;4;Stück');
    expect(csv).toContain('Bemerkungen;;Hitze ab Mittag');
    expect(csv).not.toContain('Erika');

    await user.click(within(dialog).getByRole('button', { name: 'PDF herunterladen' }));
    await waitFor(() => expect(downloads).toHaveLength(2), { timeout: 15_000 });
    expect(downloads[1]?.type).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array((await downloads[1]?.arrayBuffer()) ?? new ArrayBuffer(0)).subarray(0, 5))).toBe('%PDF-');
    expect(await screen.findByText('Einsatzbericht-Weinfest.pdf wurde gespeichert.')).toBeInTheDocument();
  });

  it('refuses remarks over 2000 characters in the dialog itself', async () => {
    await seedService();
    captureDownloads();
    const { user } = renderSignedIn(`/services/${festival.id}`);
    await user.click(await screen.findByRole('button', { name: 'Einsatzbericht' }));
    const dialog = await screen.findByRole('dialog', { name: 'Einsatzbericht erstellen' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Bemerkungen' }));
    await user.paste('x'.repeat(2001));
    expect(within(dialog).getByText('Die Bemerkungen dürfen höchstens 2000 Zeichen lang sein')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'PDF herunterladen' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'CSV herunterladen' })).toBeDisabled();
  });

  it('has nothing to build from for a service that is not on the device', async () => {
    const db = await seedService();
    expect(await loadEventReportInput(db, '0190a1b2-0000-7000-8000-00000000ffff', '')).toBeNull();
    await expect(buildEventReportFile(() => loadEventReportInput(db, 'missing', ''), 'pdf')).rejects.toThrow('Dieser Sanitätsdienst ist nicht auf diesem Gerät gespeichert.');
  });
});

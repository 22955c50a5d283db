import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { validateFhir } from '@sanidok/reports/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRow } from '../../../../src/data/db';
import * as repository from '../../../../src/data/repositories/protocols';
import { PrintPanel } from '../../../../src/features/protocols/print/PrintPanel';
import { findToast } from '../../../helpers/render';
import { patient, protocolId, protocolRow, seedPrintableProtocol, serviceId } from './printFixtures';

// The real repository, except where one test makes the read fail.
vi.mock('../../../../src/data/repositories/protocols', async (importOriginal) => {
  const original = await importOriginal<typeof repository>();
  return { ...original, getProtocolView: vi.fn(original.getProtocolView) };
});

afterEach(() => {
  vi.useRealTimers();
});

function renderPanel() {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <PrintPanel protocolId={protocolId} />
    </MantineProvider>,
  );
}

/** A print window that is a detached document; `print` and `focus` are spies. */
function fakePrintWindow() {
  const win = { document: document.implementation.createHTMLDocument(''), closed: false, focus: vi.fn(), print: vi.fn(), close: vi.fn() };
  return win;
}

const accessEvents = (rows: OutboxRow[]) =>
  rows.filter((row) => row.name === 'accessLog.record').map((row) => (row.args as { protocolId: string; actionType: string }).actionType);

/**
 * Polls on real macrotasks (setImmediate, which IndexedDB also uses) while setTimeout is faked:
 * vi.waitFor would advance the fake clock itself and so hide the print delay.
 */
async function until(check: () => void): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      check();
      return;
    } catch (error) {
      if (attempt > 20_000) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

const enabledButton = async (name: string) => {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
};

describe('PrintPanel', () => {
  it('RTW-Übergabe: opens 800×600 inside the tap, logs print_handover before writing the sheet, prints after 100 ms', async () => {
    const db = await seedPrintableProtocol();
    // No name typed as Helfer 1: the sheet names who documented, by the full name of the team row.
    await db.protocols.update(protocolId, { helper1: null });
    await db.serviceTeamMembers.put({ id: `${serviceId}:7`, serviceId, organizationId: 1, userId: 7, username: 'anna.sani', fullName: 'Anna Sanitäterin', addedAt: '2026-07-04T07:00:00.000Z', addedById: null, addedByName: null, method: 'assigned' });
    renderPanel();
    const button = await enabledButton('RTW-Übergabe drucken');
    expect(screen.getByRole('group', { name: 'Drucken' })).toBeInTheDocument();

    const win = fakePrintWindow();
    let outboxAtWrite: Promise<OutboxRow[]> | undefined;
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    const writeHead = win.document.head.replaceChildren.bind(win.document.head);
    vi.spyOn(win.document.head, 'replaceChildren').mockImplementation((...nodes) => {
      // A read transaction started now sees exactly what was committed before the sheet was written.
      outboxAtWrite ??= db.outbox.toArray();
      writeHead(...nodes);
    });
    // Only the timers of the print delay are faked: IndexedDB keeps running on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(button);
    // Synchronously in the tap: no await before window.open (pop-up blockers on tablets).
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank', 'width=800,height=600');

    await until(() => expect(win.document.body.textContent).toContain('Hildegard Quastenberg'));
    expect(accessEvents((await outboxAtWrite) ?? [])).toEqual(['print_handover']);
    const outbox = await db.outbox.toArray();
    expect(outbox.find((row) => row.name === 'accessLog.record')?.args).toMatchObject({ protocolId, actionType: 'print_handover' });

    await until(() => expect(win.document.body.textContent).toContain('Hildegard Quastenberg'));
    expect(win.document.querySelector('h1')?.textContent).toBe('RTW-Übergabe');
    // The trend: the first measurement beside the last.
    expect(win.document.body.textContent).toContain('132/84 mmHg');
    expect(win.document.body.textContent).toContain('158/96 mmHg');
    expect(win.document.body.textContent).toContain('[10:02] Pulsoxymetrie angelegt (Helfer 1, dokumentiert von Anna Sanitäterin)');
    expect(win.document.body.textContent).not.toContain('anna.sani');

    vi.advanceTimersByTime(99);
    expect(win.print).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(win.print).toHaveBeenCalledTimes(1);
    expect(win.focus).toHaveBeenCalled();
  });

  it('Vollständiges Protokoll: logs print_complete_protocol and writes the full protocol', async () => {
    const db = await seedPrintableProtocol();
    renderPanel();
    const button = await enabledButton('Vollständiges Protokoll drucken');
    const win = fakePrintWindow();
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    fireEvent.click(button);

    await waitFor(() => expect(win.print).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith('', '_blank', 'width=800,height=600');
    expect(accessEvents(await db.outbox.toArray())).toEqual(['print_complete_protocol']);
    const text = win.document.body.textContent;
    expect(win.document.querySelector('h1')?.textContent).toBe('Patientenprotokoll');
    expect(text).toContain('Messung 1 – 04.07.2026 10:00');
    expect(text).toContain('158/96 mmHg');
    expect(text).toContain('[10:10] Sauerstoffgabe 4 l/min über Nasenbrille (Dr. Ofenbach)');
    expect(text).toContain('Lea Lang');
    expect(win.document.querySelectorAll('script')).toHaveLength(0);
  });

  it("shows 'Druckfehler' with the reason when the protocol cannot be read, and closes the window again", async () => {
    const db = await seedPrintableProtocol();
    renderPanel();
    const button = await enabledButton('RTW-Übergabe drucken');
    const win = fakePrintWindow();
    vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    vi.mocked(repository.getProtocolView).mockRejectedValueOnce(new Error('IndexedDB nicht lesbar'));
    fireEvent.click(button);

    const toast = await findToast('Druckfehler');
    expect(toast).toHaveTextContent('Die Druckdaten konnten nicht geladen werden: IndexedDB nicht lesbar');
    expect(win.close).toHaveBeenCalled();
    expect(win.print).not.toHaveBeenCalled();
    expect(accessEvents(await db.outbox.toArray())).toEqual([]);
    await waitFor(() => expect(button).toBeEnabled());
  });

  it("shows 'Druckfehler' when the browser blocks the print window", async () => {
    const db = await seedPrintableProtocol();
    renderPanel();
    const button = await enabledButton('Vollständiges Protokoll drucken');
    vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(button);

    const toast = await findToast('Druckfehler');
    expect(toast).toHaveTextContent('Das Druckfenster wurde vom Browser blockiert. Bitte erlauben Sie Pop-ups für diese Seite.');
    // Nothing was shown, so nothing is logged.
    expect(accessEvents(await db.outbox.toArray())).toEqual([]);
  });

  it('prints even when the access log cannot be written', async () => {
    const db = await seedPrintableProtocol();
    renderPanel();
    const button = await enabledButton('RTW-Übergabe drucken');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(db.outbox, 'add').mockRejectedValue(new Error('Speicher voll'));
    const win = fakePrintWindow();
    vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    fireEvent.click(button);

    await waitFor(() => expect(win.print).toHaveBeenCalledTimes(1));
    expect(win.document.body.textContent).toContain('Hildegard Quastenberg');
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText('Druckfehler')).not.toBeInTheDocument();
  });

  it('is disabled, with the reason, when the patient data is no longer on the device; nothing opens or is logged', async () => {
    const db = await seedPrintableProtocol({ withPatientData: false });
    await db.protocols.put(protocolRow({ status: 'discharged', dischargedAt: '2026-07-04T09:00:00.000Z', dischargeStatus: 'stabil' }));
    renderPanel();
    const hint = await screen.findByText(/Drucken nicht möglich: Die Patientendaten dieses Protokolls sind nicht mehr auf diesem Gerät gespeichert/);
    const open = vi.spyOn(window, 'open');
    for (const name of ['RTW-Übergabe drucken', 'Vollständiges Protokoll drucken']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-describedby', hint.id);
      fireEvent.click(button);
    }
    expect(open).not.toHaveBeenCalled();
    expect(accessEvents(await db.outbox.toArray())).toEqual([]);
    expect(screen.queryByText('Druckfehler')).not.toBeInTheDocument();
  });
});

/** The files the page saves: the Blob handed to an object URL and the download name of the clicked link. */
function captureDownloads() {
  const files: { name: string; type: string; text: Promise<string> }[] = [];
  let pending: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    pending = blob as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pending) files.push({ name: this.download, type: pending.type, text: pending.text() });
  });
  return files;
}

describe('PrintPanel: FHIR export', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves a FHIR R4 document of the device’s copy, valid for the strict validator, and logs fhir_export in the outbox', async () => {
    const db = await seedPrintableProtocol();
    // The team row names the member who documented with the full name the server sends (docs/fhir.md "Practitioner").
    const { serviceId, organizationId } = protocolRow();
    await db.serviceTeamMembers.put({ id: `${serviceId}:7`, serviceId, organizationId, userId: 7, username: 'anna.sani', fullName: 'Anna Sanitäterin', addedAt: '2026-07-04T07:00:00.000Z', addedById: null, addedByName: null, method: 'assigned' });
    const files = captureDownloads();
    renderPanel();
    const button = await screen.findByRole('button', { name: 'Als FHIR-Dokument exportieren' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(files).toHaveLength(1));
    const [file] = files;
    expect(file?.name).toMatch(/^sanidok-protokoll-.+\.fhir\.json$/);
    expect(file?.type).toBe('application/fhir+json');
    const bundle = JSON.parse((await file?.text) ?? '{}') as { resourceType: string; type: string; entry: { resource: { resourceType: string; name?: { family: string }[] } }[] };
    expect([bundle.resourceType, bundle.type, bundle.entry[0]?.resource.resourceType]).toEqual(['Bundle', 'document', 'Composition']);
    expect(bundle.entry.find((e) => e.resource.resourceType === 'Patient')?.resource.name?.[0]?.family).toBe(patient.lastName);
    expect(bundle.entry.filter((e) => e.resource.resourceType === 'Observation').length).toBeGreaterThan(0);
    expect(bundle.entry.filter((e) => e.resource.resourceType === 'Practitioner').map((e) => (e.resource as { name?: { text: string }[] }).name?.[0]?.text)).toEqual(['Anna Sanitäterin']);
    expect(await validateFhir(bundle as unknown as Parameters<typeof validateFhir>[0])).toEqual([]);
    const outbox = await db.outbox.toArray();
    expect(outbox.filter((row: OutboxRow) => row.name === 'accessLog.record').map((row) => (row.args as { actionType: string }).actionType)).toEqual(['fhir_export']);
  }, 60_000);

  it('is blocked like printing when the device holds no patient data', async () => {
    await seedPrintableProtocol({ withPatientData: false });
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Als FHIR-Dokument exportieren' })).toBeDisabled();
  });
});

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRow } from '../../../../src/data/db';
import { PrintPanel } from '../../../../src/features/protocols/print/PrintPanel';
import { patient, protocolId, seedPrintableProtocol } from './printFixtures';

afterEach(() => {
  vi.restoreAllMocks();
});


function renderPanel() {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <PrintPanel protocolId={protocolId} />
    </MantineProvider>,
  );
}

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

describe('FHIR export from the protocol screen', () => {
  it('saves a FHIR R4 document of the device’s copy and logs fhir_export in the outbox', async () => {
    const db = await seedPrintableProtocol();
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
    const outbox = await db.outbox.toArray();
    expect(outbox.filter((row: OutboxRow) => row.name === 'accessLog.record').map((row) => (row.args as { actionType: string }).actionType)).toEqual(['fhir_export']);
  });

  it('is blocked like printing when the device holds no patient data', async () => {
    await seedPrintableProtocol({ withPatientData: false });
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Als FHIR-Dokument exportieren' })).toBeDisabled();
  });
});

import { openSealedPatientData } from '@sanidok/crypto';
import type { SealedEnvelope } from '@sanidok/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usageRow, uuid } from '../../minorTreatments/minorTreatments.fixtures';
import { useNodeRealmWebCrypto } from '../../organizations/organizations.webcrypto';
import { findDialogError, findToast } from '../../../helpers/render';
import { findToastTitled, jürgen, outboxOf, pageHeading, protocolId, renderEditPage, seedEditPage, serviceId } from './edit.fixtures';

const sidebar = () => screen.getByRole('region', { name: 'Protokollübersicht' });
const actions = () => screen.getByRole('region', { name: 'Aktionen zum Protokoll' });
const dischargeDialog = () => screen.findByRole('dialog', { name: 'Patient entlassen' });

describe('discharge dialog', { timeout: 30_000 }, () => {
  it('shows the messages of docs/spec/services.md §5 and discharges nothing while they stand', async () => {
    const { db } = await seedEditPage();
    const app = renderEditPage();
    await pageHeading();
    await app.user.click(within(actions()).getByRole('button', { name: 'Patient entlassen' }));
    const dialog = await dischargeDialog();
    expect(within(dialog).getByRole('radio', { name: 'Stabil' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Instabil' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['stabil', 'instabil', 'released', 'ambulance', 'refused', 'deceased', 'other']);
    expect(within(dialog).getByRole('textbox', { name: 'Kommentar' })).not.toBeRequired();
    await app.user.click(within(dialog).getByRole('button', { name: 'Entlassen' }));
    expect(await within(dialog).findByText('Bitte wählen Sie den Patientenzustand aus')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte wählen Sie aus, wie die Versorgung endete')).toBeInTheDocument();
    expect(within(dialog).getByText('Verbleib ist erforderlich')).toBeInTheDocument();
    expect(within(dialog).getByText('Übergabe an ist erforderlich')).toBeInTheDocument();

    // Blanks are no destination.
    await app.user.type(within(dialog).getByRole('textbox', { name: /^Verbleib/ }), '   ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Entlassen' }));
    expect(await within(dialog).findByText('Verbleib ist erforderlich')).toBeInTheDocument();
    expect(await outboxOf(db, 'protocol.discharge')).toEqual([]);

    await app.user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await db.protocols.get(protocolId))?.status).toBe('active');
  });

  it('discharges offline, sealed on the device: status Entlassen, button gone, everything read-only', async () => {
    useNodeRealmWebCrypto();
    const { db, secret } = await seedEditPage({ realKeys: true });
    const app = renderEditPage();
    await pageHeading();
    await app.user.click(within(actions()).getByRole('button', { name: 'Patient entlassen' }));
    const dialog = await dischargeDialog();
    await app.user.click(within(dialog).getByRole('radio', { name: 'Stabil' }));
    await app.user.click(within(dialog).getByRole('radio', { name: 'Vor Ort entlassen' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /^Verbleib/ }), 'Nach Hause');
    await app.user.type(within(dialog).getByRole('textbox', { name: /^Übergabe an/ }), 'Ehefrau');
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Kommentar' }), 'Beschwerdefrei');
    await app.user.click(within(dialog).getByRole('button', { name: 'Entlassen' }));

    expect(await findToastTitled('Patient entlassen')).toBeInTheDocument();
    await waitFor(() => expect(within(actions()).queryByRole('button', { name: 'Patient entlassen' })).not.toBeInTheDocument());
    expect(sidebar()).toHaveTextContent('Entlassen');
    expect(sidebar()).toHaveTextContent('Nach Hause');
    expect(sidebar()).toHaveTextContent('Ehefrau');
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(screen.getByText('Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.')).toBeInTheDocument();
    // Not confirmed by the server yet: the data is still on the device, shown read-only.
    expect(screen.getByRole('textbox', { name: /^Vorname/ })).toHaveAttribute('readonly');

    const [row, ...more] = await outboxOf(db, 'protocol.discharge');
    expect(more).toEqual([]);
    const args = row?.args as Record<string, unknown>;
    expect(args).toMatchObject({ id: protocolId, dischargeStatus: 'stabil', dischargeOutcome: 'released', dischargeDestination: 'Nach Hause', handoverTo: 'Ehefrau', dischargeComment: 'Beschwerdefrei', patientDataVersion: 31 });
    // No plaintext travels: the mutation carries only the envelope, which the owner's key opens.
    expect(JSON.stringify(args)).not.toContain('Müller');
    const opened = await openSealedPatientData(secret as Uint8Array, { organizationId: 1, protocolId }, args.sealedPatientData as SealedEnvelope);
    expect(opened.patientData).toEqual(jürgen);
    // With its proof, which lets the server open it before it drops its own copy.
    expect(args.sealProof).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("says 'Fehler beim Entlassen' with the reason and keeps the dialog open when the device refuses", async () => {
    const { db } = await seedEditPage();
    const app = renderEditPage();
    await pageHeading();
    await app.user.click(within(actions()).getByRole('button', { name: 'Patient entlassen' }));
    const dialog = await dischargeDialog();
    await app.user.click(within(dialog).getByRole('radio', { name: 'Instabil' }));
    await app.user.click(within(dialog).getByRole('radio', { name: 'An den Rettungsdienst übergeben' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /^Verbleib/ }), 'Klinikum');
    await app.user.type(within(dialog).getByRole('textbox', { name: /^Übergabe an/ }), 'RTW');
    await db.organizations.update(1, { isBlocked: true });
    await app.user.click(within(dialog).getByRole('button', { name: 'Entlassen' }));
    expect((await findDialogError(dialog, 'Fehler beim Entlassen')).textContent).toMatch(/gesperrt/);
    expect(within(dialog).getByRole('textbox', { name: /^Verbleib/ })).toHaveValue('Klinikum');
    expect(await outboxOf(db, 'protocol.discharge')).toEqual([]);
  });

  it('shows a confirmed discharge read-only, with the patient data archived and gone from the device', async () => {
    await seedEditPage({
      patientData: null,
      protocol: { status: 'discharged', dischargeStatus: 'instabil', dischargeDestination: 'Klinikum Nord', handoverTo: 'RTW 1/83-1', dischargedAt: '2026-07-04T13:10:00.000Z' },
    });
    const app = renderEditPage();
    await pageHeading();
    expect(screen.getAllByText('Patientendaten wurden nach der Entlassung verschlüsselt archiviert.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('textbox', { name: /^Vorname/ })).not.toBeInTheDocument();
    expect(within(actions()).queryByRole('button', { name: 'Patient entlassen' })).not.toBeInTheDocument();
    expect(sidebar()).toHaveTextContent('Instabil');
    expect(sidebar()).toHaveTextContent('04.07.2026 15:10');
    await app.user.click(screen.getByRole('tab', { name: 'Befund' }));
    expect(await screen.findByRole('textbox', { name: 'Allergien' })).toHaveAttribute('readonly');
    await app.user.click(screen.getByRole('tab', { name: 'Material' }));
    expect(screen.queryByRole('textbox', { name: 'Material hinzufügen' })).not.toBeInTheDocument();
  });
});

describe('Material tab', { timeout: 30_000 }, () => {
  it("lists what this protocol used and saves more with the page's one 'Speichern'", async () => {
    const { db } = await seedEditPage();
    await db.materialUsage.bulkPut([
      usageRow(uuid(501), 1, 2, '2026-07-04T12:05:00.000Z', { source: 'patient_protocol', sourceId: protocolId }),
      usageRow(uuid(502), 1, 1, '2026-07-04T12:15:00.000Z', { source: 'patient_protocol', sourceId: protocolId, refilledAt: '2026-07-04T13:00:00.000Z' }),
      // Another protocol's and a manual usage do not belong here.
      usageRow(uuid(503), 2, 5, '2026-07-04T12:20:00.000Z', { source: 'patient_protocol', sourceId: uuid(999) }),
      usageRow(uuid(504), 4, 1, '2026-07-04T12:25:00.000Z'),
    ]);
    const app = renderEditPage();
    await pageHeading();
    await app.user.click(screen.getByRole('tab', { name: 'Material' }));
    const used = await screen.findByRole('table', { name: 'Verwendete Materialien dieses Protokolls' });
    const rows = within(used).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([['Pflaster (Stück)', '3', '04.07.2026 14:15']]);

    const panel = screen.getByRole('tabpanel', { name: 'Material' });
    await app.user.type(within(panel).getByRole('textbox', { name: 'Material hinzufügen' }), 'Kühl');
    await app.user.click(await screen.findByRole('option', { name: /Kühlpack/ }));
    // One save model per page: the tab has no 'Speichern' of its own, and says where it is.
    expect(within(panel).queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('Die ausgewählten Materialien werden mit „Speichern“ oben auf der Seite übernommen.');
    expect(screen.getAllByRole('button', { name: 'Speichern' })).toHaveLength(1);
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await findToast('Materialien gespeichert')).toBeInTheDocument();
    const [update] = await outboxOf(db, 'protocol.update');
    expect(update?.args).toMatchObject({ id: protocolId, materials: [{ id: 2, quantity: 1, usageId: expect.any(String) as string }] });
    expect(Object.keys(update?.args as object).sort()).toEqual(['baseVersion', 'id', 'materials', 'updatedAt']);
    await waitFor(() => expect(within(used).getAllByRole('row')).toHaveLength(3));
    expect(within(panel).queryByRole('list', { name: 'Ausgewählte Materialien' })).not.toBeInTheDocument();
  });

  it("says 'Fehler beim Speichern der Materialien' and keeps the picks when saving fails", async () => {
    const { db } = await seedEditPage();
    const app = renderEditPage();
    await pageHeading();
    await app.user.click(screen.getByRole('tab', { name: 'Material' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Material' });
    expect(await within(panel).findByText('Für dieses Protokoll wurden noch keine Materialien erfasst.')).toBeInTheDocument();
    await app.user.type(within(panel).getByRole('textbox', { name: 'Material hinzufügen' }), 'Pflaster');
    await app.user.click(await screen.findByRole('option', { name: /Pflaster/ }));
    await db.services.update(serviceId, { isBlocked: true });
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await findToast('Fehler beim Speichern der Materialien')).textContent).toMatch(/gesperrt/);
    expect(within(within(panel).getByRole('list', { name: 'Ausgewählte Materialien' })).getAllByRole('listitem')).toHaveLength(1);
    expect(await outboxOf(db, 'protocol.update')).toEqual([]);
  });
});

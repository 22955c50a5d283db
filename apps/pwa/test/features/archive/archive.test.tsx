import type { OrganizationKeys } from '@sanidok/crypto';
import {
  createArchiveNonce,
  deriveOrganizationKeys,
  encodeOrganizationSecret,
  generateOrganizationSecret,
  publicKeysToBase64Url,
  sealPatientData,
  sealRecordHistory,
  verifyArchiveProof,
} from '@sanidok/crypto';
import type { ArchiveChallenge, ArchiveProtocolsResponse, ArchiveServiceItem, OrganizationListItem, PatientProtocolWithSummary } from '@sanidok/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderPrintDocument } from '../../../src/features/archive/printArchive';
import { memberOrg, ownedOrg } from '../organizations/organizations.fixtures';
import { useNodeRealmWebCrypto } from '../organizations/organizations.webcrypto';
import { bodyText, callsTo, findToast, json, mockApi, renderApp, testUser } from '../../helpers/render';

const service: ArchiveServiceItem = {
  id: '0190a1b2-0000-7000-8000-0000000000aa', name: 'Stadtfest Nord', location: 'Marktplatz 1', startDate: '2026-06-01T08:00:00.000Z',
  endDate: '2026-06-01T20:00:00.000Z', status: 'ended', sealedProtocolCount: 1, lastDischargedAt: '2026-06-01T15:00:00.000Z',
};
const protocolId = '0190a1b2-0000-7000-8000-0000000000bb';
const protocol: PatientProtocolWithSummary = {
  id: protocolId, serviceId: service.id, serviceName: service.name, organizationId: 1, serviceProtocolNumber: 3, status: 'discharged',
  chiefComplaint: 'Synkope', initialAssessment: 'Wach, orientiert', allergies: 'Penicillin', medications: null, pastHistory: 'Hypertonie',
  handlingInstructions: null, helper1: 'Helfer A', helper2: null, symptoms: 'Schwindel', incidentTime: '2026-06-01T13:45:00.000Z', naca: '2', diagnosisGroup: 'internal', dischargeStatus: 'stabil', dischargeOutcome: 'released', dischargeDestination: 'Nach Hause',
  handoverTo: 'Ehemann', dischargeComment: 'Beschwerdefrei', dischargedById: 7, dischargedAt: '2026-06-01T15:00:00.000Z', treatedById: 7,
  createdAt: '2026-06-01T14:00:00.000Z', updatedAt: '2026-06-01T15:00:00.000Z', version: 9, needsReview: false,
  treatmentSummary: '[14:05] Vitalzeichenkontrolle (Helfer 1)',
};

interface Organisation {
  secret: Uint8Array;
  keys: OrganizationKeys;
  listItem: OrganizationListItem;
}

async function organisation(): Promise<Organisation> {
  const secret = generateOrganizationSecret();
  const keys = await deriveOrganizationKeys(secret);
  return { secret, keys, listItem: { ...ownedOrg, ...publicKeysToBase64Url(keys) } };
}

/** A server stand-in that checks the proof like the real one and answers real sealed records. */
/** Further discharged protocols #101, #102, … of the same service, each sealed on its own. */
async function moreRecords(org: Organisation, count: number): Promise<ArchiveProtocolsResponse['protocols']> {
  return Promise.all(Array.from({ length: count }, async (_, i) => {
    const id = `0190a1b2-0000-7000-8000-1${String(i).padStart(11, '0')}`;
    const envelope = await sealPatientData(org.listItem, { organizationId: 1, protocolId: id }, {
      patientData: { firstName: `Person ${101 + i}`, lastName: 'Weitere' }, replacedValues: [], sealedAt: '2026-06-01T15:00:00.000Z', sealedBy: 'server',
    });
    return {
      protocol: { ...protocol, id, serviceProtocolNumber: 101 + i }, treatmentEntries: [], vitals: [],
      sealed: { envelope, keyFingerprint: org.keys.fingerprint, sealedAt: '2026-06-01T15:00:00.000Z', sealedBy: 'server' as const },
    };
  }));
}

async function setup(org: Organisation, options: { wrongKeyBody?: Record<string, unknown>; orgs?: OrganizationListItem[]; more?: number } = {}) {
  const envelope = await sealPatientData(org.listItem, { organizationId: 1, protocolId }, {
    patientData: { firstName: 'Hildegard', lastName: 'Quastenberg', dateOfBirth: '1951-03-08', gender: 'weiblich', insuranceInfo: 'AOK', emergencyContact: 'Kurt Quastenberg', emergencyContactPhone: '0171 555' },
    replacedValues: [], sealedAt: '2026-06-01T15:00:00.000Z', sealedBy: 'server',
  });
  // The Änderungsverlauf, sealed by the server at discharge in its own envelope.
  const sealedHistory = await sealRecordHistory(org.listItem, { organizationId: 1, protocolId }, [
    { entity: 'protocol', entityId: protocolId, field: 'allergies', oldValue: 'Latex', newValue: 'Penicillin', changedAt: '2026-06-01T14:20:00.000Z', changedBy: 'Mona Medic', deviceId: null, sequence: 9 },
  ]);
  const challenges: ArchiveChallenge[] = [];
  const response: ArchiveProtocolsResponse = {
    organization: { id: 1, name: ownedOrg.name }, service, keyFingerprint: org.keys.fingerprint, sealedToOtherKeys: 0,
    protocols: [{
      protocol,
      treatmentEntries: [{ id: 'e1', protocolId, organizationId: 1, time: '14:05', text: 'Vitalzeichenkontrolle', performer: 'helfer1', performerName: null, createdAt: '2026-06-01T14:05:00.000Z', recordedById: 7 }],
      vitals: [{ id: 'v1', protocolId, organizationId: 1, recordedAt: '2026-06-01T14:10:00.000Z', recordedById: 7, values: [{ id: 'v1:0', parameterType: 'heart_rate', value: '88', unit: '/min' }] }],
      sealed: { envelope, keyFingerprint: org.keys.fingerprint, sealedAt: '2026-06-01T15:00:00.000Z', sealedBy: 'server' },
      sealedHistory,
    }, ...(await moreRecords(org, options.more ?? 0))],
  };
  const base = `/api/organizations/1/archive/services`;
  const fetchMock = mockApi({
    'GET /api/user': () => json(testUser),
    'GET /api/organizations': () => json(options.orgs ?? [org.listItem, memberOrg]),
    [`GET ${base}`]: () => json([service]),
    [`POST ${base}/${service.id}/challenge`]: () => {
      const challenge = { challengeId: `c${challenges.length}`, organizationId: 1, serviceId: service.id, nonce: createArchiveNonce(), expiresAt: '2099-01-01T00:00:00.000Z' };
      challenges.push(challenge);
      return json(challenge, 201);
    },
    [`POST ${base}/${service.id}/protocols`]: async (init) => {
      const { proof } = JSON.parse(bodyText(init)) as { proof: { challengeId: string; signature: string } };
      const challenge = challenges.find((c) => c.challengeId === proof.challengeId);
      const valid = challenge && (await verifyArchiveProof(org.listItem.signingPublicKey, challenge, proof.signature));
      if (valid) return json(response);
      return json(options.wrongKeyBody ?? { message: 'Verschlüsselungsschlüssel ist falsch. Bitte prüfen Sie den Schlüssel.', code: 'ARCHIVE_KEY_WRONG', failureCount: 1, maxAttempts: 5, remainingAttempts: 4, adminNotified: false }, 403);
    },
    'POST /api/access-logs/print': () => json({ ok: true }, 201),
  });
  return { fetchMock, ...renderApp('/patient-archive') };
}

async function openWithKey(app: Awaited<ReturnType<typeof setup>>, keyText: string) {
  const table = await screen.findByRole('table', { name: 'Archivierte Sanitätsdienste' }, { timeout: 5000 });
  await app.user.click(within(table).getByRole('radio', { name: 'Stadtfest Nord auswählen' }));
  const input = screen.getByLabelText('Verschlüsselungsschlüssel');
  await app.user.clear(input);
  await app.user.click(input);
  await app.user.paste(keyText);
  await app.user.click(screen.getByRole('button', { name: 'Archiv öffnen' }));
}

describe('/patient-archive', () => {
  beforeEach(() => useNodeRealmWebCrypto());

  it('sends users who own no organisation to the dashboard', async () => {
    const org = await organisation();
    const app = await setup(org, { orgs: [memberOrg] });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
  });

  it('lists the archived services of the owned organisation and asks for service and key ("Fehlende Daten")', async () => {
    const org = await organisation();
    const app = await setup(org);
    expect(await screen.findByRole('heading', { level: 1, name: 'Patientenarchiv' }, { timeout: 5000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Archivierte Sanitätsdienste' }, { timeout: 5000 });
    expect(within(table).getByText('Marktplatz 1')).toBeInTheDocument();
    expect(within(table).getByText('01.06.2026 – 01.06.2026')).toBeInTheDocument();
    // Only owned organisations are offered.
    expect(screen.getByRole('combobox', { name: 'Organisation' })).toHaveValue('DRK Ortsverein Nord');

    await app.user.click(screen.getByRole('button', { name: 'Archiv öffnen' }));
    await findToast('Fehlende Daten');
    await app.user.click(within(table).getByRole('radio', { name: 'Stadtfest Nord auswählen' }));
    await app.user.click(screen.getByRole('button', { name: 'Archiv öffnen' }));
    expect(await screen.findAllByText('Fehlende Daten')).not.toHaveLength(0);
    expect(callsTo(app.fetchMock, 'POST', `/api/organizations/1/archive/services/${service.id}/challenge`)).toHaveLength(0);
  });

  it('tells a mistyped key apart without asking the server', async () => {
    const org = await organisation();
    const app = await setup(org);
    const keyText = encodeOrganizationSecret(org.secret);
    const typo = `${keyText.slice(0, 10)}${keyText[10] === 'A' ? 'B' : 'A'}${keyText.slice(11)}`;
    await openWithKey(app, typo);
    expect(await screen.findByText(/Der Schlüssel enthält einen Tippfehler/)).toBeInTheDocument();
    await openWithKey(app, 'kein Schlüssel');
    expect(await screen.findByText(/Das ist kein SaniDok-Organisationsschlüssel/)).toBeInTheDocument();
    expect(callsTo(app.fetchMock, 'POST', `/api/organizations/1/archive/services/${service.id}/challenge`)).toHaveLength(0);
  });

  it('decrypts the released protocols in the browser; the key never leaves it', async () => {
    const org = await organisation();
    const app = await setup(org);
    const keyText = encodeOrganizationSecret(org.secret);
    await openWithKey(app, keyText.toLowerCase());

    const dialog = await screen.findByRole('dialog', { name: 'Archivierte Protokolle – Stadtfest Nord' }, { timeout: 10_000 });
    const item = within(dialog).getByRole('article', { name: 'Protokoll #3: Hildegard Quastenberg' });
    for (const text of [
      'weiblich', '08.03.1951', 'AOK', 'Penicillin', 'Hypertonie', 'Synkope', 'Nach Hause', 'Beschwerdefrei', 'Helfer A',
      // What the protocol now captures reaches the archive result.
      'Kurt Quastenberg', '0171 555', 'Schwindel', '01.06.2026 15:45',
    ]) {
      expect(within(item).getAllByText(new RegExp(text)).length, text).toBeGreaterThan(0);
    }
    expect(within(item).getByText(/Vitalzeichenkontrolle \(Helfer A\)/)).toBeInTheDocument();
    expect(within(item).getByText(/HF 88/)).toBeInTheDocument();
    // The history opens from its own envelope, with the same key.
    expect(within(item).getByText('01.06.2026 16:20 · Mona Medic · Protokoll: Allergien: Latex → Penicillin')).toBeInTheDocument();
    expect(screen.getByLabelText('Verschlüsselungsschlüssel')).toHaveValue('');

    const secretHex = Array.from(org.secret, (b) => b.toString(16).padStart(2, '0')).join('');
    for (const [, init] of app.fetchMock.mock.calls) {
      const body = bodyText(init);
      for (const forbidden of [keyText, keyText.replace(/-/g, ''), keyText.toLowerCase(), secretHex]) expect(body).not.toContain(forbidden);
      expect(body).not.toContain('Quastenberg');
    }

    // Closing drops the decrypted data.
    await app.user.click(within(dialog).getAllByRole('button', { name: 'Schließen' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByText(/Quastenberg/)).not.toBeInTheDocument());
  });

  it('prints the full protocol in a new window and logs the print', async () => {
    const org = await organisation();
    const app = await setup(org);
    const printDocument = document.implementation.createHTMLDocument('');
    const fakeWindow = { document: printDocument, close: vi.fn(), focus: vi.fn(), print: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(fakeWindow as unknown as Window);
    await openWithKey(app, encodeOrganizationSecret(org.secret));
    const dialog = await screen.findByRole('dialog', { name: 'Archivierte Protokolle – Stadtfest Nord' }, { timeout: 10_000 });
    await app.user.click(within(dialog).getByRole('button', { name: 'Protokoll #3: Vollständiges Protokoll drucken' }));

    await waitFor(() => expect(printDocument.body.textContent).toContain('Hildegard Quastenberg'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(callsTo(app.fetchMock, 'POST', '/api/access-logs/print').map((c) => c.body)).toEqual([{ protocolId, actionType: 'complete' }]);
    expect(printDocument.title).toBe('Patientenarchiv – Stadtfest Nord');
    expect(printDocument.querySelectorAll('script')).toHaveLength(0);
    expect(printDocument.body.textContent).toContain('Vollständiges Patientenprotokoll (Patientenarchiv)');
    expect(printDocument.body.textContent).toContain(org.keys.fingerprint);
    expect(printDocument.body.textContent).toContain('Änderungsverlauf');
    expect(printDocument.body.textContent).toContain('Latex → Penicillin');
    printDocument.querySelector('button')?.click();
    open.mockRestore();
  });

  it('prints the RTW-Übergabe again after discharge: trend grid, named performer, NACA; logged as a handover print', async () => {
    const org = await organisation();
    const app = await setup(org);
    const printDocument = document.implementation.createHTMLDocument('');
    const fakeWindow = { document: printDocument, close: vi.fn(), focus: vi.fn(), print: vi.fn(), closed: false };
    const open = vi.spyOn(window, 'open').mockReturnValue(fakeWindow as unknown as Window);
    await openWithKey(app, encodeOrganizationSecret(org.secret));
    const dialog = await screen.findByRole('dialog', { name: 'Archivierte Protokolle – Stadtfest Nord' }, { timeout: 10_000 });
    // The full print shows the assessment too.
    expect(within(dialog).getByText('NACA II – Ambulante Abklärung oder Behandlung, keine notärztlichen Maßnahmen erforderlich')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Protokoll #3: RTW-Übergabe drucken' }));

    await waitFor(() => expect(printDocument.querySelector('h1')?.textContent).toBe('RTW-Übergabe'));
    expect(open).toHaveBeenCalledWith('', '_blank', 'width=800,height=600');
    expect(callsTo(app.fetchMock, 'POST', '/api/access-logs/print').map((c) => c.body)).toEqual([{ protocolId, actionType: 'handover' }]);
    const text = printDocument.body.textContent;
    expect(text).toContain('Hildegard Quastenberg');
    expect(text).toContain('[14:05] Vitalzeichenkontrolle (Helfer A)');
    expect(text).toContain('Vitalparameter im Verlauf');
    expect(text).toContain('88 /min');
    expect(text).toContain('NACA II – Ambulante Abklärung');
    expect(text).toContain('Internistische Erkrankung');
    expect(printDocument.querySelectorAll('script')).toHaveLength(0);
    open.mockRestore();
  });

  it("exports an archived protocol as a FHIR document, built in the owner's browser", async () => {
    const org = await organisation();
    const app = await setup(org);
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => { blobs.push(blob); return 'blob:fhir'; }, revokeObjectURL: () => undefined });
    onTestFinished(() => { Reflect.deleteProperty(URL, 'createObjectURL'); Reflect.deleteProperty(URL, 'revokeObjectURL'); });
    await openWithKey(app, encodeOrganizationSecret(org.secret));
    const dialog = await screen.findByRole('dialog', { name: 'Archivierte Protokolle – Stadtfest Nord' }, { timeout: 10_000 });
    await app.user.click(within(dialog).getByRole('button', { name: 'Protokoll #3: Als FHIR-Dokument exportieren' }));
    await expect.poll(() => blobs.length, { timeout: 10_000 }).toBe(1);
    expect(blobs[0]?.type).toBe('application/fhir+json');
    const bundle = JSON.parse((await blobs[0]?.text()) ?? '{}') as { type: string; entry: { resource: Record<string, unknown> }[] };
    expect(bundle.type).toBe('document');
    const resources = bundle.entry.map((e) => e.resource);
    expect(resources.find((r) => r.resourceType === 'Patient')).toMatchObject({ name: [{ family: 'Quastenberg', given: ['Hildegard'] }], birthDate: '1951-03-08', gender: 'female' });
    expect(resources.find((r) => r.resourceType === 'Encounter')).toMatchObject({ status: 'finished', hospitalization: { dischargeDisposition: { coding: [{ code: 'home' }] } } });
    // The heart rate, coded; the NACA score of the record, by its text (docs/fhir.md "NACA and diagnosis group").
    expect(resources.filter((r) => r.resourceType === 'Observation').map((r) => r.code)).toEqual([
      expect.objectContaining({ coding: [expect.objectContaining({ code: '8867-4' })] }), { text: 'NACA-Score' },
    ]);
    // The export of the released record passes the strict validator (docs/fhir.md "Validation").
    // Loaded here: at the file's top its modules slow the archive's decryption in jsdom past the tests' waits.
    const { validateFhir } = await import('@sanidok/reports/testing');
    expect(await validateFhir(bundle as unknown as Parameters<typeof validateFhir>[0])).toEqual([]);
    // Nothing of the patient went to the server for it.
    for (const [, init] of app.fetchMock.mock.calls) expect(bodyText(init)).not.toContain('Quastenberg');
  }, 60_000);

  it('decrypts every protocol of a large service, shows them 25 per page and prints them all', async () => {
    const org = await organisation();
    const app = await setup(org, { more: 119 });
    const printDocument = document.implementation.createHTMLDocument('');
    const open = vi.spyOn(window, 'open').mockReturnValue({ document: printDocument, close: vi.fn(), focus: vi.fn(), print: vi.fn() } as unknown as Window);
    await openWithKey(app, encodeOrganizationSecret(org.secret));
    const dialog = await screen.findByRole('dialog', { name: 'Archivierte Protokolle – Stadtfest Nord' }, { timeout: 20_000 });
    expect(within(dialog).getByText('120 Protokolle entschlüsselt')).toHaveAttribute('data-decrypted-count', '120');

    // One line per protocol, 25 per page; every page holds decrypted names.
    const names: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const list = within(dialog).getByRole('list', { name: 'Entschlüsselte Protokolle' });
      const articles = within(list).getAllByRole('article');
      expect(articles).toHaveLength(page < 5 ? 25 : 20);
      names.push(...articles.map((a) => a.getAttribute('aria-label') ?? ''));
      expect(within(dialog).getByText(`Protokolle ${(page - 1) * 25 + 1}–${Math.min(page * 25, 120)} von 120`)).toBeInTheDocument();
      if (page < 5) await app.user.click(within(dialog).getByRole('button', { name: 'Nächste Seite' }));
    }
    expect(new Set(names).size).toBe(120);
    expect(names).toContain('Protokoll #3: Hildegard Quastenberg');
    expect(names).toContain('Protokoll #219: Person 219 Weitere');
    await app.user.click(within(dialog).getByRole('button', { name: 'Protokoll #219: Details anzeigen' }));
    expect(within(dialog).getByRole('article', { name: 'Protokoll #219: Person 219 Weitere' })).toHaveTextContent('Synkope');

    // 'Alle drucken' holds every protocol, not only the page, and logs each print.
    await app.user.click(within(dialog).getByRole('button', { name: 'Alle drucken' }));
    await waitFor(() => expect(printDocument.querySelectorAll('section.protocol')).toHaveLength(120), { timeout: 10_000 });
    expect(printDocument.body.textContent).toContain('Person 150 Weitere');
    expect(callsTo(app.fetchMock, 'POST', '/api/access-logs/print')).toHaveLength(120);
    open.mockRestore();
  });

  it('shows the failed-key dialog with the attempt count, and the security warning once admins were notified', async () => {
    const org = await organisation();
    const other = await organisation();
    const app = await setup(org);
    await openWithKey(app, encodeOrganizationSecret(other.secret));
    const dialog = await screen.findByRole('dialog', { name: 'Schlüssel falsch' }, { timeout: 10_000 });
    expect(within(dialog).getByText('Verschlüsselungsschlüssel ist falsch. Bitte prüfen Sie den Schlüssel.')).toBeInTheDocument();
    expect(within(dialog).getByText('Versuch 1 von 5')).toBeInTheDocument();
    expect(within(dialog).getByText('Noch 4 Versuche, bevor der Administrator informiert wird.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Sicherheitswarnung')).not.toBeInTheDocument();
  });

  it('warns that the administrator was informed', async () => {
    const org = await organisation();
    const other = await organisation();
    const app = await setup(org, {
      wrongKeyBody: { message: 'Verschlüsselungsschlüssel ist falsch. Bitte prüfen Sie den Schlüssel.', code: 'ARCHIVE_KEY_WRONG', failureCount: 5, maxAttempts: 5, remainingAttempts: 0, adminNotified: true },
    });
    await openWithKey(app, encodeOrganizationSecret(other.secret));
    const dialog = await screen.findByRole('dialog', { name: 'Schlüssel falsch' }, { timeout: 10_000 });
    expect(within(dialog).getByText('Versuch 5 von 5')).toBeInTheDocument();
    expect(within(dialog).getByText('Keine Versuche mehr übrig.')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/Sicherheitswarnung.*Administrator der Plattform informiert/);
  });

  it('renders a print document from text only, whatever the data holds', () => {
    const doc = document.implementation.createHTMLDocument('');
    renderPrintDocument(doc, {
      organizationName: '<b>Org</b>', service, keyFingerprint: 'be8b-0c7e-3cb9-621f-b2d6-7fc0-a067-7cbd', decryptedAt: '2026-06-02T10:00:00.000Z',
      protocols: [{
        protocol: { id: protocolId, serviceId: service.id, serviceProtocolNumber: 3, createdAt: protocol.createdAt, symptoms: null, location: 'Markt', incidentTime: null,
          chiefComplaint: '<img src=x onerror=alert(1)>', initialAssessment: null, treatmentSummary: '', treatments: [], notes: null, discharged: true,
          dischargedAt: protocol.dischargedAt, dischargeNotes: null, dischargeStatus: 'stabil', dischargeOutcome: null, dischargeDestination: null, handoverTo: null, helpers: [], naca: null, diagnosisGroup: null },
        patientData: { firstName: 'Eva', lastName: 'Muster', dateOfBirth: null, gender: 'divers', phone: null, address: null, insurance: null, emergencyContact: null,
          emergencyContactPhone: null, allergies: null, medications: null, medicalHistory: null, location: null },
        vitals: [], replacedValues: [{ field: 'phone', value: '0170 1', replacedAt: '2026-06-01T14:30:00.000Z' }],
      }],
    });
    expect(doc.querySelectorAll('img, b, script')).toHaveLength(0);
    expect(doc.body.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(doc.body.textContent).toContain('Telefon (01.06.2026 16:30)');
    expect(doc.documentElement.lang).toBe('de');
  });
});

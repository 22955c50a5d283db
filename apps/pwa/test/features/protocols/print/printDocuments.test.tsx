import { describe, expect, it } from 'vitest';
import { completeProtocolModel, printStatusLabel, renderCompleteProtocolDocument } from '../../../../src/features/protocols/print/printCompleteProtocol';
import { renderHandoverDocument } from '../../../../src/features/protocols/print/printHandover';
import { blankDocument, entries, linesAfter, newerMeasurement, olderMeasurement, patient, printedAt, protocolId, protocolRow, protocolView, tableAfter } from './printFixtures';

describe('RTW-Übergabe (handover print)', () => {
  it('shows title, service, protocol number and date, and the patient with age', () => {
    const doc = blankDocument();
    renderHandoverDocument(doc, protocolView(), patient, printedAt);
    expect(doc.documentElement.lang).toBe('de');
    expect(doc.title).toBe('RTW-Übergabe – Protokoll #3');
    expect(doc.querySelector('h1')?.textContent).toBe('RTW-Übergabe');
    const meta = [...doc.querySelectorAll('header .meta')].map((m) => m.textContent);
    expect(meta).toEqual(['Sanitätsdienst: Schützenfest Großhöchstädt', 'Protokoll #3 · Datum: 04.07.2026 09:55']);
    expect(tableAfter(doc, 'Patientendaten')).toEqual([
      ['Name', 'Hildegard Quastenberg'],
      ['Geburtsdatum', '14.03.1961 (65 Jahre)'],
      ['Geschlecht', 'weiblich'],
      ['Adresse', 'Lindenstraße 4, 79379 Müllheim'],
      ['Telefon', '0761 123456'],
      ['Versicherungsinformationen', 'AOK Baden-Württemberg'],
    ]);
    expect(tableAfter(doc, 'Hauptbeschwerde')).toEqual([['Hauptbeschwerde', 'Thoraxschmerz seit 30 Minuten']]);
    expect(tableAfter(doc, 'Allergien und Medikamente')).toEqual([['Allergien', 'Penicillin'], ['Medikamente', 'Ramipril 5 mg']]);
    expect(doc.querySelector('footer')?.textContent).toBe('Gedruckt am 04.07.2026 11:15 · Vertraulich: enthält Patientendaten');
  });

  it('shows every measurement, oldest first, as a trend grid: the first values stay beside the last', () => {
    const doc = blankDocument();
    // Stored order must not matter: the columns run by the time measured.
    renderHandoverDocument(doc, protocolView({ vitals: [newerMeasurement, olderMeasurement] }), patient, printedAt);
    const heading = 'Vitalparameter im Verlauf';
    const table = [...doc.querySelectorAll('h3')].find((h) => h.textContent === heading)?.nextElementSibling;
    expect([...(table?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent)).toEqual(['Parameter', '10:00', '10:30']);
    expect(tableAfter(doc, heading)).toEqual([
      ['Blutdruck', '158/96 mmHg', '132/84 mmHg'],
      ['Herzfrequenz', '124 /min', '92 /min'],
      ['SpO₂', '91 %', '–'],
      ['AVPU', '–', 'A'],
      ['Bemerkungen', 'Patient klagt über Übelkeit', '–'],
    ]);
  });

  it('continues a long care in a second table and marks a wrong measurement in its column', () => {
    const doc = blankDocument();
    const mark = { at: '2026-07-04T10:00:00.000Z', reason: 'Falscher Patient', byId: 7 };
    const vitals = Array.from({ length: 10 }, (_, i) => ({
      ...olderMeasurement,
      id: `01900000-0000-7000-8000-0000000d${String(i).padStart(4, '0')}`,
      recordedAt: new Date(Date.parse('2026-07-04T08:00:00.000Z') + i * 5 * 60_000).toISOString(),
      values: [{ id: `p${i}`, parameterType: 'heart_rate' as const, value: String(100 + i), unit: '/min' }],
      enteredInError: i === 1 ? mark : null,
    }));
    renderHandoverDocument(doc, protocolView({ vitals }), patient, printedAt);
    const first = tableAfter(doc, 'Vitalparameter im Verlauf');
    expect(first).toEqual([['Herzfrequenz', ...Array.from({ length: 8 }, (_, i) => `${100 + i} /min`)]]);
    expect(tableAfter(doc, 'Vitalparameter im Verlauf (Fortsetzung)')).toEqual([['Herzfrequenz', '108 /min', '109 /min']]);
    const headers = [...doc.querySelectorAll('thead')][0]?.textContent ?? '';
    expect(headers).toContain('10:05 (irrtümlich)');
  });

  it('prints NACA and diagnosis group with their German wording, or "nicht erhoben"', () => {
    const doc = blankDocument();
    renderHandoverDocument(doc, protocolView({ protocol: protocolRow({ naca: '4', diagnosisGroup: 'alcohol' }) }), patient, printedAt);
    expect(tableAfter(doc, 'Einschätzung')).toEqual([
      ['NACA-Score', 'NACA IV – Akute Lebensgefahr nicht auszuschließen'],
      ['Diagnosegruppe', 'Intoxikation Alkohol'],
    ]);
    const none = blankDocument();
    renderCompleteProtocolDocument(none, protocolView(), patient, printedAt);
    expect(tableAfter(none, 'Einschätzung')).toEqual([['NACA-Score', 'nicht erhoben'], ['Diagnosegruppe', 'nicht erhoben']]);
  });

  it('says so when nothing was measured or done, and fills empty fields with the spec fallbacks', () => {
    const doc = blankDocument();
    const view = protocolView({ vitals: [], entries: [], protocol: protocolRow({ chiefComplaint: null, allergies: '  ', medications: null }) });
    renderHandoverDocument(doc, view, { firstName: 'Eva', lastName: 'Muster' }, printedAt);
    const text = doc.body.textContent;
    expect(text).toContain('Keine Vitalparameter erfasst');
    expect(text).toContain('Keine Maßnahmen dokumentiert');
    expect(tableAfter(doc, 'Hauptbeschwerde')).toEqual([['Hauptbeschwerde', 'Keine Angabe']]);
    expect(tableAfter(doc, 'Allergien und Medikamente')).toEqual([['Allergien', 'nicht erhoben'], ['Medikamente', 'nicht erhoben']]);
    expect(tableAfter(doc, 'Patientendaten')).toContainEqual(['Geburtsdatum', '-']);
  });
});

describe('Vollständiges Protokoll (full print)', () => {
  it('holds the anamnesis, the status and the helpers', () => {
    const doc = blankDocument();
    renderCompleteProtocolDocument(doc, protocolView(), patient, printedAt);
    expect(doc.title).toBe('Patientenprotokoll – Protokoll #3');
    expect([...doc.querySelectorAll('header .meta')].map((m) => m.textContent)).toContain('Status: Aktiv');
    expect(tableAfter(doc, 'Anamnese')).toEqual([
      ['Zeitpunkt des Ereignisses', '-'],
      ['Ersteinschätzung', 'Patient wach, blass, kaltschweißig'],
      ['Hauptbeschwerde', 'Thoraxschmerz seit 30 Minuten'],
      ['Symptome', 'Keine Angabe'],
      ['Allergien', 'Penicillin'],
      ['Medikamente', 'Ramipril 5 mg'],
      ['Vorerkrankungen', 'nicht erhoben'],
      ['Handlungsanweisungen', 'Oberkörper hoch lagern'],
    ]);
    expect(tableAfter(doc, 'Helfer')).toEqual([['Helfer 1', 'Lea Lang'], ['Helfer 2', 'Ben Berg']]);
    expect(tableAfter(doc, 'Patientendaten')).toContainEqual(['Fundort', '-']);
    expect(doc.body.textContent).not.toContain('Entlassung');
  });

  it('prints the emergency contact, the incident time and the symptoms (what the archive shows is captured and printed)', () => {
    const doc = blankDocument();
    const view = protocolView({ protocol: protocolRow({ incidentTime: '2026-07-04T07:40:00.000Z', symptoms: 'Druck auf der Brust, Übelkeit' }) });
    renderCompleteProtocolDocument(doc, view, { ...patient, emergencyContact: 'Kurt Quastenberg (Ehemann)', emergencyContactPhone: '0171 5550123' }, printedAt);
    const rows = tableAfter(doc, 'Patientendaten');
    expect(rows).toContainEqual(['Notfallkontakt', 'Kurt Quastenberg (Ehemann)']);
    expect(rows).toContainEqual(['Telefon Notfallkontakt', '0171 5550123']);
    const anamnesis = tableAfter(doc, 'Anamnese');
    // Berlin summer time: 07:40 UTC is 09:40 on the medic's clock.
    expect(anamnesis).toContainEqual(['Zeitpunkt des Ereignisses', '04.07.2026 09:40']);
    expect(anamnesis).toContainEqual(['Symptome', 'Druck auf der Brust, Übelkeit']);
    // The handover sheet stays short: no emergency contact there.
    const handover = blankDocument();
    renderHandoverDocument(handover, view, { ...patient, emergencyContact: 'Kurt Quastenberg (Ehemann)' }, printedAt);
    expect(handover.body.textContent).not.toContain('Notfallkontakt');
  });

  it('prints the whole timeline, one table per measurement, and every treatment line', () => {
    const doc = blankDocument();
    renderCompleteProtocolDocument(doc, protocolView(), patient, printedAt);
    expect([...doc.querySelectorAll('h4')].map((h) => h.textContent)).toEqual(['Messung 1 – 04.07.2026 10:00', 'Messung 2 – 04.07.2026 10:30']);
    expect(tableAfter(doc, 'Messung 1 – 04.07.2026 10:00')).toEqual([
      ['Blutdruck', '158/96 mmHg'],
      ['Herzfrequenz', '124 /min'],
      ['SpO₂', '91 %'],
      ['Bemerkungen', 'Patient klagt über Übelkeit'],
    ]);
    expect(tableAfter(doc, 'Messung 2 – 04.07.2026 10:30')).toEqual([['Blutdruck', '132/84 mmHg'], ['Herzfrequenz', '92 /min'], ['AVPU', 'A']]);
    expect(linesAfter(doc, 'Maßnahmen')).toEqual([
      '[10:02] Pulsoxymetrie angelegt (Lea Lang)',
      '[10:10] Sauerstoffgabe 4 l/min über Nasenbrille (Dr. Ofenbach)',
    ]);
  });

  it('adds the discharge once discharged, and shows only Aktiv, Entlassen or Unbekannt as status', () => {
    const discharged = protocolRow({
      status: 'discharged', dischargedAt: '2026-07-04T09:00:00.000Z', dischargeStatus: 'stabil', dischargeOutcome: 'ambulance', dischargeDestination: 'Krankenhaus Müllheim', handoverTo: 'RTW 1/83-1', dischargeComment: null,
    });
    const doc = blankDocument();
    renderCompleteProtocolDocument(doc, protocolView({ protocol: discharged }), patient, printedAt);
    expect([...doc.querySelectorAll('header .meta')].map((m) => m.textContent)).toContain('Status: Entlassen');
    expect(tableAfter(doc, 'Entlassung')).toEqual([
      ['Entlassen am', '04.07.2026 11:00'],
      ['Patientenzustand', 'stabil'],
      ['Ausgang', 'An den Rettungsdienst übergeben'],
      ['Verbleib', 'Krankenhaus Müllheim'],
      ['Übergabe an', 'RTW 1/83-1'],
      ['Kommentar', '-'],
    ]);
    expect(['active', 'discharged', 'transferred', 'cancelled', 'irgendwas'].map(printStatusLabel)).toEqual(['Aktiv', 'Entlassen', 'Unbekannt', 'Unbekannt', 'Unbekannt']);
    expect(completeProtocolModel(protocolView({ protocol: protocolRow({ status: 'transferred' }) }), patient, printedAt).meta).toContain('Status: Unbekannt');
  });
});

describe('Vollständiges Protokoll: every change kept', () => {
  it('prints wrong entries with their "irrtümlich" mark and the Änderungsverlauf, old → new, with time, author and device', () => {
    const doc = blankDocument();
    const mark = { at: '2026-07-04T08:40:00.000Z', reason: 'Falscher Patient', byId: 7 };
    const [first, second] = entries;
    if (!first || !second) throw new Error('Fixture ohne Maßnahmen');
    const view = protocolView({ vitals: [{ ...olderMeasurement, enteredInError: mark }, newerMeasurement], entries: [first, { ...second, enteredInError: mark }] });
    const history = [
      { entity: 'protocol' as const, entityId: protocolId, field: 'allergies', oldValue: 'Penicillin', newValue: 'Latex', changedAt: '2026-07-04T08:35:00.000Z', changedBy: 'Mona Medic', deviceId: '0190a000-d001-7000-8000-000000000001', sequence: 4 },
      { entity: 'vitalRecord' as const, entityId: olderMeasurement.id, field: 'enteredInError', oldValue: null, newValue: 'Falscher Patient', changedAt: mark.at, changedBy: 'Mona Medic', deviceId: null, sequence: 5 },
    ];
    renderCompleteProtocolDocument(doc, view, patient, printedAt, history);
    expect([...doc.querySelectorAll('h4')].map((h) => h.textContent)).toContain('Messung 1 – 04.07.2026 10:00 – irrtümlich: Falscher Patient');
    expect(linesAfter(doc, 'Maßnahmen')[1]).toBe('[10:10] Sauerstoffgabe 4 l/min über Nasenbrille (Dr. Ofenbach) – irrtümlich: Falscher Patient');
    expect(tableAfter(doc, 'Änderungsverlauf')).toEqual([
      ['04.07.2026 10:35', 'Mona Medic', '0190a000', 'Protokoll: Allergien', 'Penicillin', 'Latex'],
      ['04.07.2026 10:40', 'Mona Medic', '-', 'Vitalparameter: Als irrtümlich markiert', '(leer)', 'Falscher Patient'],
    ]);
  });

  it('says so when the device could not read the history at print time, and prints the rest', () => {
    const model = completeProtocolModel(protocolView(), patient, printedAt, null);
    expect(model.blocks.at(-1)).toMatchObject({ title: 'Änderungsverlauf', rows: [], empty: 'Der Änderungsverlauf dieses Geräts war beim Drucken nicht lesbar.' });
  });
});

describe('escaping', () => {
  const hostile = {
    ...patient,
    firstName: '<script>alert("name")</script>',
    address: '<img src=x onerror=alert(1)>',
  };
  const view = protocolView({
    patientData: hostile,
    protocol: protocolRow({ chiefComplaint: '</td></tr></table><script>alert(2)</script>', helper1: '<b>Chef</b>' }),
  });

  it.each([
    ['handover', renderHandoverDocument],
    ['complete', renderCompleteProtocolDocument],
  ] as const)('the %s print turns patient text into text, never into markup', (_kind, render) => {
    const doc = blankDocument();
    render(doc, view, hostile, printedAt);
    expect(doc.querySelectorAll('script, img, b')).toHaveLength(0);
    expect(doc.body.textContent).toContain('<script>alert("name")</script> Quastenberg');
    expect(doc.body.textContent).toContain('</td></tr></table><script>alert(2)</script>');
    expect(doc.documentElement.outerHTML).toContain('&lt;script&gt;alert("name")&lt;/script&gt;');
    expect(doc.documentElement.outerHTML).not.toContain('<script');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { draftIds, hasUnsavedForms, loadDraft, saveDraft } from '../../../src/data/drafts/draftStore';
import { registerManvTag, updateManvIncident } from '../../../src/data/repositories/manv';
import { ManvPage } from '../../../src/features/manv/ManvPage';
import { PatientDetail } from '../../../src/features/manv/PatientDetail';
import { PatientList } from '../../../src/features/manv/PatientList';
import { TriageCapture } from '../../../src/features/manv/TriageCapture';
import { draftGone, keptDraft, restoredNotice } from '../../helpers/drafts';
import { incidentOnDevice } from './manv.fixtures';
import { renderUi } from '../protocols/vitals/vitals.fixtures';

/**
 * docs/decisions.md "Drafts survive a lock": a tag half-captured at the triage, and what is typed
 * into a tag's detail, come back after the lock took the screen away (the forms unmount).
 */

describe('Entwurf: Sichtung erfassen', () => {
  it('Nummer und Person kommen nach dem Sperren zurück; Speichern löscht den Entwurf', async () => {
    const { db, incident } = await incidentOnDevice();
    const first = renderUi(<TriageCapture incident={incident} />);
    await first.user.type(screen.getByRole('textbox', { name: 'Anhängekartennummer' }), 'A-17');
    await first.user.click(screen.getByRole('button', { name: 'Angaben zur Person (optional)' }));
    await first.user.type(await screen.findByRole('textbox', { name: 'Kurzdiagnose' }), 'Unterschenkelfraktur links');
    first.unmount();
    expect(await keptDraft(db, draftIds.manvTriage(incident.id))).toMatchObject({ tag: 'A-17', person: { diagnosis: 'Unterschenkelfraktur links' } });

    const again = renderUi(<TriageCapture incident={incident} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Anhängekartennummer' })).toHaveValue('A-17'));
    expect(screen.getByText(restoredNotice)).toBeInTheDocument();
    await again.user.click(screen.getByRole('radio', { name: /^SK II\b/ }));
    await again.user.click(screen.getByRole('button', { name: 'Sichtung speichern' }));
    await draftGone(db, draftIds.manvTriage(incident.id));
    const saved = await db.manvPatients.where('incidentId').equals(incident.id).toArray();
    expect(saved).toMatchObject([{ tagNumber: 'A-17', diagnosis: 'Unterschenkelfraktur links' }]);
  });

  it('„Entwurf verwerfen“ leert das Formular und löscht den Entwurf', async () => {
    const { db, incident } = await incidentOnDevice();
    await saveDraft(db, draftIds.manvTriage(incident.id), { tag: '9', triage: { algorithm: 'mstart', qualification: 'paramedic', answers: [true], override: null }, person: { name: '', sex: null, estimatedAge: null, diagnosis: '' } }, incident.id);
    const ui = renderUi(<TriageCapture incident={incident} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Anhängekartennummer' })).toHaveValue('9'));
    await ui.user.click(screen.getByRole('button', { name: 'Entwurf verwerfen' }));
    expect(screen.getByRole('textbox', { name: 'Anhängekartennummer' })).toHaveValue('');
    expect(screen.queryByText(restoredNotice)).not.toBeInTheDocument();
    await draftGone(db, draftIds.manvTriage(incident.id));
  });
});

describe('Entwurf einer Sichtung, deren MANV inzwischen beendet wurde', () => {
  it('wird verworfen, mit Hinweis', async () => {
    const { db, incident } = await incidentOnDevice();
    await saveDraft(db, draftIds.manvTriage(incident.id), { tag: '9', triage: { algorithm: 'none', qualification: 'physician', answers: [], override: 'sk1' }, person: { name: 'Quirin Haselbeck', sex: null, estimatedAge: null, diagnosis: '' } }, incident.id);
    await updateManvIncident(incident.id, { endedAt: new Date().toISOString() });
    renderUi(
      <MemoryRouter initialEntries={[`/services/${incident.serviceId}/manv`]}>
        <Routes><Route path="/services/:id/manv" element={<ManvPage />} /></Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Der MANV wurde inzwischen beendet; nicht gespeicherte Eingaben zur Sichtung wurden verworfen.')).toBeInTheDocument();
    await draftGone(db, draftIds.manvTriage(incident.id));
  });
});

describe('Entwurf: Angaben einer Anhängekarte', () => {
  async function tagOnDevice() {
    const { db, incident } = await incidentOnDevice();
    const patientId = await registerManvTag({ incidentId: incident.id, tagNumber: '5', triage: { category: 'sk3', algorithm: 'mstart', qualification: 'paramedic' } });
    return { db, incident, patientId };
  }

  it('Person und Zielklinik überstehen das Sperren; Speichern löscht nur den gespeicherten Teil', async () => {
    const { db, incident, patientId } = await tagOnDevice();
    const detail = async () => {
      const patient = await db.manvPatients.get(patientId);
      if (!patient) throw new Error('Keine Karte');
      return <MemoryRouter><PatientDetail incident={incident} state={{ patient, history: [], current: null, tagConflict: false, lateTriages: [] }} sameTag={[]} onClose={() => undefined} /></MemoryRouter>;
    };
    const first = renderUi(await detail());
    const person = within(await screen.findByTestId('manv-person'));
    await first.user.type(person.getByRole('textbox', { name: 'Name' }), 'Quirin Haselbeck');
    await first.user.type(within(screen.getByTestId('manv-transport')).getByRole('textbox', { name: 'Zielklinik' }), 'Helios Müllheim');
    first.unmount();
    expect(await keptDraft(db, draftIds.manvTag(patientId, 'person'))).toMatchObject({ name: 'Quirin Haselbeck' });
    expect(await keptDraft(db, draftIds.manvTag(patientId, 'transport'))).toMatchObject({ destination: 'Helios Müllheim' });

    const again = renderUi(await detail());
    const restoredPerson = within(await screen.findByTestId('manv-person'));
    await waitFor(() => expect(restoredPerson.getByRole('textbox', { name: 'Name' })).toHaveValue('Quirin Haselbeck'));
    expect(within(screen.getByTestId('manv-transport')).getByRole('textbox', { name: 'Zielklinik' })).toHaveValue('Helios Müllheim');
    await again.user.click(restoredPerson.getByRole('button', { name: 'Angaben speichern' }));
    await waitFor(async () => expect(await loadDraft(db, draftIds.manvTag(patientId, 'person'))).toBeUndefined());
    expect((await db.manvPatients.get(patientId))?.name).toBe('Quirin Haselbeck');
    // The transport is not saved yet: its draft stays, and the lock screen would say so.
    expect(await loadDraft(db, draftIds.manvTag(patientId, 'transport'))).toBeDefined();
    expect(hasUnsavedForms()).toBe(true);
  });

  it('die Liste öffnet nach dem Neuladen die Karte, deren Angaben einen Entwurf haben', async () => {
    const { db, incident, patientId } = await tagOnDevice();
    await saveDraft(db, draftIds.manvTag(patientId, 'person'), { name: 'Quirin Haselbeck', sex: null, estimatedAge: null, diagnosis: '' }, patientId);
    renderUi(<MemoryRouter><PatientList incident={incident} /></MemoryRouter>);
    const dialog = await screen.findByRole('dialog', { name: 'Anhängekarte 5' });
    await waitFor(() => expect(within(within(dialog).getByTestId('manv-person')).getByRole('textbox', { name: 'Name' })).toHaveValue('Quirin Haselbeck'));
  });
});

import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerManvTag } from '../../../src/data/repositories/manv';
import { PatientList } from '../../../src/features/manv/PatientList';
import { TriageCapture } from '../../../src/features/manv/TriageCapture';
import { renderUi } from '../protocols/vitals/vitals.fixtures';
import { incidentOnDevice } from './manv.fixtures';

/** What a tablet and a phone showed wrong at the triage: the keyboard, the re-triage hint, the list. */
describe('MANV auf Tablet und Telefon', () => {
  afterEach(() => vi.restoreAllMocks());

  it('die Kartennummer öffnet den Ziffernblock; eine Taste gibt die Buchstaben', async () => {
    const { incident } = await incidentOnDevice();
    const ui = renderUi(<TriageCapture incident={incident} />);
    const field = screen.getByRole('textbox', { name: 'Anhängekartennummer' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await ui.user.click(screen.getByRole('button', { name: 'Tastatur mit Buchstaben' }));
    expect(field).toHaveAttribute('inputmode', 'text');
    await ui.user.type(field, 'A-17');
    expect(field).toHaveValue('A-17');
  });

  it('eine schon erfasste Karte nennt ihre bisherige Kategorie', async () => {
    const { incident } = await incidentOnDevice();
    await registerManvTag({ incidentId: incident.id, tagNumber: '12', triage: { category: 'sk2', algorithm: 'mstart', qualification: 'paramedic' } });
    const ui = renderUi(<TriageCapture incident={incident} />);
    await ui.user.type(screen.getByRole('textbox', { name: 'Anhängekartennummer' }), '12');
    const notice = await screen.findByTestId('manv-existing');
    expect(notice).toHaveTextContent('Karte 12 ist schon erfasst');
    expect(await within(notice).findByText('SK II (gelb)')).toBeInTheDocument();
  });

  it('auf dem Telefon steht jede Karte mit allen Angaben untereinander, ohne seitliches Scrollen', async () => {
    const { incident } = await incidentOnDevice();
    await registerManvTag({ incidentId: incident.id, tagNumber: '7', treatmentArea: 'Ablage Nord', person: { name: 'Quirin Haselbeck', sex: null, estimatedAge: null, diagnosis: '' }, triage: { category: 'sk1', algorithm: 'mstart', qualification: 'paramedic' } });
    // A phone: only the 36em query matches (test/setup.ts answers every query with no match).
    const answer = (query: string): MediaQueryList => Object.assign(new EventTarget(), {
      matches: query === '(max-width: 36em)', media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined,
    });
    vi.spyOn(window, 'matchMedia').mockImplementation(answer);
    renderUi(<MemoryRouter><PatientList incident={incident} /></MemoryRouter>);
    const list = await screen.findByRole('list', { name: 'Erfasste Anhängekarten' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('listitem');
    for (const text of ['Phase', 'Name', 'Quirin Haselbeck', 'Bereich', 'Ablage Nord', 'Abtransport']) expect(card).toHaveTextContent(text);
    expect(within(card).getByRole('button', { name: 'Karte 7 öffnen' })).toBeInTheDocument();
  });
});

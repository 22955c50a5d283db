import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { entryLines, renderEditor, seedProtocol, treatmentRows } from './treatmentFixtures';

const wizard = () => screen.findByRole('dialog', { name: 'Maßnahme dokumentieren' });
const searchResults = () => screen.getByRole('list', { name: 'Suchergebnisse' });

describe('treatment search', () => {
  it('shows at most 20 results and says when nothing matches', async () => {
    await seedProtocol();
    const { user } = renderEditor();
    const search = await screen.findByRole('searchbox', { name: 'Maßnahme suchen' });
    await user.type(search, 'e');
    await waitFor(() => expect(within(searchResults()).getAllByRole('button')).toHaveLength(20));
    expect(screen.getByText('Die ersten 20 Treffer')).toBeInTheDocument();

    await user.type(search, 'xyz');
    expect(await screen.findByText('Keine passende Maßnahme gefunden.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Suchergebnisse' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'tourniquet bein');
    await waitFor(() => expect(within(searchResults()).getAllByRole('button').map((b) => b.textContent)).toEqual(['Tourniquet am Bein [Seite] angelegt, Uhrzeit auf dem Tourniquet vermerkt']));
    expect(screen.getByText('1 Treffer')).toBeInTheDocument();
  });
});

describe('parameter wizard', () => {
  it('walks the placeholders in fixed order with back navigation, previews and adds', async () => {
    const db = await seedProtocol();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('tab', { name: 'Katalog' }));
    const catalogue = screen.getByRole('tabpanel', { name: 'Katalog' });
    await user.selectOptions(within(catalogue).getByRole('combobox', { name: 'Schema' }), 'Allgemein');
    await user.click(within(catalogue).getByRole('button', { name: 'Zugang und Medikamente' }));
    await user.click(await within(catalogue).findByRole('button', { name: 'Periphervenöser Zugang gelegt: [Körperregion] [Seite], [Venenverweilkanüle]' }));

    const dialog = await wizard();
    expect(within(dialog).getByText('Schritt 1 von 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Körperregion' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Zurück' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Hinzufügen' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Arm' }));
    expect(within(dialog).getByText('Schritt 2 von 3')).toBeInTheDocument();
    expect(within(dialog).getByText('Periphervenöser Zugang gelegt: Arm …, …')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('group', { name: 'Seite' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['links', 'rechts']);
    await user.click(within(dialog).getByRole('button', { name: 'links' }));
    expect(within(dialog).getByText('Schritt 3 von 3')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('group', { name: 'Venenverweilkanüle' })).getAllByRole('button')).toHaveLength(7);

    // Back: the earlier answer is kept and highlighted; a new choice replaces it.
    await user.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    expect(within(dialog).getByText('Schritt 2 von 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'links' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'rechts' }));
    await user.click(within(dialog).getByRole('button', { name: '18 G (grün)' }));

    const preview = within(dialog).getByRole('status', { name: 'Vorschau' });
    expect(preview.textContent).toMatch(/^\[\d\d:\d\d\] Periphervenöser Zugang gelegt: Arm rechts, 18 G \(grün\) \(Helfer 1\)$/);
    expect(await treatmentRows(db)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [line] = await entryLines(1);
    expect(line).toMatch(/^\[\d\d:\d\d\] Periphervenöser Zugang gelegt: Arm rechts, 18 G \(grün\) \(Helfer 1\)$/);
    expect((await treatmentRows(db))[0]?.args).toMatchObject({ text: 'Periphervenöser Zugang gelegt: Arm rechts, 18 G (grün)', performer: 'helfer1' });
  });

  it('needs text at free-text steps, keeps it on the way back, and Abbrechen discards', async () => {
    const db = await seedProtocol();
    const { user } = renderEditor();
    await user.type(await screen.findByRole('searchbox', { name: 'Maßnahme suchen' }), 'Medikamentengabe:');
    await user.click(within(searchResults()).getByRole('button', { name: 'Medikamentengabe: [Medikament] [Dosis] [Applikationsweg]' }));
    const dialog = await wizard();
    expect(within(dialog).getByText('Schritt 1 von 3')).toBeInTheDocument();
    const drug = within(dialog).getByRole('textbox', { name: 'Medikament' });
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(await within(dialog).findByText('Bitte geben Sie einen Wert ein')).toBeInTheDocument();
    await user.type(drug, '   {Enter}');
    expect(within(dialog).getByText('Bitte geben Sie einen Wert ein')).toBeInTheDocument();
    expect(within(dialog).getByText('Schritt 1 von 3')).toBeInTheDocument();

    await user.clear(drug);
    await user.type(drug, 'Salbutamol{Enter}');
    await user.type(await within(dialog).findByRole('textbox', { name: 'Dosis' }), '2 Hübe{Enter}');
    await user.type(await within(dialog).findByRole('textbox', { name: 'Applikationsweg' }), 'inhalativ');
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(within(dialog).getByRole('status', { name: 'Vorschau' })).toHaveTextContent('Medikamentengabe: Salbutamol 2 Hübe inhalativ (Helfer 1)');

    await user.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    expect(within(dialog).getByRole('textbox', { name: 'Applikationsweg' })).toHaveValue('inhalativ');
    await user.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    expect(within(dialog).getByRole('textbox', { name: 'Dosis' })).toHaveValue('2 Hübe');

    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await treatmentRows(db)).toHaveLength(0);
    expect(screen.getByText('Noch keine Maßnahmen dokumentiert.')).toBeInTheDocument();

    // Opened again, the wizard starts from the first step.
    await user.click(within(searchResults()).getByRole('button', { name: 'Medikamentengabe: [Medikament] [Dosis] [Applikationsweg]' }));
    expect(within(await wizard()).getByRole('textbox', { name: 'Medikament' })).toHaveValue('');
  });

  it('confirms a catalogue sentence without placeholders in the preview', async () => {
    const db = await seedProtocol();
    const { user } = renderEditor();
    const time = await screen.findByRole('textbox', { name: 'Uhrzeit' });
    await user.clear(time);
    await user.type(time, '09:30');
    await user.click(screen.getByRole('radio', { name: 'Laienhelfer' }));
    await user.click(screen.getByRole('tab', { name: 'Katalog' }));
    const catalogue = screen.getByRole('tabpanel', { name: 'Katalog' });
    expect(within(catalogue).getAllByRole('option').map((o) => o.textContent)).toEqual(['xABCDE-Schema', 'Trauma', 'Reanimation', 'Allgemein', 'Atemweg', 'Urogenital']);
    await user.click(within(catalogue).getByRole('button', { name: 'D – Neurologie' }));
    await user.click(await within(catalogue).findByRole('button', { name: 'BE-FAST-Test durchgeführt' }));
    const dialog = await wizard();
    expect(within(dialog).queryByText(/Schritt/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('status', { name: 'Vorschau' })).toHaveTextContent('[09:30] BE-FAST-Test durchgeführt (Laienhelfer)');
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(await entryLines(1)).toEqual(['[09:30] BE-FAST-Test durchgeführt (Laienhelfer)']);
    expect((await treatmentRows(db))[0]?.args).toMatchObject({ time: '09:30', text: 'BE-FAST-Test durchgeführt', performer: 'laienhelfer' });
  });
});

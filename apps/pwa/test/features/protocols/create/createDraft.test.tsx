import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { draftIds, loadDraft } from '../../../../src/data/drafts/draftStore';
import { CreateProtocolDialog } from '../../../../src/features/protocols/create/CreateProtocolDialog';
import { deviceWithProtocol, renderUi } from '../vitals/vitals.fixtures';

/** docs/decisions.md "Drafts survive a lock": a new protocol half-typed comes back in its dialog. */
const dialog = () => screen.findByRole('dialog', { name: 'Patientenprotokoll erstellen' });

/** The list page's part: the dialog starts closed and opens when its draft asks. */
function ProtocolsPage({ startOpen }: { startOpen: boolean }) {
  const [opened, setOpened] = useState(startOpen);
  return (
    <MemoryRouter>
      <CreateProtocolDialog opened={opened} onClose={() => setOpened(false)} onCreated={() => setOpened(false)} onDraftRestored={() => setOpened(true)} />
    </MemoryRouter>
  );
}

describe('Entwurf: Patientenprotokoll erstellen', () => {
  it('öffnet sich nach dem Neuladen mit dem Getippten; Abbrechen mit Bestätigung löscht den Entwurf', async () => {
    const { db } = await deviceWithProtocol();
    const first = renderUi(<ProtocolsPage startOpen />);
    const form = await dialog();
    await first.user.type(within(form).getByRole('textbox', { name: 'Nachname' }), 'Zwirnmeier');
    await first.user.type(within(form).getByRole('textbox', { name: 'Hauptbeschwerde' }), 'Atemnot');
    first.unmount();
    await waitFor(async () => expect((await loadDraft(db, draftIds.newProtocol()))?.values).toMatchObject({ lastName: 'Zwirnmeier', chiefComplaint: 'Atemnot' }));

    const again = renderUi(<ProtocolsPage startOpen={false} />);
    const restored = await dialog();
    await waitFor(() => expect(within(restored).getByRole('textbox', { name: 'Nachname' })).toHaveValue('Zwirnmeier'));
    expect(within(restored).getByText(/Nicht gespeicherte Eingaben vom .* wiederhergestellt/)).toBeInTheDocument();
    await again.user.click(within(restored).getByRole('button', { name: 'Abbrechen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eingabe abbrechen?' });
    await again.user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(async () => expect(await loadDraft(db, draftIds.newProtocol())).toBeUndefined());
  }, 30_000);
});

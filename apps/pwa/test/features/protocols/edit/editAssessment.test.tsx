import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast } from '../../../helpers/render';
import { outboxOf, pageHeading, protocolId, renderEditPage, seedEditPage } from './edit.fixtures';

const befund = () => screen.getByRole('tabpanel', { name: 'Befund' });

// The real edit page in jsdom: heavy on a shared two-core machine, hence the longer time limit.
describe('NACA and diagnosis group on the Befund tab', { timeout: 30_000 }, () => {
  it('are chosen on cards with their German definitions, saved offline in the one protocol.update, and cleared again', async () => {
    const { db } = await seedEditPage();
    const app = renderEditPage();
    await pageHeading();
    await app.user.click(screen.getByRole('tab', { name: 'Befund' }));
    const naca = within(befund()).getByRole('radiogroup', { name: /NACA-Score/ });
    expect(within(naca).getAllByRole('radio')).toHaveLength(8);
    await app.user.click(within(naca).getByRole('radio', { name: 'NACA III – Stationäre Behandlung erforderlich, keine akute Lebensgefahr' }));
    await app.user.click(within(befund()).getByRole('radio', { name: 'Intoxikation Alkohol' }));
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await findToast('Erfolgreich gespeichert')).toBeInTheDocument();
    const [update] = await outboxOf(db, 'protocol.update');
    expect(update?.args).toMatchObject({ id: protocolId, naca: '3', diagnosisGroup: 'alcohol' });
    expect(await db.protocols.get(protocolId)).toMatchObject({ naca: '3', diagnosisGroup: 'alcohol' });
    expect(within(naca).getByRole('radio', { name: /NACA III/ })).toBeChecked();

    const clear = within(befund()).getAllByRole('button', { name: 'Auswahl entfernen' })[0];
    if (!clear) throw new Error('Kein Knopf zum Entfernen der Auswahl');
    await app.user.click(clear);
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await findToast('Erfolgreich gespeichert')).toBeInTheDocument();
    expect((await db.protocols.get(protocolId))?.naca ?? null).toBeNull();
    expect((await outboxOf(db, 'protocol.update')).at(-1)?.args).not.toHaveProperty('diagnosisGroup');
  });
});

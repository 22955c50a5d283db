import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { templateMaterials, templateSelection } from '../../../src/features/treatmentTemplates/applyTemplate';
import { catalogue, renderSignedIn, seedSignedIn, uuid } from '../minorTreatments/minorTreatments.fixtures';

const dialog = () => screen.findByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
const template = (n: number, name: string, description: string, materials: { materialId: number; quantity: number }[]) => ({
  id: uuid(500 + n), organizationId: 1, name, description, materials, updatedAt: '2026-07-04T08:00:00.000Z',
});

describe('treatment templates in the minor-treatment dialog', () => {
  it('a chip fills description and materials; name, chip, Speichern saves it', async () => {
    const db = await seedSignedIn();
    await db.treatmentTemplates.bulkPut([
      template(1, 'Kühlen', 'Prellung gekühlt', [{ materialId: 2, quantity: 2 }, { materialId: 99, quantity: 1 }]),
      template(2, 'Kopfschmerz', 'Eigene Tablette eingenommen', []),
    ]);
    const app = renderSignedIn('/minor-treatments/new');
    const form = await dialog();
    const name = within(form).getByRole('textbox', { name: 'Patientenname' });
    await waitFor(() => expect(name).toHaveFocus());
    await app.user.keyboard('Max Mustermann');
    const chip = await within(form).findByRole('button', { name: 'Vorlage Kühlen übernehmen' });
    expect(within(form).getAllByRole('button', { name: /^Vorlage / }).map((b) => b.textContent)).toEqual(['Kopfschmerz', 'Kühlen']);
    await app.user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(within(form).getByRole('textbox', { name: 'Beschreibung' })).toHaveValue('Prellung gekühlt');
    // Material 99 left the catalogue: it is not offered.
    expect(within(form).getByRole('textbox', { name: 'Menge Kühlpack' })).toHaveValue('2');
    await app.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [saved] = await db.minorTreatments.toArray();
    expect(saved).toMatchObject({ patientName: 'Max Mustermann', description: 'Prellung gekühlt', materials: [{ materialId: 2, name: 'Kühlpack', quantity: 2 }] });
  });

  it('a template without materials saves without the Fortfahren notice; an edited description asks again', async () => {
    const db = await seedSignedIn();
    await db.treatmentTemplates.put(template(2, 'Kopfschmerz', 'Eigene Tablette eingenommen', []));
    const app = renderSignedIn('/minor-treatments/new');
    const form = await dialog();
    await app.user.type(within(form).getByRole('textbox', { name: 'Patientenname' }), 'Erika Muster');
    await app.user.click(await within(form).findByRole('button', { name: 'Vorlage Kopfschmerz übernehmen' }));
    await app.user.type(within(form).getByRole('textbox', { name: 'Beschreibung' }), ', Kopf gekühlt');
    await app.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Sie haben keine Materialien ausgewählt');
    await app.user.click(within(form).getByRole('button', { name: 'Vorlage Kopfschmerz übernehmen' }));
    await app.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await db.minorTreatments.toArray()).toEqual([expect.objectContaining({ description: 'Eigene Tablette eingenommen', materials: [] })]);
  });

  it('maps a template to the picker and back', () => {
    const selection = templateSelection([{ materialId: 1, quantity: 3 }, { materialId: 42, quantity: 1 }], catalogue);
    expect(selection).toEqual([{ id: 1, name: 'Pflaster', unit: 'Stück', quantity: 3 }]);
    expect(templateMaterials(selection)).toEqual([{ materialId: 1, quantity: 3 }]);
    expect(templateSelection([{ materialId: 1, quantity: 1 }], undefined)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openManvIncident, registerManvTag, updateManvIncident } from '../../../src/data/repositories/manv';
import { ManvBoardPanel } from '../../../src/features/manv/ManvBoardPanel';
import { openTestDb, organization, serverService } from '../../helpers/sync';
import { renderUi } from '../protocols/vitals/vitals.fixtures';

/** The board: a running MANV leads (its own slot, first, full width); the wall display's type reaches its table. */
async function serviceWithIncidents() {
  const db = openTestDb();
  await db.organizations.bulkPut([{ ...organization(1, 'DRK Müllheim'), role: 'owner' }]);
  const serviceId = randomUUID();
  await db.services.put(serverService(serviceId, 1));
  const ended = await openManvIncident(serviceId, { name: 'Übung am Morgen', startedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(), blueEnabled: false });
  await updateManvIncident(ended, { endedAt: new Date(Date.now() - 2 * 3_600_000).toISOString() });
  const running = await openManvIncident(serviceId, { name: 'Bühneneinsturz', startedAt: new Date().toISOString(), blueEnabled: false });
  await registerManvTag({ incidentId: running, tagNumber: '1', triage: { category: 'sk1', algorithm: 'mstart', qualification: 'paramedic' } });
  return serviceId;
}

describe('MANV auf dem Lagebild', () => {
  it('der laufende MANV steht im eigenen Platz, der beendete bei den übrigen Tafeln', async () => {
    const serviceId = await serviceWithIncidents();
    renderUi(
      <>
        <ManvBoardPanel serviceId={serviceId} large={false} running />
        <ManvBoardPanel serviceId={serviceId} large={false} running={false} />
      </>,
    );
    const panels = await screen.findAllByTestId('board-manv');
    expect(panels.map((panel) => panel.getAttribute('data-running'))).toEqual(['true', 'false']);
    expect(panels[0]).toHaveTextContent('Bühneneinsturz');
    expect(panels[0]).not.toHaveTextContent('Übung am Morgen');
    expect(panels[1]).toHaveTextContent('Übung am Morgen');
    expect(await within(panels[0] as HTMLElement).findByTestId('manv-count-patients')).toHaveTextContent('1');
  });

  it('auf der Wandanzeige ist auch die Zähltabelle groß', async () => {
    const serviceId = await serviceWithIncidents();
    renderUi(<ManvBoardPanel serviceId={serviceId} large running />);
    const table = await screen.findByRole('table', { name: 'Anzahl je Sichtungskategorie und Phase' });
    expect(table.getAttribute('style')).toMatch(/font-size/);
  });
});

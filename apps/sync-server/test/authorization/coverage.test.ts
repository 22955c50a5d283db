import { describe, expect, it } from 'vitest';
import { mutationNames } from '../../src/domain/sync/registry';
import { createTestApp } from '../helpers/testApp';
import { actors, states } from './actors';
import { endpointOf, mutationMatrix, mutationNameOf, restMatrix } from './matrix';
import { restRequests } from './requests';

/**
 * The matrix must be complete: a new endpoint or mutation without a row fails here, so its
 * authorisation is decided (and tested) before it ships. Rows for endpoints that no longer exist
 * fail too.
 */
describe('Autorisierungsmatrix: Vollständigkeit', () => {
  it('lists every REST endpoint the app registers, and none that it does not', async () => {
    const app = await createTestApp();
    const registered = new Set(app.apiRoutes.map((route) => `${route.method} ${route.url}`));
    const listed = new Set(Object.keys(restMatrix).map((key) => endpointOf(key).endpoint));
    expect([...registered].filter((endpoint) => !listed.has(endpoint)), 'Endpunkte ohne Zeile in matrix.ts').toEqual([]);
    expect([...listed].filter((endpoint) => !registered.has(endpoint)), 'Zeilen ohne Endpunkt').toEqual([]);
  });

  it('lists every sync mutation of the registry, and none that it does not', () => {
    expect(Object.keys(mutationMatrix).filter((key) => !mutationNames.includes(mutationNameOf(key))), 'Zeilen ohne Mutation').toEqual([]);
    expect(mutationNames.filter((name) => !Object.hasOwn(mutationMatrix, name)), 'Mutationen ohne Zeile in matrix.ts').toEqual([]);
  });

  it('gives every row a request, at least one state, and an answer for every actor', () => {
    expect(Object.keys(restRequests).sort()).toEqual(Object.keys(restMatrix).sort());
    for (const table of [...Object.values(restMatrix), ...Object.values(mutationMatrix)]) {
      const rowStates = Object.keys(table);
      expect(rowStates.length).toBeGreaterThan(0);
      for (const state of rowStates) {
        expect(states).toContain(state);
        expect(Object.keys((table as Record<string, object>)[state] ?? {}).sort()).toEqual([...actors].sort());
      }
    }
  });
});

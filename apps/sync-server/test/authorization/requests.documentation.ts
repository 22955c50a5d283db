import { randomUUID } from 'node:crypto';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { expect } from 'vitest';
import { dischargePayload, protocolPayload } from '../helpers/protocols';
import { servicePayload } from '../helpers/services';
import { memberActors } from './actors';
import type { DocumentationKey, RequestBuilder } from './requestTypes';
import { freshProtocol, freshService } from './fresh';

/** Services, minor treatments, material consumption, protocols, access events, dashboard, sync. */
export const documentationRequests: Record<DocumentationKey, RequestBuilder> = {
  'GET /api/services': () => ({ url: '/api/services', listsOwnRows: true }),
  'GET /api/services/active': () => ({ url: '/api/services/active', listsOwnRows: true }),
  'GET /api/services/:id': ({ scope }) => ({ url: `/api/services/${scope.serviceId}` }),
  'GET /api/services/:id/revisions': ({ scope }) => ({ url: `/api/services/${scope.serviceId}/revisions` }),
  'POST /api/services': ({ scope }) => ({ url: '/api/services', payload: servicePayload(scope.org.id) }),
  'PATCH /api/services/:id': ({ scope }) => ({ url: `/api/services/${scope.serviceId}`, payload: { description: 'Beschreibung geändert' } }),
  'PATCH /api/services/:id/archive': async ({ world, scope }) => ({ url: `/api/services/${await freshService(world, scope, { ended: true })}/archive` }),
  'PATCH /api/services/:id/complete': async ({ world, scope }) => ({ url: `/api/services/${await freshService(world, scope)}/complete` }),
  'DELETE /api/services/:id': async ({ world, scope }) => ({ url: `/api/services/${await freshService(world, scope)}` }),

  'GET /api/minor-treatments': () => ({ url: '/api/minor-treatments', listsOwnRows: true }),
  'POST /api/minor-treatments': ({ scope }) => ({
    url: '/api/minor-treatments',
    payload: { id: randomUUID(), serviceId: scope.serviceId, patientName: 'Max Muster', description: 'Pflaster geklebt', materials: [{ id: scope.materialId, quantity: 1 }] },
  }),
  'GET /api/services/:id/minor-treatments': ({ scope }) => ({ url: `/api/services/${scope.serviceId}/minor-treatments` }),
  'GET /api/materials/used': ({ scope }) => ({ url: `/api/materials/used?serviceId=${scope.serviceId}` }),
  'POST /api/materials/add-used': ({ scope }) => ({ url: '/api/materials/add-used', payload: { serviceId: scope.serviceId, materials: [{ id: scope.materialId, quantity: 1 }] } }),
  'DELETE /api/materials/used/:id': ({ scope }) => ({ url: `/api/materials/used/${scope.materialId}?serviceId=${scope.serviceId}` }),
  'POST /api/materials/clear': ({ scope }) => ({ url: '/api/materials/clear', payload: { serviceId: scope.serviceId } }),
  'GET /api/materials/export': ({ scope }) => ({ url: `/api/materials/export?serviceId=${scope.serviceId}` }),

  'GET /api/patient-protocols': () => ({ url: '/api/patient-protocols', listsOwnRows: true }),
  'GET /api/patient-protocols/:id': ({ scope }) => ({ url: `/api/patient-protocols/${scope.protocolId}` }),
  'POST /api/patient-protocols': ({ scope }) => ({ url: '/api/patient-protocols', payload: protocolPayload(scope.serviceId) }),
  'PATCH /api/patient-protocols/:id': ({ scope }) => ({ url: `/api/patient-protocols/${scope.protocolId}`, payload: { medications: 'ASS 100' } }),
  'PATCH /api/patient-protocols/:id/discharge': async ({ world, scope }) => ({
    url: `/api/patient-protocols/${await freshProtocol(world, scope)}/discharge`, payload: dischargePayload,
  }),
  'GET /api/patient-protocols/:id/vital-signs': ({ scope }) => ({ url: `/api/patient-protocols/${scope.protocolId}/vital-signs` }),
  'GET /api/patient-protocols/:id/revisions': ({ scope }) => ({ url: `/api/patient-protocols/${scope.protocolId}/revisions` }),
  'POST /api/patient-protocols/:id/vital-signs': ({ scope }) => ({ url: `/api/patient-protocols/${scope.protocolId}/vital-signs`, payload: { heartRate: 88 } }),
  'GET /api/patient-protocols/:id/treatment-entries': ({ scope }) => ({ url: `/api/patient-protocols/${scope.protocolId}/treatment-entries` }),
  'POST /api/patient-protocols/:id/treatment-entries': ({ scope }) => ({
    url: `/api/patient-protocols/${scope.protocolId}/treatment-entries`, payload: { id: randomUUID(), time: '12:00', text: 'Patient betreut', performer: 'laienhelfer' },
  }),
  'GET /api/services/:id/patient-protocols': ({ scope }) => ({ url: `/api/services/${scope.serviceId}/patient-protocols` }),
  'POST /api/access-logs/protocol-access': ({ scope }) => ({ url: '/api/access-logs/protocol-access', payload: { protocolId: scope.protocolId } }),
  'POST /api/access-logs/print': ({ scope }) => ({ url: '/api/access-logs/print', payload: { protocolId: scope.protocolId, actionType: 'handover' } }),

  // Counts only of the caller's organisations: nothing for non-members, the other owner's own one treatment.
  'GET /api/stats/dashboard': ({ actor }) => ({
    url: '/api/stats/dashboard',
    expectBody: (body) => {
      if (actor === 'stranger' || actor === 'platformAdmin') expect(Object.values(body as object).every((n) => n === 0), JSON.stringify(body)).toBe(true);
      if (actor === 'otherOwner') expect(body).toMatchObject({ minorTreatments: 1, openMaterialItems: 2 });
      if (memberActors.includes(actor)) expect((body as { minorTreatments: number }).minorTreatments).toBeGreaterThanOrEqual(1);
    },
  }),
  // An empty batch from a new device: whether the push itself is open; mutations have their own table.
  'POST /api/sync/push': () => ({ url: '/api/sync/push', payload: { deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: [] } }),
  'GET /api/sync/pull': () => ({ url: '/api/sync/pull', listsOwnRows: true }),
};

import { randomUUID } from 'node:crypto';
import { dischargePayload, protocolPayload } from '../helpers/protocols';
import { servicePayload } from '../helpers/services';
import { freshManvIncident, freshManvPatient, freshMinorTreatment, freshProtocol, freshProtocolEntry, freshService, freshTemplate } from './fresh';
import type { MutationKey } from './matrix';
import type { CaseContext } from './requestTypes';

type ArgsBuilder = (context: CaseContext) => unknown;

/**
 * The args a device pushes for each mutation of the matrix, shaped as the PWA sends them
 * (apps/pwa/src/data/mutations.ts). Mutations that use up their target get a fresh one.
 */
export const mutationArgs: Record<MutationKey, ArgsBuilder> = {
  'service.create': ({ scope }) => servicePayload(scope.org.id),
  'service.update': ({ scope }) => ({ id: scope.serviceId, description: 'Offline geändert' }),
  'service.archive': async ({ world, scope }) => ({ id: await freshService(world, scope, { ended: true }) }),
  'service.complete': async ({ world, scope }) => ({ id: await freshService(world, scope) }),
  'service.delete': async ({ world, scope }) => ({ id: await freshService(world, scope) }),
  'minorTreatment.create': ({ scope }) => ({
    id: randomUUID(), serviceId: scope.serviceId, patientName: 'Max Muster', description: 'Kühlpack', materials: [{ id: scope.materialId, quantity: 1, usageId: randomUUID() }],
    createdAt: new Date().toISOString(),
  }),
  'materialUsage.add': ({ scope }) => ({ serviceId: scope.serviceId, materials: [{ id: scope.materialId, quantity: 2, usageId: randomUUID() }], usedAt: new Date().toISOString() }),
  'materialUsage.refill': ({ scope }) => ({ serviceId: scope.serviceId, materialId: scope.materialId }),
  'protocol.create': ({ scope }) => protocolPayload(scope.serviceId, { createdAt: new Date().toISOString() }),
  'protocol.update': ({ scope }) => ({ id: scope.protocolId, medications: 'Ibuprofen 400', updatedAt: new Date().toISOString() }),
  'protocol.discharge': async ({ world, scope }) => ({ id: await freshProtocol(world, scope), ...dischargePayload, dischargedAt: new Date().toISOString() }),
  'vitals.record': ({ scope }) => ({
    id: randomUUID(), protocolId: scope.protocolId, recordedAt: new Date().toISOString(), values: [{ parameterType: 'heart_rate', value: '92' }],
  }),
  'treatmentEntry.add': ({ scope }) => ({
    id: randomUUID(), protocolId: scope.protocolId, time: '13:05', text: 'Wunde gereinigt', performer: 'helfer1', createdAt: new Date().toISOString(),
  }),
  'vitals.markInError': async ({ world, scope }) => ({ id: await freshProtocolEntry(world, scope, 'vitalSignRecords'), reason: 'Falscher Patient', markedAt: new Date().toISOString() }),
  'treatmentEntry.markInError': async ({ world, scope }) => ({ id: await freshProtocolEntry(world, scope, 'treatmentEntries'), reason: 'Doppelt', markedAt: new Date().toISOString() }),
  'minorTreatment.markInError': async ({ world, scope }) => ({ id: await freshMinorTreatment(world, scope), reason: 'Doppelt', markedAt: new Date().toISOString() }),
  'accessLog.record': ({ scope }) => ({ id: randomUUID(), protocolId: scope.protocolId, actionType: 'protocol_opened', occurredAt: new Date().toISOString() }),
  'accessLog.record#patientList': ({ scope }) => ({ id: randomUUID(), serviceId: scope.serviceId, actionType: 'patient_list_opened', occurredAt: new Date().toISOString() }),
  'accessLog.record#minorTreatmentName': async ({ world, scope }) => ({
    id: randomUUID(), minorTreatmentId: await freshMinorTreatment(world, scope), actionType: 'minor_treatment_name_viewed', occurredAt: new Date().toISOString(),
  }),
  'treatmentTemplate.create': ({ scope }) => ({
    id: randomUUID(), organizationId: scope.org.id, name: 'Blase', description: 'Blasenpflaster geklebt', materials: [{ materialId: scope.materialId, quantity: 1 }],
  }),
  'treatmentTemplate.update': async ({ world, scope }) => ({
    id: await freshTemplate(world, scope), name: 'Kühlen', description: 'Kühlpack ausgegeben', materials: [{ materialId: scope.materialId, quantity: 2 }],
  }),
  'treatmentTemplate.delete': async ({ world, scope }) => ({ id: await freshTemplate(world, scope) }),
  'diaryEntry.create': ({ scope }) => ({ id: randomUUID(), serviceId: scope.serviceId, text: 'Zelt 2 voll belegt', occurredAt: new Date().toISOString() }),
  'manvIncident.open': ({ scope }) => ({ id: randomUUID(), serviceId: scope.serviceId, name: 'Bühneneinsturz', startedAt: new Date().toISOString(), blueEnabled: false }),
  'manvIncident.update': async ({ world, scope }) => ({ id: await freshManvIncident(world, scope), endedAt: new Date(Date.now() + 60_000).toISOString() }),
  'manvPatient.register': async ({ world, scope }) => ({
    id: randomUUID(), incidentId: await freshManvIncident(world, scope), tagNumber: 'A-17', createdAt: new Date().toISOString(), person: { name: 'Max Muster' },
    triage: { id: randomUUID(), category: 'sk2', phase: 'pre_triage', algorithm: 'mstart', qualification: 'paramedic', triagedAt: new Date().toISOString() },
  }),
  'manvPatient.update': async ({ world, scope }) => ({ id: await freshManvPatient(world, scope), person: { diagnosis: 'Unterschenkelfraktur' } }),
  'manvTriage.record': async ({ world, scope }) => ({
    id: randomUUID(), patientId: await freshManvPatient(world, scope), category: 'sk1', phase: 're_triage', algorithm: 'none', qualification: 'physician',
    triagedAt: new Date().toISOString(),
  }),
  'manvTransport.record': async ({ world, scope }) => ({
    patientId: await freshManvPatient(world, scope), priority: 'high', means: 'rtw', destination: 'Klinikum Mitte', position: 'lying', departedAt: new Date().toISOString(),
  }),
  'accessLog.record#manvPersonList': ({ scope }) => ({ id: randomUUID(), serviceId: scope.serviceId, actionType: 'manv_person_list_exported', occurredAt: new Date().toISOString() }),
};

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../../helpers/organizations';
import { createProtocolVia, protocolCounts, storedVitals } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import { createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, VitalRecord } from '@sanidok/schema';

async function setup() {
  const app = await createTestApp();
  const medic = await registeredClient(app, 'olga');
  const { id: orgId } = await createOrganization(medic);
  const service = await createServiceVia(medic, orgId);
  const { protocol } = await createProtocolVia(medic, service.id);
  return { app, medic, url: `/api/patient-protocols/${protocol.id}/vital-signs`, protocolId: protocol.id };
}

describe('vital signs', () => {
  it('stores the simple and the rich form as one model', async () => {
    const { app, medic, url, protocolId } = await setup();
    const simple = await medic.post(url, {
      protocolId, bloodPressureSystolic: '135', bloodPressureDiastolic: '85', heartRate: '92', respiratoryRate: '', oxygenSaturation: '97',
      temperature: '37,2', bloodGlucose: null, gcs: '15', painScale: '4', avpu: 'A', pupils: 'PERRLA', skinStatus: 'Blass', capillaryRefill: '2-3 Sek', notes: '',
    });
    expect(simple.statusCode).toBe(201);
    // REST answers no values, the writer's included (docs/security.md "Clinical data follows the team"): the stored ones are read.
    expect(json<VitalRecord>(simple).values).toEqual([]);
    expect((await storedVitals(app, json<VitalRecord>(simple).id)).values.map((v: { parameterType: string; value: string; unit: string | null }) => [v.parameterType, v.value, v.unit])).toEqual([
      ['blood_pressure', '135/85', 'mmHg'], ['heart_rate', '92', '/min'], ['oxygen_saturation', '97', '%'], ['temperature', '37.2', '°C'],
      ['gcs', '15', null], ['pain_scale', '4', null], ['avpu', 'A', null], ['pupils', 'PERRLA', null], ['skin_status', 'Blass', null], ['capillary_refill', '2-3', 's'],
    ]);

    const rich = await medic.post(url, {
      recordedAt: '2026-01-01T10:15:00.000Z',
      vitalSigns: [
        { parameterType: 'blood_pressure', value: '-/70', unit: 'mmHg' },
        { parameterType: 'spo2', value: 94 },
        { parameterType: 'gcs_eyes', value: '3' }, { parameterType: 'pupils_left_size', value: 'weit' },
        { parameterType: 'skin_status', value: 'Kalt, Feucht' }, { parameterType: 'notes', value: 'Patient friert' },
      ],
    });
    expect(rich.statusCode).toBe(201);
    expect(json<VitalRecord>(rich).recordedAt).toBe('2026-01-01T10:15:00.000Z');
    expect((await storedVitals(app, json<VitalRecord>(rich).id)).values.slice(0, 2)).toMatchObject([{ parameterType: 'blood_pressure', value: '-/70' }, { parameterType: 'oxygen_saturation', value: '94', unit: '%' }]);

    const list = json<VitalRecord[]>(await medic.get(url));
    expect(list.map((r: { recordedAt: string }) => r.recordedAt)[0]).toBe('2026-01-01T10:15:00.000Z');
    expect(list).toHaveLength(2);
    expect(list[1]?.values).toEqual([]);
    expect((await storedVitals(app, list[1]?.id ?? '')).values).toHaveLength(10);
  });

  it('rejects bad input with German messages and writes nothing', async () => {
    const { app, medic, url } = await setup();
    const cases: [unknown, string][] = [
      [{}, 'Bitte geben Sie mindestens einen Vitalparameter ein.'],
      [{ heartRate: '', notes: '  ' }, 'Bitte geben Sie mindestens einen Vitalparameter ein.'],
      [{ vitalSigns: [] }, 'Bitte geben Sie mindestens einen Vitalparameter ein.'],
      [{ gcs: 2 }, 'GCS muss eine ganze Zahl zwischen 3 und 15 sein'],
      [{ painScale: '11' }, 'Schmerzskala muss eine ganze Zahl zwischen 0 und 10 sein'],
      [{ heartRate: '80,5' }, 'Herzfrequenz muss eine ganze Zahl zwischen 0 und 300 sein'],
      [{ heartRate: 'schnell' }, 'Herzfrequenz muss eine ganze Zahl zwischen 0 und 300 sein'],
      [{ avpu: 'X' }, 'Ungültige Auswahl'],
      [{ capillaryRefill: '<2' }, 'Ungültige Auswahl'],
      [{ vitalSigns: [{ parameterType: 'puls', value: '80' }] }, 'Unbekannter Vitalparameter'],
      [{ vitalSigns: [{ parameterType: 'blood_pressure', value: '-/-' }] }, 'Blutdruck bitte als systolisch/diastolisch angeben, z. B. 120/80'],
      [{ vitalSigns: [{ parameterType: 'gcs_motor', value: '7' }] }, 'GCS Motorik muss eine ganze Zahl zwischen 1 und 6 sein'],
      [{ vitalSigns: [{ parameterType: 'heart_rate', value: ' ' }] }, 'Bitte geben Sie einen Wert ein'],
    ];
    for (const [payload, message] of cases) {
      const response = await medic.post(url, payload);
      expect([response.statusCode, json<ApiErrorBody>(response).message], JSON.stringify(payload)).toEqual([400, message]);
    }
    const unknown = await medic.post(`/api/patient-protocols/${randomUUID()}/vital-signs`, { heartRate: 80 });
    expect([unknown.statusCode, json<ApiErrorBody>(unknown).message]).toEqual([404, 'Protokoll nicht gefunden']);
    expect(await protocolCounts(app)).toMatchObject({ vitals: 0, values: 0 });
  });
});

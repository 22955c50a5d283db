import { describe, expect, it } from 'vitest';
import { canArchive, fieldMessages, serviceFormSchema, serviceStatus, serviceStatusLabels } from '../src';

const at = (iso: string) => new Date(iso);
const service = { status: 'active', startDate: '2026-07-01T08:00:00.000Z', endDate: '2026-07-01T18:00:00.000Z' };

describe('serviceStatus', () => {
  it('derives from time while active, with start and end inclusive', () => {
    expect(serviceStatus(service, at('2026-07-01T07:59:59.999Z'))).toBe('upcoming');
    expect(serviceStatus(service, at('2026-07-01T08:00:00.000Z'))).toBe('active');
    expect(serviceStatus(service, at('2026-07-01T18:00:00.000Z'))).toBe('active');
    expect(serviceStatus(service, at('2026-07-01T18:00:00.001Z'))).toBe('ended');
  });

  it('lets a stored final status win and knows nothing else', () => {
    expect(serviceStatus({ ...service, status: 'archived' }, at('2026-07-01T09:00:00Z'))).toBe('archived');
    expect(serviceStatus({ ...service, status: 'ended' }, at('2026-06-01T09:00:00Z'))).toBe('ended');
    expect(serviceStatus({ ...service, status: 'completed' }, at('2026-06-01T09:00:00Z'))).toBe('completed');
    expect(serviceStatus({ ...service, status: 'seltsam' })).toBe('unknown');
    expect(serviceStatus({ ...service, startDate: 'kaputt' })).toBe('unknown');
    expect(serviceStatusLabels).toMatchObject({ active: 'Aktiv', upcoming: 'Geplant', ended: 'Beendet', archived: 'Archiviert', completed: 'Abgeschlossen', unknown: 'Status unbekannt' });
  });

  it('archives only what is over', () => {
    expect(canArchive(service, at('2026-07-02T00:00:00Z'))).toBe(true);
    expect(canArchive(service, at('2026-07-01T12:00:00Z'))).toBe(false);
  });
});

describe('serviceFormSchema', () => {
  it('gives the spec messages and checks end after start', () => {
    const empty = serviceFormSchema.safeParse({ name: '', location: '', startDate: '', startTime: '', endDate: '', endTime: '', organizationId: '' });
    expect(empty.success ? {} : fieldMessages(empty.error)).toEqual({
      name: 'Name muss mindestens 3 Zeichen lang sein',
      location: 'Bitte geben Sie den Ort des Sanitätsdienstes an',
      startDate: 'Startdatum ist erforderlich',
      startTime: 'Startzeit ist erforderlich',
      endDate: 'Enddatum ist erforderlich',
      endTime: 'Endzeit ist erforderlich',
      organizationId: 'Bitte wählen Sie eine Organisation aus',
    });
    const reversed = serviceFormSchema.safeParse({ name: 'Fest', location: 'Platz', startDate: '2026-07-01', startTime: '10:00', endDate: '2026-07-01', endTime: '09:00', organizationId: '1' });
    expect(reversed.success ? {} : fieldMessages(reversed.error)).toEqual({ endDate: 'Das Enddatum muss nach dem Startdatum liegen' });
  });
});

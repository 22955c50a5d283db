import { serviceFormSchema } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { groupServices, tabOf } from '../../../src/features/services/serviceGroups';
import { changedFields, createFormSchema, editFormSchema, toCreateInput, toEditValues } from '../../../src/features/services/serviceForm';
import { org, service } from './services.fixtures';

describe('grouping by status', () => {
  const start = '2026-06-01T08:00:00.000Z';
  const end = '2026-06-01T18:00:00.000Z';
  const s = service({ startDate: start, endDate: end });
  const at = (iso: string, ms = 0) => new Date(Date.parse(iso) + ms);
  const tabAt = (now: Date, overrides = {}) => {
    const groups = groupServices([{ ...s, ...overrides }], [org(1, 'owner')], now);
    return (['active', 'planned', 'ended'] as const).find((tab) => groups[tab].length === 1);
  };

  it('puts the boundaries where docs/spec/services.md §4 puts them: start and end are still active', () => {
    expect(tabAt(at(start, -1))).toBe('planned');
    expect(tabAt(at(start))).toBe('active');
    expect(tabAt(at(end))).toBe('active');
    expect(tabAt(at(end, 1))).toBe('ended');
  });

  it('lists archived, completed, ended and unreadable services with the ended ones', () => {
    expect(tabAt(at(start, -1), { status: 'archived' })).toBe('ended');
    expect(tabAt(at(start), { status: 'completed' })).toBe('ended');
    expect(tabAt(at(start), { status: 'ended' })).toBe('ended');
    expect(tabAt(at(start), { startDate: 'kaputt' })).toBe('ended');
    expect(tabOf('unknown')).toBe('ended');
  });

  it('marks services locked by their own block or their organisation’s, and who may manage them', () => {
    const organizations = [org(1, 'owner'), org(2, 'member', { isBlocked: true }), org(3, 'admin')];
    const groups = groupServices(
      [service({ id: 'a', organizationId: 1 }), service({ id: 'b', organizationId: 2 }), service({ id: 'c', organizationId: 3, isBlocked: true })],
      organizations,
      new Date(),
    );
    const rows = Object.fromEntries(groups.active.map((r) => [r.service.id, r]));
    expect([rows.a?.locked, rows.b?.locked, rows.c?.locked]).toEqual([false, true, true]);
    expect([rows.a?.canManage, rows.b?.canManage, rows.c?.canManage]).toEqual([true, false, true]);
  });

  it('sorts planned by start, running by end, ended newest first', () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    const list = [
      service({ id: 'p2', startDate: '2026-06-03T08:00:00.000Z', endDate: '2026-06-03T09:00:00.000Z' }),
      service({ id: 'p1', startDate: '2026-06-02T08:00:00.000Z', endDate: '2026-06-02T09:00:00.000Z' }),
      service({ id: 'e1', startDate: '2026-05-01T08:00:00.000Z', endDate: '2026-05-01T09:00:00.000Z' }),
      service({ id: 'e2', startDate: '2026-05-20T08:00:00.000Z', endDate: '2026-05-20T09:00:00.000Z' }),
      service({ id: 'a2', startDate: '2026-06-01T08:00:00.000Z', endDate: '2026-06-01T20:00:00.000Z' }),
      service({ id: 'a1', startDate: '2026-06-01T10:00:00.000Z', endDate: '2026-06-01T14:00:00.000Z' }),
    ];
    const groups = groupServices(list, [org(1, 'owner')], now);
    expect(groups.planned.map((r) => r.service.id)).toEqual(['p1', 'p2']);
    expect(groups.active.map((r) => r.service.id)).toEqual(['a1', 'a2']);
    expect(groups.ended.map((r) => r.service.id)).toEqual(['e2', 'e1']);
  });
});

describe('service forms', () => {
  const values = {
    name: 'Stadtfest',
    description: '',
    location: 'Marktplatz',
    startDate: '2026-07-01',
    startTime: '10:00',
    endDate: '2026-07-01',
    endTime: '18:30',
    organizationId: '3',
  };

  it('builds the create payload in Berlin time', () => {
    expect(toCreateInput(values)).toEqual({
      name: 'Stadtfest',
      description: null,
      location: 'Marktplatz',
      startDate: '2026-07-01T08:00:00.000Z',
      endDate: '2026-07-01T16:30:00.000Z',
      organizationId: 3,
    });
  });

  it('create: the end must lie after the start, and dates must exist', () => {
    const same = createFormSchema.safeParse({ ...values, endTime: '10:00' });
    expect(same.error?.issues.map((i) => i.message)).toEqual(['Das Enddatum muss nach dem Startdatum liegen']);
    const impossible = createFormSchema.safeParse({ ...values, startDate: '2026-02-30', endDate: '2026-03-01' });
    expect(impossible.error?.issues.map((i) => i.message)).toEqual(['Ungültiges Datum']);
    expect(serviceFormSchema.safeParse(values).success).toBe(true);
  });

  it('a correct date whose time lacks the minutes (the time field gives \'\') is not called invalid: the time field says what is missing', () => {
    for (const schema of [createFormSchema, editFormSchema]) {
      const result = schema.safeParse({ ...values, accessCode: '', startTime: '' });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['startTime', 'Startzeit ist erforderlich']]);
    }
  });

  it('edit: an end equal to the start is allowed, before it is not', () => {
    const edit = { ...values, accessCode: '' };
    expect(editFormSchema.safeParse({ ...edit, endTime: '10:00' }).success).toBe(true);
    const before = editFormSchema.safeParse({ ...edit, endTime: '09:59' });
    expect(before.error?.issues.map((i) => i.message)).toEqual(['Enddatum muss nach dem Startdatum liegen']);
  });

  it('sends only the fields the user changed', () => {
    const s = service({ name: 'Stadtfest', location: 'Markt', description: null, accessCode: 'ALT', startDate: '2026-07-01T08:00:00.000Z', endDate: '2026-07-01T16:00:00.000Z' });
    const initial = toEditValues(s);
    expect(initial).toMatchObject({ startDate: '2026-07-01', startTime: '10:00', endTime: '18:00', description: '', accessCode: 'ALT' });
    expect(changedFields(initial, initial)).toEqual({});
    expect(changedFields(initial, { ...initial, endTime: '20:00', accessCode: '' })).toEqual({ endDate: '2026-07-01T18:00:00.000Z', accessCode: null });
    expect(changedFields(initial, { ...initial, name: ' Stadtfest ', description: 'Neu' })).toEqual({ description: 'Neu' });
  });
});

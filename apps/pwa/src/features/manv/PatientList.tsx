import type { ManvIncident } from '@sanidok/schema';
import { Badge, Group, Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { manvPatientStates, manvPhaseLabels } from '@sanidok/schema';
import { useEffect, useMemo, useState } from 'react';
import { draftPrefixes } from '../../data/drafts/draftStore';
import { useDraftWaitingAtStart } from '../shared/useValueDraft';
import { useManvIncidentData } from '../../data/manvHooks';
import { recordAccessEvent } from '../../data/repositories/accessEvents';
import { manvDe } from '../../i18n/manv.de';
import { CategoryBadge } from './CategoryBadge';
import { PatientDetail } from './PatientDetail';

const t = manvDe.list;

/** The incident's tags with their current category (latest event), conflicts and late triages flagged. */
export function PatientList({ incident }: { incident: ManvIncident }) {
  const data = useManvIncidentData(incident.id);
  const [openId, setOpenId] = useState<string | null>(null);
  // After a lock or a reload the tag whose detail holds a draft opens again.
  const patientIds = useMemo(() => data?.patients.map((patient) => patient.id), [data]);
  useDraftWaitingAtStart(draftPrefixes.manvTag, patientIds, setOpenId);
  // The list shows names: its opening is logged like a service's patient list (docs/manv.md).
  useEffect(() => {
    void recordAccessEvent({ actionType: 'manv_person_list_opened', serviceId: incident.serviceId }).catch(() => undefined);
  }, [incident.serviceId]);
  if (!data) return null;
  const states = manvPatientStates(data.patients, data.triages).sort((a, b) => a.patient.tagNumber.localeCompare(b.patient.tagNumber, 'de', { numeric: true }));
  const open = states.find((s) => s.patient.id === openId);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">{t.title}</Title>
        {states.length === 0 ? (
          <Text c="dimmed">{t.empty}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label={t.tableLabel} striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {Object.values(t.columns).map((label) => <Table.Th key={label}>{label}</Table.Th>)}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {states.map((state) => (
                  <Table.Tr key={state.patient.id} data-testid="manv-row" data-tag={state.patient.tagNumber}>
                    <Table.Td>
                      <UnstyledButton onClick={() => setOpenId(state.patient.id)} aria-label={t.open(state.patient.tagNumber)} style={{ minHeight: 44, minWidth: 44, fontWeight: 700 }}>
                        {state.patient.tagNumber}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{state.current ? <CategoryBadge category={state.current.category} /> : t.untriaged}</Table.Td>
                    <Table.Td>{state.current ? manvPhaseLabels[state.current.phase] : ''}</Table.Td>
                    <Table.Td>{state.patient.name ?? ''}</Table.Td>
                    <Table.Td>{state.patient.treatmentArea ?? ''}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="wrap">
                        {state.patient.transport && <Text size="sm">{state.patient.transport.destination}</Text>}
                        {state.tagConflict && <Badge color="red" variant="filled">{t.conflict}</Badge>}
                        {state.lateTriages.length > 0 && <Badge color="orange" variant="filled">{t.late}</Badge>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {open && (
        <PatientDetail
          incident={incident}
          state={open}
          sameTag={data.patients.filter((p) => p.tagNumber === open.patient.tagNumber && p.duplicateOf === null)}
          onClose={() => setOpenId(null)}
        />
      )}
    </Paper>
  );
}

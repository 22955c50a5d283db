import type { ManvIncident, ManvPatient, ManvPatientState, ManvTriage } from '@sanidok/schema';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { manvPatientStates, manvPhaseLabels } from '@sanidok/schema';
import type { ReactNode } from 'react';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { draftPrefixes } from '../../data/drafts/draftStore';
import { useDraftWaitingAtStart } from '../shared/useValueDraft';
import { useManvIncidentData } from '../../data/manvHooks';
import { recordAccessEvent } from '../../data/repositories/accessEvents';
import { manvDe } from '../../i18n/manv.de';
import { CategoryBadge } from './CategoryBadge';
import { PatientDetail } from './PatientDetail';

const t = manvDe.list;

type State = ManvPatientState<ManvPatient, ManvTriage>;

/** The cells of one tag, in the order of `t.columns`: the table's row, or a phone's card. */
function cells(state: State, onOpen: (id: string) => void): Record<keyof typeof t.columns, ReactNode> {
  return {
    tag: (
      <UnstyledButton onClick={() => onOpen(state.patient.id)} aria-label={t.open(state.patient.tagNumber)} style={{ minHeight: 44, minWidth: 44, fontWeight: 700 }}>
        {state.patient.tagNumber}
      </UnstyledButton>
    ),
    category: state.current ? <CategoryBadge category={state.current.category} /> : t.untriaged,
    phase: state.current ? manvPhaseLabels[state.current.phase] : '',
    name: state.patient.name ?? '',
    area: state.patient.treatmentArea ?? '',
    transport: (
      <Group gap={4} wrap="wrap">
        {state.patient.transport && <Text size="sm">{state.patient.transport.destination}</Text>}
        {state.tagConflict && <Badge color="red" variant="filled">{t.conflict}</Badge>}
        {state.lateTriages.length > 0 && <Badge color="orange" variant="filled">{t.late}</Badge>}
      </Group>
    ),
  };
}

const columnKeys = Object.keys(t.columns) as (keyof typeof t.columns)[];

/**
 * A table from 36em; on a phone one card per tag with every field named: the table scrolled
 * sideways there, and name, area and transport lay out of sight without a hint.
 */
function Rows({ states, onOpen }: { states: State[]; onOpen: (id: string) => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  if (phone) {
    return (
      <Stack component="ul" gap="xs" p={0} m={0} aria-label={t.tableLabel} style={{ listStyle: 'none' }}>
        {states.map((state) => {
          const row = cells(state, onOpen);
          return (
            <Paper component="li" key={state.patient.id} withBorder p="xs" data-testid="manv-row" data-tag={state.patient.tagNumber}>
              <Group justify="space-between" wrap="nowrap">
                {row.tag}
                {row.category}
              </Group>
              {/* Labels as wide as they need, values take the rest: halves left the late-triage badge no room. */}
              <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing={2} m={0} style={{ gridTemplateColumns: 'max-content minmax(0, 1fr)' }}>
                {columnKeys.filter((key) => key !== 'tag' && key !== 'category').map((key) => (
                  <Fragment key={key}>
                    <Text component="dt" size="sm" c="dimmed">{t.columns[key]}</Text>
                    <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>{row[key] === '' ? '–' : row[key]}</Text>
                  </Fragment>
                ))}
              </SimpleGrid>
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={t.tableLabel} striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columnKeys.map((key) => <Table.Th key={key}>{t.columns[key]}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {states.map((state) => {
            const row = cells(state, onOpen);
            return (
              <Table.Tr key={state.patient.id} data-testid="manv-row" data-tag={state.patient.tagNumber}>
                {columnKeys.map((key) => <Table.Td key={key}>{row[key]}</Table.Td>)}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

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
  const states: State[] = manvPatientStates(data.patients, data.triages).sort((a, b) => a.patient.tagNumber.localeCompare(b.patient.tagNumber, 'de', { numeric: true }));
  const open = states.find((s) => s.patient.id === openId);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">{t.title}</Title>
        {states.length === 0 ? (
          <Text c="dimmed">{t.empty}</Text>
        ) : (
          <Rows states={states} onOpen={setOpenId} />
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

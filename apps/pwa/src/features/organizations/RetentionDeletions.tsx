import { Table, Text } from '@mantine/core';
import { formatDate } from '@sanidok/schema';
import { retentionDe } from '../../i18n/retention.de';
import { useRetentionDeletions } from './queries';

/** The retention job's deletion records (docs/deletion.md) for owner and admins; nothing while there are none. */
export function RetentionDeletions({ organizationId }: { organizationId: number }) {
  const { data } = useRetentionDeletions(organizationId);
  if (!data || data.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={retentionDe.deletions} captionSide="top" verticalSpacing="xs">
        <Table.Caption>{retentionDe.deletionsText}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{retentionDe.deletedAt}</Table.Th>
            <Table.Th>{retentionDe.service}</Table.Th>
            <Table.Th>{retentionDe.closed}</Table.Th>
            <Table.Th>{retentionDe.counts}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{formatDate(d.deletedAt)}</Table.Td>
              <Table.Td>{d.serviceName ?? <Text span c="dimmed" size="sm">{retentionDe.serviceGone}</Text>}</Table.Td>
              <Table.Td>{d.closedFrom === d.closedUntil ? formatDate(d.closedFrom) : `${formatDate(d.closedFrom)} – ${formatDate(d.closedUntil)}`}</Table.Td>
              <Table.Td>{retentionDe.countText(d.protocolCount, d.minorTreatmentCount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

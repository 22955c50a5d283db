import { Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { SelectedMaterial } from '@sanidok/schema';
import { formatDateTime } from '@sanidok/schema';
import { useMaterials } from '../../../data/hooks';
import { useProtocolMaterials } from '../../../data/protocolMaterialHooks';
import type { LocalProtocol } from '../../../data/repositories/protocols';
import { de } from '../../../i18n/de';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';
import { useMaterialNames } from '../../../lib/materialNames';
import type { SelectionUpdate } from '../../../components/materialPicker/MaterialPicker';
import { MaterialPicker } from '../../../components/materialPicker/MaterialPicker';

const t = protocolEditDe.material;

interface MaterialTabProps {
  protocol: LocalProtocol;
  readOnly: boolean;
  /** Held by the page: its one 'Speichern' saves the picks with the rest, and leaving warns about them. */
  selection: readonly SelectedMaterial[];
  onSelectionChange: SelectionUpdate;
}

/**
 * Tab Material: what this protocol already consumed, and a picker to add more (docs/spec/services.md §2). The
 * picks are saved by the page's 'Speichern', as usage rows of the protocol through updateProtocol's `materials`;
 * the tab has no save of its own (one save model per page).
 */
export function MaterialTab({ protocol, readOnly, selection, onSelectionChange }: MaterialTabProps) {
  const used = useMaterialNames(useProtocolMaterials(protocol.id, protocol.serviceId), 'materialId');
  const catalogue = useMaterials(protocol.organizationId);

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t.usedTitle}
          </Title>
          {used === undefined ? (
            <Loader size="sm" aria-label={de.app.loading} />
          ) : used.length === 0 ? (
            <Text c="dimmed">{t.usedEmpty}</Text>
          ) : (
            <Table aria-label={t.usedTableLabel} verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.columns.material}</Table.Th>
                  <Table.Th ta="right">{t.columns.quantity}</Table.Th>
                  <Table.Th>{t.columns.lastUsed}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {used.map((m) => (
                  <Table.Tr key={m.materialId}>
                    <Table.Td>
                      {m.name}
                      {m.unit ? (
                        <Text span c="dimmed" size="sm">
                          {' '}
                          ({m.unit})
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{m.quantity}</Table.Td>
                    <Table.Td>{formatDateTime(m.lastUsed)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
      {!readOnly && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t.addTitle}
            </Title>
            <MaterialPicker catalogue={catalogue} selection={selection} onChange={onSelectionChange} />
            {selection.length > 0 && (
              <Text size="sm" c="dimmed" role="status">
                {t.saveHint}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

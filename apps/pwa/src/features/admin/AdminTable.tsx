import { Button, Group, Loader, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { KeyboardScrollArea } from '../../components/KeyboardScrollArea';
import { adminDe, de } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import type { ActionRequest } from './ActionDialog';
import { notifyFailure } from './notifyFailure';

export interface AdminColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Dates and periods stay on one line. */
  nowrap?: boolean;
  /** The row's name column. */
  strong?: boolean;
  /** Technical values (hosts, template names). */
  monospace?: boolean;
}

export interface AdminTableProps<T> {
  query: Pick<UseQueryResult<T[]>, 'data' | 'isPending' | 'isError' | 'isSuccess'>;
  label: string;
  minWidth: number;
  columns: readonly AdminColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Without: no actions column (read-only lists such as the e-mail log). */
  actions?: (row: T) => ReactNode;
  /** Shown when the loaded list is empty; default: the search's 'no results'. */
  emptyText?: string;
}

/**
 * The searchable lists of the admin area (users, organisations, services): loading, failure and
 * empty states, a horizontally scrolling table and an actions column — one shape for all three.
 */
export function AdminTable<T>({ query, label, minWidth, columns, rowKey, actions, emptyText = adminDe.search.noResults }: AdminTableProps<T>) {
  const rows = query.data ?? [];
  return (
    <>
      {query.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {query.isError && <Text c="red">{adminDe.loadFailed}</Text>}
      {query.isSuccess && rows.length === 0 && <Text c="dimmed">{emptyText}</Text>}
      {rows.length > 0 && (
        <KeyboardScrollArea label={label}>
          <Table striped highlightOnHover verticalSpacing="xs" miw={minWidth} aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
                {actions && <Table.Th>{adminDe.common.actions}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.header} fw={column.strong ? 500 : undefined} ff={column.monospace ? 'monospace' : undefined} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                  {actions && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {actions(row)}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </KeyboardScrollArea>
      )}
    </>
  );
}

export interface BlockDeleteLabels {
  blockLabel: (name: string) => string;
  unblockLabel: (name: string) => string;
  deleteLabel: (name: string) => string;
}

/** 'Sperren'/'Entsperren' and 'Löschen' of a row, named for screen readers. */
export function BlockDeleteButtons(props: { name: string; blocked: boolean; labels: BlockDeleteLabels; disabled?: boolean; onBlock: () => void; onDelete: () => void }) {
  const { name, blocked, labels, disabled, onBlock, onDelete } = props;
  return (
    <>
      <Button size="xs" variant="light" color={blocked ? 'green' : 'orange'} disabled={disabled} aria-label={blocked ? labels.unblockLabel(name) : labels.blockLabel(name)} onClick={onBlock}>
        {blocked ? adminDe.common.unblock : adminDe.common.block}
      </Button>
      <Button size="xs" variant="subtle" color="red" disabled={disabled} aria-label={labels.deleteLabel(name)} onClick={onDelete}>
        {adminDe.common.delete}
      </Button>
    </>
  );
}

/** The confirmation request of a 'Löschen' button: deletes, closes and reports in the admin's words. */
export function deleteRequest(options: { title: string; text: string; name: string; remove: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void; close: () => void }): ActionRequest {
  return {
    title: options.title,
    text: options.text,
    confirmLabel: adminDe.common.delete,
    danger: true,
    onConfirm: () =>
      options.remove({
        onSuccess: () => {
          options.close();
          notifySuccess(adminDe.toasts.deleted, adminDe.toasts.deletedText(options.name));
        },
        onError: (error) => notifyFailure(adminDe.toasts.error, error),
      }),
  };
}

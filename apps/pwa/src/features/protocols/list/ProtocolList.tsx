import { Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { isProtocolOpen, protocolLabel } from '@sanidok/schema';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePendingIds, useServices } from '../../../data/hooks';
import type { LocalProtocol } from '../../../data/repositories/protocols';
import { protocolsDe } from '../../../i18n/protocols.de';
import { formatDateTime } from '../../../lib/format';
import { PendingBadge } from '../../../components/PendingBadge';
import { ProtocolListBadges } from './ProtocolBadges';
import { ListPagination } from '../../../components/ListPagination';

const t = protocolsDe.page;
/** Entries per page: a busy event holds thousands of protocols; only one page is rendered. */
export const protocolPageSize = 50;

interface ProtocolListProps {
  protocols: readonly LocalProtocol[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onCreate: () => void;
}

export function EmptyProtocols({ onCreate }: { onCreate?: () => void }) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h4">
          {t.emptyTitle}
        </Title>
        <Text c="gray.7">{t.emptyText}</Text>
        {onCreate && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onCreate}>
            {t.newProtocol}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** Page that holds the selected protocol, so a selection made elsewhere (a new protocol) is visible. */
function pageOf(protocols: readonly LocalProtocol[], id: string | undefined): number | null {
  if (!id) return null;
  const index = protocols.findIndex((p) => p.id === id);
  return index < 0 ? null : Math.floor(index / protocolPageSize) + 1;
}

interface EntryProps {
  protocol: LocalProtocol;
  serviceName: string;
  selected: boolean;
  pending: boolean;
  onSelect: (id: string) => void;
}

function ProtocolEntry({ protocol, serviceName, selected, pending, onSelect }: EntryProps) {
  const label = protocolLabel(protocol.serviceProtocolNumber);
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      aria-label={label}
      data-selected={selected || undefined}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', background: 'var(--mantine-primary-color-light)' } : undefined}
    >
      {/* 'Bearbeiten' moves below the entry when the column is narrow (tablet), instead of squeezing it. */}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <UnstyledButton onClick={() => onSelect(protocol.id)} aria-current={selected ? 'true' : undefined} style={{ flex: '1 1 12rem', minWidth: 0, minHeight: 44 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{label}</Text>
            <ProtocolListBadges status={protocol.status} />
            {pending && <PendingBadge />}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {serviceName}
          </Text>
          <Text size="sm" c="gray.7">
            {formatDateTime(protocol.createdAt)}
          </Text>
        </UnstyledButton>
        {isProtocolOpen(protocol.status) && (
          <Button component={Link} to={`/patient-protocols/${protocol.id}`} variant="light" size="sm" leftSection={<IconEdit size={16} aria-hidden />}>
            {t.edit}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * Left column of /patient-protocols (docs/spec/services.md §2): 'Protokoll #{n}', service, creation time and the
 * status badge per entry, newest first, paged so 2,000 protocols stay quick.
 */
export function ProtocolList({ protocols, selectedId, onSelect, onCreate }: ProtocolListProps) {
  const services = useServices();
  const serviceNames = useMemo(() => new Map((services ?? []).map((s) => [s.id, s.name])), [services]);
  const pending = usePendingIds();
  const [requested, setRequested] = useState<{ page: number; forSelection: string | undefined }>({ page: 1, forSelection: undefined });

  const pages = Math.max(1, Math.ceil(protocols.length / protocolPageSize));
  // A selection made outside the list (a protocol just created) jumps to its page once.
  const selectedPage = requested.forSelection === selectedId ? null : pageOf(protocols, selectedId);
  const page = Math.min(selectedPage ?? requested.page, pages);
  const visible = protocols.slice((page - 1) * protocolPageSize, page * protocolPageSize);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={2}>{t.listTitle}</Title>
        {protocols.length > 0 && (
          <Text size="sm" c="gray.7">
            {t.count(protocols.length)}
          </Text>
        )}
      </Group>
      {protocols.length === 0 ? (
        <EmptyProtocols onCreate={onCreate} />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.listLabel}>
          {visible.map((protocol) => (
            <ProtocolEntry
              key={protocol.id}
              protocol={protocol}
              serviceName={serviceNames.get(protocol.serviceId) ?? protocol.serviceName}
              selected={protocol.id === selectedId}
              pending={pending.has(protocol.id)}
              onSelect={(id) => {
                setRequested({ page, forSelection: id });
                onSelect(id);
              }}
            />
          ))}
        </Stack>
      )}
      <ListPagination total={pages} value={page} onChange={(next) => setRequested({ page: next, forSelection: selectedId })} label={t.pagination} />
    </Stack>
  );
}

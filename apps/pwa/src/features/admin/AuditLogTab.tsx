import type { AdminAuditEntry } from '@sanidok/schema';
import { Stack, Text } from '@mantine/core';
import { adminDe, adminSettingsDe } from '../../i18n/de';
import type { AdminColumn } from './AdminTable';
import { AdminTable } from './AdminTable';
import { formatDateTime } from './format';
import { useAuditLog } from './queries';

const t = adminSettingsDe.auditLog;

const target = (entry: AdminAuditEntry) => [entry.targetType, entry.targetName ?? entry.targetId].filter(Boolean).join(': ') || adminDe.common.none;

const columns: readonly AdminColumn<AdminAuditEntry>[] = [
  { header: t.time, cell: (entry) => formatDateTime(entry.createdAt), nowrap: true },
  { header: t.actor, cell: (entry) => entry.actorUsername, strong: true },
  { header: t.action, cell: (entry) => entry.action, monospace: true },
  { header: t.target, cell: target },
  { header: t.details, cell: (entry) => entry.details ?? adminDe.common.none, monospace: true },
  { header: t.ip, cell: (entry) => entry.ipAddress ?? adminDe.common.none, monospace: true },
];

/** 'Audit-Log' (GET /api/admin/audit-log): what platform admins did, and refused attempts. */
export function AuditLogTab() {
  const log = useAuditLog();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <AdminTable query={log} label={t.tableLabel} minWidth={1000} columns={columns} rowKey={(entry) => entry.id} emptyText={t.none} />
    </Stack>
  );
}

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { EmailConfigurationItem, EmailLogItem, EmailTemplateItem } from '@sanidok/schema';
import { emailLogsShown } from '@sanidok/schema';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { adminDe } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import type { ActionRequest } from './ActionDialog';
import { ActionDialog } from './ActionDialog';
import type { AdminColumn } from './AdminTable';
import { AdminTable, deleteRequest } from './AdminTable';
import { EmailConfigurationDialog } from './EmailConfigurationDialog';
import { EmailTemplateDialog } from './EmailTemplateDialog';
import { formatDateTime } from './format';
import { useDeleteEmailConfiguration, useDeleteEmailTemplate, useSaveEmailConfiguration } from './actions';
import { notifyFailure } from './notifyFailure';
import { useEmailConfigurations, useEmailLogs, useEmailTemplates } from './queries';
import { SendTestEmailDialog } from './SendTestEmailDialog';
import { StatusBadge } from './StatusBadge';

const t = adminDe.email;

/** Opens the server-rendered preview (sample values, HTML escaped) in a new tab (docs/spec/accounts.md §2). */
export function openTemplatePreview(template: Pick<EmailTemplateItem, 'id'>): void {
  window.open(`/api/admin/email-templates/${template.id}/preview`, '_blank', 'noopener');
}

const activeBadge = (active: boolean) => <StatusBadge color={active ? 'green' : 'gray'}>{active ? t.active : t.inactive}</StatusBadge>;

function SectionHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={3} size="h4">
        {title}
      </Title>
      {action}
    </Group>
  );
}

const configurationColumns: readonly AdminColumn<EmailConfigurationItem>[] = [
  { header: t.name, cell: (c) => c.name, strong: true },
  { header: t.host, cell: (c) => `${c.host}:${c.port}`, monospace: true },
  { header: t.useTLS, cell: (c) => (c.useTLS ? adminDe.common.yes : adminDe.common.no) },
  { header: t.username, cell: (c) => c.username },
  { header: t.fromEmail, cell: (c) => (c.fromName ? `${c.fromName} <${c.fromEmail}>` : c.fromEmail) },
  { header: adminDe.common.status, cell: (c) => activeBadge(c.isActive) },
];

function Configurations() {
  const configurations = useEmailConfigurations();
  const save = useSaveEmailConfiguration();
  const remove = useDeleteEmailConfiguration();
  // undefined: dialog closed; null: a new configuration.
  const [editing, setEditing] = useState<EmailConfigurationItem | null | undefined>(undefined);
  const [testing, setTesting] = useState<EmailConfigurationItem | null>(null);
  const [action, setAction] = useState<ActionRequest | null>(null);

  const activate = (configuration: EmailConfigurationItem) =>
    save.mutate(
      { id: configuration.id, isActive: true },
      {
        onSuccess: (saved) => notifySuccess(adminDe.toasts.saved, adminDe.toasts.configurationSaved(saved.name)),
        onError: (error) => notifyFailure(adminDe.toasts.error, error),
      },
    );
  const askDelete = (c: EmailConfigurationItem) =>
    setAction(deleteRequest({
      title: t.deleteConfigurationTitle, text: t.deleteConfigurationText(c.name), name: c.name, remove: (callbacks) => remove.mutate(c.id, callbacks), close: () => setAction(null),
    }));

  return (
    <Stack gap="sm">
      <SectionHeader
        title={t.configurationsTitle}
        action={<Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing(null)}>{t.newConfiguration}</Button>}
      />
      <AdminTable
        query={configurations}
        label={t.configurationsLabel}
        minWidth={900}
        columns={configurationColumns}
        rowKey={(c) => c.id}
        emptyText={t.noConfigurations}
        actions={(c) => (
          <>
            {!c.isActive && (
              <Button size="xs" variant="light" color="green" aria-label={t.activateLabel(c.name)} onClick={() => activate(c)} loading={save.isPending}>
                {t.activate}
              </Button>
            )}
            <Button size="xs" variant="light" aria-label={t.sendTestLabel(c.name)} onClick={() => setTesting(c)}>
              {t.sendTest}
            </Button>
            <Button size="xs" variant="subtle" aria-label={t.editLabel(c.name)} onClick={() => setEditing(c)}>
              {adminDe.common.edit}
            </Button>
            <Button size="xs" variant="subtle" color="red" aria-label={t.deleteLabel(c.name)} onClick={() => askDelete(c)}>
              {adminDe.common.delete}
            </Button>
          </>
        )}
      />
      <EmailConfigurationDialog opened={editing !== undefined} configuration={editing ?? null} onClose={() => setEditing(undefined)} />
      <SendTestEmailDialog configuration={testing} onClose={() => setTesting(null)} />
      <ActionDialog request={action} pending={remove.isPending} onCancel={() => setAction(null)} />
    </Stack>
  );
}

const templateColumns: readonly AdminColumn<EmailTemplateItem>[] = [
  {
    header: t.templateName,
    cell: (tpl) => (
      <>
        <Text fw={500} ff="monospace" size="sm">
          {tpl.name}
        </Text>
        {t.typeLabels[tpl.name] && (
          <Text size="xs" c="dimmed">
            {t.typeLabels[tpl.name]}
          </Text>
        )}
      </>
    ),
  },
  { header: t.subject, cell: (tpl) => tpl.subject },
  { header: t.variables, cell: (tpl) => <Text size="xs" ff="monospace">{tpl.variables.join(', ') || adminDe.common.none}</Text> },
  { header: adminDe.common.status, cell: (tpl) => activeBadge(tpl.isActive) },
];

function Templates() {
  const templates = useEmailTemplates();
  const remove = useDeleteEmailTemplate();
  const [editing, setEditing] = useState<EmailTemplateItem | null | undefined>(undefined);
  const [action, setAction] = useState<ActionRequest | null>(null);
  const askDelete = (tpl: EmailTemplateItem) =>
    setAction(deleteRequest({
      title: t.deleteTemplateTitle, text: t.deleteTemplateText(tpl.name), name: tpl.name, remove: (callbacks) => remove.mutate(tpl.id, callbacks), close: () => setAction(null),
    }));

  return (
    <Stack gap="sm">
      <SectionHeader title={t.templatesTitle} action={<Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing(null)}>{t.newTemplate}</Button>} />
      <AdminTable
        query={templates}
        label={t.templatesLabel}
        minWidth={900}
        columns={templateColumns}
        rowKey={(tpl) => tpl.id}
        emptyText={t.noTemplates}
        actions={(tpl) => (
          <>
            <Button size="xs" variant="light" rightSection={<IconExternalLink size={14} aria-hidden />} aria-label={t.previewLabel(tpl.name)} onClick={() => openTemplatePreview(tpl)}>
              {t.preview}
            </Button>
            <Button size="xs" variant="subtle" aria-label={t.editLabel(tpl.name)} onClick={() => setEditing(tpl)}>
              {adminDe.common.edit}
            </Button>
            <Button size="xs" variant="subtle" color="red" aria-label={t.deleteLabel(tpl.name)} onClick={() => askDelete(tpl)}>
              {adminDe.common.delete}
            </Button>
          </>
        )}
      />
      <EmailTemplateDialog opened={editing !== undefined} template={editing ?? null} onClose={() => setEditing(undefined)} />
      <ActionDialog request={action} pending={remove.isPending} onCancel={() => setAction(null)} />
    </Stack>
  );
}

const logColumns: readonly AdminColumn<EmailLogItem>[] = [
  { header: t.logTime, cell: (log) => formatDateTime(log.sentAt ?? log.createdAt), nowrap: true },
  { header: t.logTo, cell: (log) => log.toEmail },
  { header: t.logSubject, cell: (log) => log.subject },
  { header: t.logTemplate, cell: (log) => log.templateName ?? adminDe.common.none, monospace: true },
  { header: t.logStatus, cell: (log) => <StatusBadge color={log.status === 'sent' ? 'green' : 'red'}>{log.status === 'sent' ? t.sent : t.error}</StatusBadge> },
  { header: t.logError, cell: (log) => log.errorMessage ?? adminDe.common.none },
];

function Logs() {
  const logs = useEmailLogs();
  const shown = { ...logs, data: logs.data?.slice(0, emailLogsShown) };
  return (
    <Stack gap="sm">
      <SectionHeader title={t.logsTitle} />
      <Text size="sm" c="dimmed">
        {t.logsHint}
      </Text>
      <AdminTable query={shown} label={t.logsLabel} minWidth={900} columns={logColumns} rowKey={(log) => log.id} emptyText={t.noLogs} />
    </Stack>
  );
}

/** 'E-Mail': SMTP configurations (test, send-test), templates (preview in a new tab), the latest 20 log entries. */
export function EmailTab() {
  return (
    <Stack gap="xl">
      <Paper withBorder p="md">
        <Configurations />
      </Paper>
      <Paper withBorder p="md">
        <Templates />
      </Paper>
      <Logs />
    </Stack>
  );
}

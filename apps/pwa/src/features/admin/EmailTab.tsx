import { Button, Group, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { EmailConfigurationItem, EmailTemplateItem } from '@sanidok/schema';
import { emailLogsShown } from '@sanidok/schema';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { adminDe, de } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import type { ActionRequest } from './ActionDialog';
import { ActionDialog } from './ActionDialog';
import { EmailConfigurationDialog } from './EmailConfigurationDialog';
import { EmailTemplateDialog } from './EmailTemplateDialog';
import { formatDateTime } from './format';
import { useDeleteEmailConfiguration, useDeleteEmailTemplate, useSaveEmailConfiguration } from './mutations';
import { notifyFailure } from './notifyFailure';
import { useEmailConfigurations, useEmailLogs, useEmailTemplates } from './queries';
import { SendTestEmailDialog } from './SendTestEmailDialog';
import { StatusBadge } from './StatusBadge';

const t = adminDe.email;

/** Opens the server-rendered preview (sample values, HTML escaped) in a new tab (spec 1 §2). */
export function openTemplatePreview(template: Pick<EmailTemplateItem, 'id'>): void {
  window.open(`/api/admin/email-templates/${template.id}/preview`, '_blank', 'noopener');
}

function Configurations() {
  const configurations = useEmailConfigurations();
  const save = useSaveEmailConfiguration();
  const remove = useDeleteEmailConfiguration();
  // undefined: dialog closed; null: a new configuration.
  const [editing, setEditing] = useState<EmailConfigurationItem | null | undefined>(undefined);
  const [testing, setTesting] = useState<EmailConfigurationItem | null>(null);
  const [action, setAction] = useState<ActionRequest | null>(null);
  const rows = configurations.data ?? [];

  const activate = (configuration: EmailConfigurationItem) =>
    save.mutate(
      { id: configuration.id, isActive: true },
      {
        onSuccess: (saved) => notifySuccess(adminDe.toasts.saved, adminDe.toasts.configurationSaved(saved.name)),
        onError: (error) => notifyFailure(adminDe.toasts.error, error),
      },
    );

  const askDelete = (configuration: EmailConfigurationItem) =>
    setAction({
      title: t.deleteConfigurationTitle,
      text: t.deleteConfigurationText(configuration.name),
      confirmLabel: adminDe.common.delete,
      danger: true,
      onConfirm: () =>
        remove.mutate(configuration.id, {
          onSuccess: () => {
            setAction(null);
            notifySuccess(adminDe.toasts.deleted, adminDe.toasts.deletedText(configuration.name));
          },
          onError: (error) => notifyFailure(adminDe.toasts.error, error),
        }),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {t.configurationsTitle}
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing(null)}>
          {t.newConfiguration}
        </Button>
      </Group>
      {configurations.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {configurations.isError && <Text c="red">{adminDe.loadFailed}</Text>}
      {configurations.isSuccess && rows.length === 0 && <Text c="dimmed">{t.noConfigurations}</Text>}
      {rows.length > 0 && (
        <ScrollArea type="auto">
          <Table striped verticalSpacing="xs" miw={900} aria-label={t.configurationsLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.name}</Table.Th>
                <Table.Th>{t.host}</Table.Th>
                <Table.Th>{t.useTLS}</Table.Th>
                <Table.Th>{t.username}</Table.Th>
                <Table.Th>{t.fromEmail}</Table.Th>
                <Table.Th>{adminDe.common.status}</Table.Th>
                <Table.Th>{adminDe.common.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((configuration) => (
                <Table.Tr key={configuration.id}>
                  <Table.Td fw={500}>{configuration.name}</Table.Td>
                  <Table.Td ff="monospace">{`${configuration.host}:${configuration.port}`}</Table.Td>
                  <Table.Td>{configuration.useTLS ? adminDe.common.yes : adminDe.common.no}</Table.Td>
                  <Table.Td>{configuration.username}</Table.Td>
                  <Table.Td>{configuration.fromName ? `${configuration.fromName} <${configuration.fromEmail}>` : configuration.fromEmail}</Table.Td>
                  <Table.Td>
                    <StatusBadge color={configuration.isActive ? 'green' : 'gray'}>
                      {configuration.isActive ? t.active : t.inactive}
                    </StatusBadge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {!configuration.isActive && (
                        <Button size="xs" variant="light" color="green" aria-label={t.activateLabel(configuration.name)} onClick={() => activate(configuration)} loading={save.isPending}>
                          {t.activate}
                        </Button>
                      )}
                      <Button size="xs" variant="light" aria-label={t.sendTestLabel(configuration.name)} onClick={() => setTesting(configuration)}>
                        {t.sendTest}
                      </Button>
                      <Button size="xs" variant="subtle" aria-label={t.editLabel(configuration.name)} onClick={() => setEditing(configuration)}>
                        {adminDe.common.edit}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" aria-label={t.deleteLabel(configuration.name)} onClick={() => askDelete(configuration)}>
                        {adminDe.common.delete}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <EmailConfigurationDialog opened={editing !== undefined} configuration={editing ?? null} onClose={() => setEditing(undefined)} />
      <SendTestEmailDialog configuration={testing} onClose={() => setTesting(null)} />
      <ActionDialog request={action} pending={remove.isPending} onCancel={() => setAction(null)} />
    </Stack>
  );
}

function Templates() {
  const templates = useEmailTemplates();
  const remove = useDeleteEmailTemplate();
  const [editing, setEditing] = useState<EmailTemplateItem | null | undefined>(undefined);
  const [action, setAction] = useState<ActionRequest | null>(null);
  const rows = templates.data ?? [];

  const askDelete = (template: EmailTemplateItem) =>
    setAction({
      title: t.deleteTemplateTitle,
      text: t.deleteTemplateText(template.name),
      confirmLabel: adminDe.common.delete,
      danger: true,
      onConfirm: () =>
        remove.mutate(template.id, {
          onSuccess: () => {
            setAction(null);
            notifySuccess(adminDe.toasts.deleted, adminDe.toasts.deletedText(template.name));
          },
          onError: (error) => notifyFailure(adminDe.toasts.error, error),
        }),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {t.templatesTitle}
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing(null)}>
          {t.newTemplate}
        </Button>
      </Group>
      {templates.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {templates.isError && <Text c="red">{adminDe.loadFailed}</Text>}
      {templates.isSuccess && rows.length === 0 && <Text c="dimmed">{t.noTemplates}</Text>}
      {rows.length > 0 && (
        <ScrollArea type="auto">
          <Table striped verticalSpacing="xs" miw={900} aria-label={t.templatesLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.templateName}</Table.Th>
                <Table.Th>{t.subject}</Table.Th>
                <Table.Th>{t.variables}</Table.Th>
                <Table.Th>{adminDe.common.status}</Table.Th>
                <Table.Th>{adminDe.common.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((template) => (
                <Table.Tr key={template.id}>
                  <Table.Td>
                    <Text fw={500} ff="monospace" size="sm">
                      {template.name}
                    </Text>
                    {t.typeLabels[template.name] && (
                      <Text size="xs" c="dimmed">
                        {t.typeLabels[template.name]}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{template.subject}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {template.variables.join(', ') || adminDe.common.none}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge color={template.isActive ? 'green' : 'gray'}>
                      {template.isActive ? t.active : t.inactive}
                    </StatusBadge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        rightSection={<IconExternalLink size={14} aria-hidden />}
                        aria-label={t.previewLabel(template.name)}
                        onClick={() => openTemplatePreview(template)}
                      >
                        {t.preview}
                      </Button>
                      <Button size="xs" variant="subtle" aria-label={t.editLabel(template.name)} onClick={() => setEditing(template)}>
                        {adminDe.common.edit}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" aria-label={t.deleteLabel(template.name)} onClick={() => askDelete(template)}>
                        {adminDe.common.delete}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <EmailTemplateDialog opened={editing !== undefined} template={editing ?? null} onClose={() => setEditing(undefined)} />
      <ActionDialog request={action} pending={remove.isPending} onCancel={() => setAction(null)} />
    </Stack>
  );
}

function Logs() {
  const logs = useEmailLogs();
  const rows = (logs.data ?? []).slice(0, emailLogsShown);
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t.logsTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {t.logsHint}
      </Text>
      {logs.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {logs.isError && <Text c="red">{adminDe.loadFailed}</Text>}
      {logs.isSuccess && rows.length === 0 && <Text c="dimmed">{t.noLogs}</Text>}
      {rows.length > 0 && (
        <ScrollArea type="auto">
          <Table striped verticalSpacing="xs" miw={900} aria-label={t.logsLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.logTime}</Table.Th>
                <Table.Th>{t.logTo}</Table.Th>
                <Table.Th>{t.logSubject}</Table.Th>
                <Table.Th>{t.logTemplate}</Table.Th>
                <Table.Th>{t.logStatus}</Table.Th>
                <Table.Th>{t.logError}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((log) => (
                <Table.Tr key={log.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.sentAt ?? log.createdAt)}</Table.Td>
                  <Table.Td>{log.toEmail}</Table.Td>
                  <Table.Td>{log.subject}</Table.Td>
                  <Table.Td ff="monospace">{log.templateName ?? adminDe.common.none}</Table.Td>
                  <Table.Td>
                    <StatusBadge color={log.status === 'sent' ? 'green' : 'red'}>
                      {log.status === 'sent' ? t.sent : t.error}
                    </StatusBadge>
                  </Table.Td>
                  <Table.Td>{log.errorMessage ?? adminDe.common.none}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
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

import { ActionIcon, Button, Group, Loader, Paper, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import type { BetaCodeItem } from '@sanidok/schema';
import { betaCodeState } from '@sanidok/schema';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { KeyboardScrollArea } from '../../components/KeyboardScrollArea';
import { adminDe, de } from '../../i18n/de';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatDateTime } from './format';
import { GenerateBetaCodeDialog } from './GenerateBetaCodeDialog';
import { useSetBetaMode, useToggleBetaCode } from './actions';
import { notifyFailure } from './notifyFailure';
import { useAdminBetaMode, useBetaCodes, useBetaCodeUsage } from './queries';
import { StatusBadge } from './StatusBadge';

const t = adminDe.beta;
const stateColor = { active: 'green', inactive: 'gray', usedUp: 'orange', expired: 'red' } as const;

function BetaMode() {
  const mode = useAdminBetaMode();
  const setMode = useSetBetaMode();
  // The switch follows the finger at once (set in the same event, before the mutation's state arrives a tick later);
  // it shows the requested state until the server's answer has been read again, and a failure flips it back.
  const [requested, setRequested] = useState<boolean | null>(null);
  const enabled = requested ?? mode.data?.betaModeEnabled ?? false;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t.modeTitle}
        </Title>
        <Switch
          label={t.modeLabel}
          checked={enabled}
          disabled={mode.isPending || setMode.isPending}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setRequested(next);
            setMode.mutate(next, {
              onSuccess: (result) => notifySuccess(adminDe.toasts.saved, result.betaModeEnabled ? adminDe.toasts.betaModeOn : adminDe.toasts.betaModeOff),
              onError: (error) => notifyFailure(adminDe.toasts.betaModeFailed, error),
              onSettled: () => setRequested(null),
            });
          }}
          size="md"
        />
        <Text size="sm" c="dimmed">
          {enabled ? t.modeOn : t.modeOff}
        </Text>
      </Stack>
    </Paper>
  );
}

function usesText(code: BetaCodeItem) {
  return `${code.usedCount} / ${code.maxUses}`;
}

function Codes() {
  const codes = useBetaCodes();
  const toggle = useToggleBetaCode();
  const [generating, setGenerating] = useState(false);
  const rows = codes.data ?? [];

  const copy = (code: string) =>
    navigator.clipboard.writeText(code).then(
      () => notifySuccess(adminDe.toasts.codeCopied, code),
      () => notifyError(adminDe.toasts.error, code),
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {t.codesTitle}
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setGenerating(true)}>
          {t.generate}
        </Button>
      </Group>
      {codes.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {codes.isError && <Text c="red">{adminDe.loadFailed}</Text>}
      {codes.isSuccess && rows.length === 0 && <Text c="dimmed">{t.none}</Text>}
      {rows.length > 0 && (
        <KeyboardScrollArea label={t.tableLabel}>
          <Table striped verticalSpacing="xs" miw={900} aria-label={t.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.code}</Table.Th>
                <Table.Th>{t.description}</Table.Th>
                <Table.Th>{t.uses}</Table.Th>
                <Table.Th>{t.expires}</Table.Th>
                <Table.Th>{adminDe.common.status}</Table.Th>
                <Table.Th>{t.creator}</Table.Th>
                <Table.Th>{adminDe.common.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((code) => {
                const state = betaCodeState(code);
                return (
                  <Table.Tr key={code.id}>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Text ff="monospace" fw={600} data-testid="beta-code">
                          {code.code}
                        </Text>
                        <Tooltip label={t.copy}>
                          <ActionIcon variant="subtle" aria-label={t.copyLabel(code.code)} onClick={() => void copy(code.code)}>
                            <IconCopy size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                    <Table.Td>{code.description ?? adminDe.common.none}</Table.Td>
                    <Table.Td>{usesText(code)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{code.expiresAt ? formatDateTime(code.expiresAt) : t.noExpiry}</Table.Td>
                    <Table.Td>
                      <StatusBadge color={stateColor[state]}>
                        {t.states[state]}
                      </StatusBadge>
                    </Table.Td>
                    <Table.Td>{code.creatorUsername ?? adminDe.common.none}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        color={code.isActive ? 'orange' : 'green'}
                        aria-label={code.isActive ? t.deactivateLabel(code.code) : t.activateLabel(code.code)}
                        loading={toggle.isPending && toggle.variables.id === code.id}
                        onClick={() =>
                          toggle.mutate(
                            { id: code.id, isActive: !code.isActive },
                            {
                              onSuccess: (updated) => notifySuccess(adminDe.toasts.saved, adminDe.toasts.betaCodeToggled(updated.code, updated.isActive)),
                              onError: (error) => notifyFailure(adminDe.toasts.error, error),
                            },
                          )
                        }
                      >
                        {code.isActive ? t.deactivate : t.activate}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </KeyboardScrollArea>
      )}
      <GenerateBetaCodeDialog opened={generating} onClose={() => setGenerating(false)} />
    </Stack>
  );
}

function Usage() {
  const usage = useBetaCodeUsage();
  const rows = usage.data ?? [];
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t.usageTitle}
      </Title>
      {usage.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {usage.isError && <Text c="red">{adminDe.loadFailed}</Text>}
      {usage.isSuccess && rows.length === 0 && <Text c="dimmed">{t.usageNone}</Text>}
      {rows.length > 0 && (
        <KeyboardScrollArea label={t.usageLabel}>
          <Table striped verticalSpacing="xs" miw={800} aria-label={t.usageLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.usedAt}</Table.Th>
                <Table.Th>{t.username}</Table.Th>
                <Table.Th>{t.email}</Table.Th>
                <Table.Th>{t.code}</Table.Th>
                <Table.Th>{t.description}</Table.Th>
                <Table.Th>{t.ip}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((use) => (
                <Table.Tr key={use.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(use.usedAt)}</Table.Td>
                  <Table.Td>{use.username ?? adminDe.common.none}</Table.Td>
                  <Table.Td>{use.email ?? adminDe.common.none}</Table.Td>
                  <Table.Td ff="monospace">{use.code}</Table.Td>
                  <Table.Td>{use.codeDescription ?? adminDe.common.none}</Table.Td>
                  <Table.Td ff="monospace">{use.ipAddress ?? adminDe.common.none}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </KeyboardScrollArea>
      )}
    </Stack>
  );
}

/** 'Beta-Codes': beta mode switch, code generation, activate/deactivate, usage list (docs/spec/accounts.md §2). */
export function BetaTab() {
  return (
    <Stack gap="xl">
      <BetaMode />
      <Codes />
      <Usage />
    </Stack>
  );
}

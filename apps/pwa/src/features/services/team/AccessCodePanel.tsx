import { Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { IconRefresh } from '@tabler/icons-react';
import { serviceTeamsDe } from '../../../i18n/serviceTeams.de';
import { useQrCode } from '../../../lib/useQrCode';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRegenerateAccessCode } from './actions';
import { describeError } from '../../../lib/describeError';

const t = serviceTeamsDe.accessCode;

/** The link a QR code opens: /services/{id}/join?code=… (JoinServicePage). */
export function joinUrl(origin: string, serviceId: string, code: string): string {
  // In the fragment: the browser never sends it to a server (./linkCode.ts).
  return `${origin}/services/${encodeURIComponent(serviceId)}/join#code=${encodeURIComponent(code)}`;
}

interface AccessCodePanelProps {
  service: Service;
  canManage: boolean;
}

/**
 * The access code with its QR code: only owner, organisation admins and the team get the code
 * from the server at all (Service.accessCode is null for everyone else). Owner and admins make a
 * new one; whoever already joined stays on the team.
 */
export function AccessCodePanel({ service, canManage }: AccessCodePanelProps) {
  const code = service.accessCode;
  const qr = useQrCode(code ? joinUrl(window.location.origin, service.id, code) : '');
  const regenerate = useRegenerateAccessCode(service.id);

  const renew = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => notifySuccess(t.regenerated, t.regeneratedText),
      onError: (error) => notifyError(serviceTeamsDe.error, describeError(error, serviceTeamsDe.onlineOnly)),
    });

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        {code ? (
          <Group align="center" gap="lg" wrap="wrap">
            {qr && <Image src={qr} alt={t.qrLabel(service.name)} w={168} h={168} fit="contain" data-testid="access-code-qr" />}
            <Stack gap="xs">
              <Text ff="monospace" fw={700} size="xl" data-testid="access-code">
                {code}
              </Text>
              <Text size="sm" c="gray.7" maw={420}>
                {t.hint}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Text c="gray.7">{t.none}</Text>
        )}
        {canManage && (
          <Button variant="light" size="md" w="fit-content" leftSection={<IconRefresh size={18} aria-hidden />} loading={regenerate.isPending} onClick={renew}>
            {t.regenerate}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

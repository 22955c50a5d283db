import type { MemberListItem, SessionListItem } from '@sanidok/schema';
import { okReply, sessionListReply } from '@sanidok/schema';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiGet, apiSend, errorMessage } from '../../api/client';
import { de } from '../../i18n/de';
import { sessionsDe as t } from '../../i18n/sessions.de';
import { notifySuccess } from '../../lib/notify';
import { describeUserAgent } from '../settings/deviceLabel';
import { SessionSummary } from '../settings/SessionSummary';
import { memberName } from './permissions';

interface MemberDevicesDialogProps {
  organizationId: number;
  /** The member whose devices are shown; null = closed. */
  member: MemberListItem | null;
  onClose: () => void;
}

const path = (organizationId: number, userId: number) => `/api/organizations/${String(organizationId)}/members/${String(userId)}/sessions`;

/**
 * A member's signed-in devices, for the owner and admins (organizationRules.reportLostDevice): a
 * tablet left in the tent or stolen is cut off from here without the member's password
 * (apps/sync-server/src/domain/organizations/memberDevices.ts). Reporting asks once more in the row
 * itself: it signs the device off at once and for good, mid-shift if the tap was a mistake.
 */
export function MemberDevicesDialog({ organizationId, member, onClose }: MemberDevicesDialogProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const userId = member?.user.id ?? -1;
  const key = ['organizations', organizationId, 'members', userId, 'sessions'] as const;
  const sessions = useQuery({ queryKey: key, enabled: member !== null, queryFn: ({ signal }) => apiGet(path(organizationId, userId), sessionListReply, signal) });
  const report = useMutation({
    mutationFn: (sessionId: string) => apiSend('POST', `${path(organizationId, userId)}/${encodeURIComponent(sessionId)}/lost`, undefined, okReply),
    onSuccess: async () => {
      setConfirming(null);
      notifySuccess(t.reported, '');
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const close = () => {
    setConfirming(null);
    report.reset();
    onClose();
  };

  const row = (session: SessionListItem) => (
    <Paper key={session.id} withBorder p="sm" aria-label={describeUserAgent(session.userAgent)}>
      <Stack gap="xs">
        <SessionSummary session={session} />
        {confirming === session.id ? (
          <Group gap="xs">
            <Button color="red" mih={44} loading={report.isPending} onClick={() => report.mutate(session.id)}>
              {t.confirmReport}
            </Button>
            <Button variant="default" mih={44} disabled={report.isPending} onClick={() => setConfirming(null)}>
              {de.organizations.cancel}
            </Button>
          </Group>
        ) : (
          <Button variant="light" color="red" mih={44} w="fit-content" onClick={() => setConfirming(session.id)}>
            {t.reportLost}
          </Button>
        )}
      </Stack>
    </Paper>
  );

  return (
    <Modal opened={member !== null} onClose={close} title={member ? t.memberTitle(memberName(member)) : ''} closeButtonProps={{ 'aria-label': de.organizationKey.close }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.lostHint}
        </Text>
        {sessions.isPending && <Loader size="sm" aria-label={de.app.loading} />}
        {sessions.isError && <Alert color="red">{t.loadFailed}</Alert>}
        {report.isError && (
          <Alert color="red" role="alert">
            {errorMessage(report.error)}
          </Alert>
        )}
        {sessions.data?.length === 0 && <Text>{t.noDevices}</Text>}
        {sessions.data?.map(row)}
      </Stack>
    </Modal>
  );
}

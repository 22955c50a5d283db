import { Alert, Button, Stack } from '@mantine/core';
import type { PublicUser } from '@sanidok/schema';
import { isAllowed } from '@sanidok/schema';
import { IconKey } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useOrganizations } from '../../data/hooks';
import { keyRecoveryDe as t } from '../../i18n/keyRecovery.de';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { requestManualSync } from '../../sync/syncSession';
import { approveKeyRecovery, cancelKeyRecovery, confirmRecoveredKey } from './actions';
import { reconcileKeyPins } from './keyPins';

/**
 * Warnings about an organisation's key on every device (docs/security.md "Key recovery"): a
 * recovery that waits for its time or for an admin's approval — owner and admins may cancel it,
 * admins may approve one the owner could not prove with a second factor — and a recovered key this
 * device did not know, until the owner confirms it. Read from the synced organisations, so the
 * warning shows offline too.
 */
export function KeyChangeBanner({ user }: { user: PublicUser }) {
  const organizations = useOrganizations();
  const [busy, setBusy] = useState<number | null>(null);
  const unconfirmed = useMemo(() => (organizations ? reconcileKeyPins(user.id, organizations) : new Map<number, string>()), [organizations, user.id]);
  if (!organizations) return null;

  const run = (organizationId: number, action: () => Promise<unknown>, done: string) => {
    setBusy(organizationId);
    action()
      .then(() => {
        notifySuccess(t.actionFailed, done);
        requestManualSync();
      })
      .catch((error: unknown) => notifyError(t.actionFailed, errorMessage(error)))
      .finally(() => setBusy(null));
  };

  const banners = organizations.flatMap((organization) => {
    const recovery = organization.keyRecovery ?? null;
    if (recovery) {
      const canCancel = isAllowed(organization.role, 'cancelKeyRecovery');
      return [
        <Alert key={`pending-${organization.id}`} color="orange" icon={<IconKey aria-hidden />} title={t.pendingTitle(organization.name)} role="alert">
          <Stack gap="xs" align="flex-start">
            {recovery.approved
              ? t.pendingText(recovery.requestedBy ?? t.unknownRequester, formatDateTime(recovery.requestedAt), recovery.keyFingerprint, formatDateTime(recovery.effectiveAt))
              : t.awaitingApproval(recovery.requestedBy ?? t.unknownRequester, formatDateTime(recovery.requestedAt), recovery.keyFingerprint)}
            {!recovery.approved && isAllowed(organization.role, 'approveKeyRecovery') && (
              <Button size="sm" variant="default" loading={busy === organization.id} onClick={() => run(organization.id, () => approveKeyRecovery(organization.id), t.approved)}>
                {t.approve}
              </Button>
            )}
            {canCancel && (
              <Button size="sm" color="orange" loading={busy === organization.id} onClick={() => run(organization.id, () => cancelKeyRecovery(organization.id), t.cancelled)}>
                {t.cancelRecovery}
              </Button>
            )}
          </Stack>
        </Alert>,
      ];
    }
    const known = unconfirmed.get(organization.id);
    if (known === undefined) return [];
    return [
      <Alert key={`changed-${organization.id}`} color="red" icon={<IconKey aria-hidden />} title={t.changedTitle(organization.name)} role="alert">
        <Stack gap="xs" align="flex-start">
          {t.changedText(known, organization.keyFingerprint)}
          {organization.role === 'owner' && (
            <Button size="sm" color="red" loading={busy === organization.id} onClick={() => run(organization.id, () => confirmRecoveredKey(organization.id), t.confirmed)}>
              {t.confirm}
            </Button>
          )}
        </Stack>
      </Alert>,
    ];
  });
  return banners.length ? <Stack gap="sm" mb="md">{banners}</Stack> : null;
}

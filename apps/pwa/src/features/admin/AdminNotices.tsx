import { Alert, Button, Stack } from '@mantine/core';
import { IconFileAlert, IconMailOff } from '@tabler/icons-react';
import { adminSettingsDe } from '../../i18n/de';
import { useAdminOperatorDetails, useEmailConfigurations } from './queries';

const t = adminSettingsDe.notices;

/**
 * The admin area's first screen says what keeps the installation from working as published:
 * no operator on the legal pages, no e-mail set up. Shown only once the
 * answer is known, so a slow load never flashes a wrong warning.
 */
export function AdminNotices({ openTab }: { openTab: (tab: 'operator' | 'email') => void }) {
  const operator = useAdminOperatorDetails();
  const email = useEmailConfigurations();
  const operatorMissing = operator.isSuccess && operator.data.operator === null;
  const emailMissing = email.isSuccess && !email.data.some((configuration) => configuration.isActive);
  if (!operatorMissing && !emailMissing) return null;
  return (
    <Stack gap="sm">
      {operatorMissing && (
        <Alert color="orange" icon={<IconFileAlert aria-hidden />} title={t.operatorMissingTitle} data-testid="operator-missing">
          {t.operatorMissingText}{' '}
          <Button variant="white" size="compact-md" mih={44} mt="xs" onClick={() => openTab('operator')}>
            {t.operatorMissingAction}
          </Button>
        </Alert>
      )}
      {emailMissing && (
        <Alert color="orange" icon={<IconMailOff aria-hidden />} title={t.noEmailTitle} data-testid="email-missing">
          {t.noEmailText}{' '}
          <Button variant="white" size="compact-md" mih={44} mt="xs" onClick={() => openTab('email')}>
            {t.noEmailAction}
          </Button>
        </Alert>
      )}
    </Stack>
  );
}

import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { twoFactorMessages } from '@sanidok/schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../api/session';
import { adminDe } from '../../i18n/de';
import { twoFactorDe } from '../../i18n/twoFactor.de';

/**
 * The admin area opens only with two factors (domain/admin/policy.ts refuses every admin call
 * before): until then the admin sees why, and the way to the set-up, instead of failing tabs.
 */
export function AdminTwoFactorGate({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  if (user?.totpEnabled) return children;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{adminDe.title}</Title>
      <Alert color="orange" icon={<IconShieldLock aria-hidden />} title={twoFactorDe.adminSetupTitle}>
        <Stack gap="sm" align="flex-start">
          {twoFactorMessages.setupRequired}
          <Button component={Link} to="/settings#zwei-faktor">
            {twoFactorDe.adminSetupLink}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}

import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PublicUser } from '@sanidok/schema';
import { useState } from 'react';
import { twoFactorDe as t } from '../../i18n/twoFactor.de';
import { TwoFactorProofDialog } from './TwoFactorProofDialog';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';

/** The settings' two-factor section: state, set-up or change of device, new codes, switching off (not for platform admins). */
export function TwoFactorCard({ user }: { user: PublicUser }) {
  const [setupOpen, setSetupOpen] = useState(false);
  const [proof, setProof] = useState<'disable' | 'regenerate' | null>(null);
  return (
    <Paper withBorder p="lg" id="zwei-faktor">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} fz="h3">
          {t.title}
        </Title>
        <Badge variant="light" color={user.totpEnabled ? 'green' : 'gray'}>
          {user.totpEnabled ? t.onBadge : t.offBadge}
        </Badge>
      </Group>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t.intro}</Text>
        <Text size="sm" c="dimmed">
          {user.isAdmin ? t.adminRequired : t.ownerHint}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button variant={user.totpEnabled ? 'light' : 'filled'} onClick={() => setSetupOpen(true)}>
            {user.totpEnabled ? t.changeDevice : t.setUp}
          </Button>
          {user.totpEnabled && (
            <Button variant="light" onClick={() => setProof('regenerate')}>
              {t.newRecoveryCodes}
            </Button>
          )}
          {user.totpEnabled && !user.isAdmin && (
            <Button variant="light" color="red" onClick={() => setProof('disable')}>
              {t.disable}
            </Button>
          )}
        </Group>
      </Stack>
      <TwoFactorSetupDialog opened={setupOpen} enabled={user.totpEnabled} onClose={() => setSetupOpen(false)} />
      <TwoFactorProofDialog purpose={proof} onClose={() => setProof(null)} />
    </Paper>
  );
}

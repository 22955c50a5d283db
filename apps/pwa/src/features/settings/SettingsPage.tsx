import { List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useCurrentUser } from '../../api/session';
import { de } from '../../i18n/de';
import { LockSettings } from '../lock/LockSettings';
import { ChangePasswordForm } from './ChangePasswordForm';
import type { SessionsCardProps } from './SessionsCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

/** /settings: account identity, password change, signed-in devices and security tips (docs/spec/accounts.md §2). */
export function SettingsPage({ endCurrentSession }: SessionsCardProps) {
  const { user } = useCurrentUser();
  if (!user) return null;

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{de.settings.title}</Title>
      <Paper withBorder p="lg">
        <Title order={2} fz="h3" mb="md">
          {de.settings.account}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label={de.settings.username} value={user.username} />
          <Field label={de.settings.userId} value={String(user.id)} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} fz="h3" mb="md">
          {de.settings.passwordSection}
        </Title>
        <ChangePasswordForm />
      </Paper>
      <TwoFactorCard user={user} />
      <LockSettings />
      <SessionsCard endCurrentSession={endCurrentSession} />
      <Paper withBorder p="lg">
        <Title order={2} fz="h3" mb="md">
          {de.settings.tipsTitle}
        </Title>
        <List spacing="xs" icon={<IconShieldCheck size={18} color="var(--mantine-color-sani-6)" aria-hidden />}>
          {de.settings.tips.map((tip) => (
            <List.Item key={tip}>{tip}</List.Item>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}

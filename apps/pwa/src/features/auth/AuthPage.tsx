import { Anchor, Center, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useCurrentUser } from '../../api/session';
import { FullPageLoader } from '../../components/FullPageLoader';
import { de } from '../../i18n/de';
import { DeviceLostNotice } from './DeviceLostNotice';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

type Mode = 'login' | 'register';

/** /auth: login and registration on one page (docs/spec/accounts.md §2); a session leads to /dashboard. */
export function AuthPage() {
  const { user, isLoading } = useCurrentUser();
  const [mode, setMode] = useState<Mode>('login');

  if (isLoading) return <FullPageLoader />;
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack w="100%" maw={480} gap="md">
        <Anchor component={Link} to="/" size="sm">
          <Group gap={4} mih={44}>
            <IconArrowLeft size={16} aria-hidden />
            {de.auth.backToStart}
          </Group>
        </Anchor>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Stack gap="xs" mb="md">
            <Title order={1} fz="h2">
              {de.auth.title}
            </Title>
            <Text c="dimmed">{de.auth.subtitle}</Text>
          </Stack>
          <DeviceLostNotice />
          <Tabs value={mode} onChange={(v) => setMode(v === 'register' ? 'register' : 'login')} keepMounted={false}>
            <Tabs.List grow aria-label={de.auth.modeLabel} mb="md">
              <Tabs.Tab value="login">{de.auth.loginTab}</Tabs.Tab>
              <Tabs.Tab value="register">{de.auth.registerTab}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              <LoginForm />
            </Tabs.Panel>
            <Tabs.Panel value="register">
              <RegisterForm />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </Center>
  );
}

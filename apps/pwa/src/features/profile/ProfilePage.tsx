import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../api/session';
import { de } from '../../i18n/de';
import { formatDateTime } from '../../lib/format';
import { EmailVerificationControl } from './EmailVerificationControl';
import { MembershipList } from './MembershipList';
import { ProfileForm } from './ProfileForm';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/** /profile: username (read-only), full name, e-mail with an edit mode, account type, memberships. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  if (!user) return null;

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{de.profile.title}</Title>
      <Paper withBorder p="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} fz="h3">
            {de.profile.personalData}
          </Title>
          {!editing && (
            <Button variant="light" onClick={() => setEditing(true)}>
              {de.common.edit}
            </Button>
          )}
        </Group>
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label={de.profile.username}>{user.username}</Field>
            <Field label={de.profile.fullName}>{user.fullName || de.common.notSet}</Field>
            <Field label={de.profile.email}>
              {user.email || de.common.notSet}
              <EmailVerificationControl user={user} />
            </Field>
            <Field label={de.profile.accountType}>
              <Badge variant="light" color={user.isAdmin ? 'red' : 'gray'}>
                {user.isAdmin ? de.profile.administrator : de.profile.standardUser}
              </Badge>
            </Field>
            <Field label={de.profile.registeredSince}>{formatDateTime(user.createdAt)}</Field>
          </SimpleGrid>
        )}
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} fz="h3" mb="md">
          {de.profile.memberships}
        </Title>
        <MembershipList />
      </Paper>
    </Stack>
  );
}

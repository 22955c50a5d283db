import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { de } from '../i18n/de';

export function NotFoundPage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack maw={520} gap="sm">
        <Title order={1}>{de.errors.notFoundTitle}</Title>
        <Text c="dimmed">{de.errors.notFoundHint}</Text>
        <Anchor component={Link} to="/">
          {de.errors.toStart}
        </Anchor>
      </Stack>
    </Center>
  );
}

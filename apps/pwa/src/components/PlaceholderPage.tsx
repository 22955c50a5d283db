import { Paper, Stack, Text, Title } from '@mantine/core';
import { de } from '../i18n/de';

/** Stand-in for a screen that a later feature replaces; keeps every spec route reachable. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="lg">
        <Text>{de.pages.underConstruction}</Text>
      </Paper>
    </Stack>
  );
}

import { List, Paper, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { legalDe } from '../../i18n/legal.de';

/**
 * The statements docs/spec/accounts.md §1 requires of the legal texts, in one place and on every legal page, so
 * a reader sees the essentials without having to know which document holds which rule.
 */
export function KeyFacts() {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="lg" bg="var(--mantine-primary-color-light)">
      <Title order={2} id={headingId} size="h3" mb="sm">
        {legalDe.keyFacts.heading}
      </Title>
      <List
        spacing="sm"
        icon={
          <ThemeIcon size={22} radius="xl" aria-hidden="true">
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        {legalDe.keyFacts.items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Paper>
  );
}

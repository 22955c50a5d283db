import { Anchor, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { de } from '../../i18n/de';

/** 'Erste Schritte' of docs/spec/services.md §1: create organisation, plan service, catalogue, invite, brief. */
export function GettingStarted() {
  return (
    <section aria-labelledby="getting-started-title">
      <Title order={2} fz="h3" id="getting-started-title">
        {de.dashboard.gettingStartedTitle}
      </Title>
      <Text c="dimmed" mb="md">
        {de.dashboard.gettingStartedIntro}
      </Text>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {de.dashboard.steps.map((step, index) => (
          <Group component="li" key={step.title} wrap="nowrap" align="flex-start" gap="md" mih={44}>
            <ThemeIcon radius="xl" size={36} mt={4} aria-hidden>
              {index + 1}
            </ThemeIcon>
            <div>
              {step.to ? (
                <Anchor component={Link} to={step.to} fw={600} style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
                  {step.title}
                </Anchor>
              ) : (
                <Text fw={600} mih={44} style={{ display: 'flex', alignItems: 'center' }}>
                  {step.title}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {step.text}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </section>
  );
}

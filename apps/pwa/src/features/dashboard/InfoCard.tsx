import { Divider, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { servicesDe } from '../../i18n/services.de';
import { GettingStarted } from './GettingStarted';

const t = servicesDe.dashboard;

/** Info card of docs/spec/services.md §1: what SaniDok offers, and the first steps. */
export function InfoCard() {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="dashboard-info-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h3" id="dashboard-info-title">
            {t.infoTitle}
          </Title>
          <Text c="dimmed" mb="sm">
            {t.infoIntro}
          </Text>
          <List
            aria-label={t.infoTitle}
            spacing="xs"
            icon={
              <ThemeIcon size={24} radius="xl" aria-hidden>
                <IconCheck size={16} />
              </ThemeIcon>
            }
          >
            {t.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        </div>
        <Divider />
        <GettingStarted />
      </Stack>
    </Paper>
  );
}

import { Card, Group, List, SimpleGrid, ThemeIcon, Title } from '@mantine/core';
import { IconBandage, IconCalendarPlus, IconClipboardList } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { landingDe } from '../../i18n/landing.de';
import type { LandingWorkflowKey } from '../../i18n/landing.de';
import { landingSectionIds } from './entryPath';
import { LandingSection } from './LandingSection';

const workflowIcons: Record<LandingWorkflowKey, Icon> = {
  service: IconCalendarPlus,
  minorTreatment: IconBandage,
  patientProtocol: IconClipboardList,
};

/** #workflows: the three workflows of docs/spec/accounts.md §1, each as an ordered list of its steps. */
export function WorkflowsSection() {
  const { workflows } = landingDe;
  return (
    <LandingSection id={landingSectionIds.workflows} title={workflows.title} intro={workflows.intro} shaded>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {workflows.items.map((workflow) => {
          const WorkflowIcon = workflowIcons[workflow.key];
          const headingId = `workflow-${workflow.key}`;
          return (
            <Card key={workflow.key} component="article" aria-labelledby={headingId} withBorder radius="md" padding="lg">
              <Group gap="sm" mb="md" wrap="nowrap">
                <ThemeIcon size={44} radius="xl" aria-hidden="true">
                  <WorkflowIcon size={24} />
                </ThemeIcon>
                <Title order={3} size="h4" id={headingId}>
                  {workflow.title}
                </Title>
              </Group>
              <List type="ordered" spacing="sm" withPadding>
                {workflow.steps.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
            </Card>
          );
        })}
      </SimpleGrid>
    </LandingSection>
  );
}

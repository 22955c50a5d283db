import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArchive,
  IconBandage,
  IconCalendarEvent,
  IconChartBar,
  IconClipboardHeart,
  IconEye,
  IconPackage,
  IconPrinter,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { landingDe } from '../../i18n/landing.de';
import type { LandingFeatureKey } from '../../i18n/landing.de';
import { landingSectionIds } from './entryPath';
import { LandingSection } from './LandingSection';

// A Record forces an icon for every feature key of the catalogue at compile time.
const featureIcons: Record<LandingFeatureKey, Icon> = {
  organizations: IconUsersGroup,
  services: IconCalendarEvent,
  minorTreatments: IconBandage,
  patientRecords: IconClipboardHeart,
  materials: IconPackage,
  printing: IconPrinter,
  encryption: IconArchive,
  accessLogging: IconEye,
  statistics: IconChartBar,
};

// Reset of the browser's list styling: the grid is a real <ul> so assistive technology announces
// the number of features, but it should look like a card grid.
const listReset = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** #features: every feature docs/spec/accounts.md §1 advertises, statistics marked "in Arbeit". */
export function FeaturesSection() {
  const { features } = landingDe;
  return (
    <LandingSection id={landingSectionIds.features} title={features.title} intro={features.intro}>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" style={listReset}>
        {features.items.map((feature) => {
          const FeatureIcon = featureIcons[feature.key];
          return (
            <Card component="li" key={feature.key} withBorder radius="md" padding="lg" shadow="xs">
              <Group justify="space-between" align="flex-start" mb="md">
                <ThemeIcon color={feature.wip ? 'gray' : undefined} variant="light" size={48} radius="md" aria-hidden="true">
                  <FeatureIcon size={28} />
                </ThemeIcon>
                {feature.wip ? (
                  <Badge color="yellow" variant="light">
                    {features.wipBadge}
                  </Badge>
                ) : null}
              </Group>
              <Title order={3} size="h4" mb={6}>
                {feature.title}
              </Title>
              <Text c="dimmed">{feature.description}</Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </LandingSection>
  );
}

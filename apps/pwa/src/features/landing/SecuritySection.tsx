import { Anchor, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEyeCheck, IconDatabase, IconLock, IconShieldCheck, IconUserShield } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { landingDe } from '../../i18n/landing.de';
import type { LandingSecurityKey } from '../../i18n/landing.de';
import { landingSectionIds } from './entryPath';
import { LandingSection } from './LandingSection';

const claimIcons: Record<LandingSecurityKey, Icon> = {
  gdpr: IconShieldCheck,
  separation: IconDatabase,
  ownerOnly: IconUserShield,
  accessLogging: IconEyeCheck,
  encryption: IconLock,
};

const listReset = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** #security: the claims docs/spec/accounts.md §1 makes to visitors, with the cipher named as docs/spec/design.md §5 uses it. */
export function SecuritySection() {
  const { security } = landingDe;
  return (
    <LandingSection id={landingSectionIds.security} title={security.title} intro={security.intro}>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl" style={listReset}>
        {security.claims.map((claim) => {
          const ClaimIcon = claimIcons[claim.key];
          return (
            <Group component="li" key={claim.key} align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon variant="light" size={44} radius="md" aria-hidden="true">
                <ClaimIcon size={24} />
              </ThemeIcon>
              <Stack gap={4}>
                <Title order={3} size="h4">
                  {claim.title}
                </Title>
                <Text c="dimmed">{claim.description}</Text>
              </Stack>
            </Group>
          );
        })}
      </SimpleGrid>
      <Text>
        {security.detailsPrefix}{' '}
        <Anchor component={Link} to="/datenschutz">
          {security.detailsLink}
        </Anchor>
        .
      </Text>
    </LandingSection>
  );
}

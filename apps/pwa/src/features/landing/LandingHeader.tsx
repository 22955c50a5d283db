import { Anchor, Box, Button, Container, Group, Text, ThemeIcon } from '@mantine/core';
import { IconLayoutDashboard, IconLogin, IconMedicalCross } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { landingDe } from '../../i18n/landing.de';
import { entryPath, landingSectionIds } from './entryPath';

interface LandingHeaderProps {
  readonly signedIn: boolean;
}

const sectionLinks = [
  { id: landingSectionIds.features, label: landingDe.nav.features },
  { id: landingSectionIds.workflows, label: landingDe.nav.workflows },
  { id: landingSectionIds.security, label: landingDe.nav.security },
] as const;

// 44 px keeps every link of the top bar a comfortable touch target on tablets (docs/spec/design.md §7).
const touchHeight = 44;

/** Sticky top bar: logo, in-page anchors, Datenschutz and the entry into the app. */
export function LandingHeader({ signedIn }: LandingHeaderProps) {
  const { nav, brand } = landingDe;
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="lg" py="xs">
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={brand.homeLabel}>
            <Group gap="xs" wrap="nowrap" mih={touchHeight}>
              <ThemeIcon size="lg" radius="md" aria-hidden="true">
                <IconMedicalCross size={22} />
              </ThemeIcon>
              <Text fw={800} size="xl">
                {brand.name}
              </Text>
            </Group>
          </Anchor>

          <Group component="nav" aria-label={nav.ariaLabel} gap={4} wrap="wrap">
            {sectionLinks.map((link) => (
              <Button key={link.id} component="a" href={`#${link.id}`} variant="subtle" color="gray" h={touchHeight}>
                {link.label}
              </Button>
            ))}
            <Button component={Link} to="/datenschutz" variant="subtle" color="gray" h={touchHeight}>
              {nav.privacy}
            </Button>
            <Button
              component={Link}
              to={entryPath(signedIn)}
             
              h={touchHeight}
              leftSection={
                signedIn ? <IconLayoutDashboard size={18} aria-hidden="true" /> : <IconLogin size={18} aria-hidden="true" />
              }
            >
              {signedIn ? nav.dashboard : nav.signIn}
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

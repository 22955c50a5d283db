import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { landingDe } from '../../i18n/landing.de';

interface LandingFooterProps {
  readonly signedIn: boolean;
}

// Padding turns the inline footer links into touch targets of about 44 px (docs/spec/design.md §7).
const footerLinkProps = { py: 10, display: 'inline-block' } as const;

/** Footer: legal links, dashboard when signed in, contact mail link and the copyright line. */
export function LandingFooter({ signedIn }: LandingFooterProps) {
  const { footer } = landingDe;
  return (
    <Box component="footer" py="xl" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <Stack gap="sm">
          <Group component="nav" aria-label={footer.ariaLabel} gap="lg" wrap="wrap">
            <Anchor component={Link} to="/datenschutz" {...footerLinkProps}>
              {footer.privacy}
            </Anchor>
            <Anchor component={Link} to="/nutzungsbedingungen" {...footerLinkProps}>
              {footer.terms}
            </Anchor>
            <Anchor component={Link} to="/impressum" {...footerLinkProps}>
              {footer.imprint}
            </Anchor>
            {signedIn ? (
              <Anchor component={Link} to="/dashboard" {...footerLinkProps}>
                {footer.dashboard}
              </Anchor>
            ) : null}
            <Anchor href={footer.contactHref} {...footerLinkProps}>
              <Group component="span" gap={6} wrap="nowrap">
                <IconMail size={16} aria-hidden="true" />
                {footer.contact}
              </Group>
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            {footer.notMedicalDevice}
          </Text>
          <Text size="sm" c="dimmed">
            {footer.copyright}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

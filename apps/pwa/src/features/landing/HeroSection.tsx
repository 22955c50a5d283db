import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { landingDe } from '../../i18n/landing.de';
import { entryPath, landingSectionIds } from './entryPath';

interface HeroSectionProps {
  readonly signedIn: boolean;
}

/** Opening section with the page's only h1 and the main call to action. */
export function HeroSection({ signedIn }: HeroSectionProps) {
  const { hero } = landingDe;
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      py={{ base: 56, md: 96 }}
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-primary-color-light) 0%, var(--mantine-color-body) 70%)',
      }}
    >
      <Container size="lg">
        <Stack gap="lg" maw={760}>
          <Badge variant="light" size="lg" radius="sm">
            {hero.eyebrow}
          </Badge>
          <Title order={1} id="hero-title" fz={{ base: 34, sm: 44, md: 52 }} lh={1.15}>
            {hero.title}
          </Title>
          <Text size="xl" c="dimmed">
            {hero.lead}
          </Text>
          <Group gap="md">
            <Button
              component={Link}
              to={entryPath(signedIn)}
              size="lg"
             
              rightSection={<IconArrowRight size={20} aria-hidden="true" />}
            >
              {signedIn ? hero.ctaSignedIn : hero.ctaSignedOut}
            </Button>
            <Button
              component="a"
              href={`#${landingSectionIds.features}`}
              size="lg"
              variant="default"
              rightSection={<IconArrowDown size={20} aria-hidden="true" />}
            >
              {hero.secondary}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {hero.note}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

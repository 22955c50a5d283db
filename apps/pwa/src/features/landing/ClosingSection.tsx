import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { landingDe } from '../../i18n/landing.de';
import { entryPath } from './entryPath';

interface ClosingSectionProps {
  readonly signedIn: boolean;
}

/** Second call to action at the end of the page, so nobody has to scroll back up to start. */
export function ClosingSection({ signedIn }: ClosingSectionProps) {
  const { closing } = landingDe;
  return (
    <Box component="section" aria-labelledby="closing-title" py={{ base: 48, md: 72 }} bg="var(--mantine-primary-color-light)">
      <Container size="md">
        <Stack align="center" gap="md" ta="center">
          <Title order={2} id="closing-title">
            {closing.title}
          </Title>
          <Text size="lg">{closing.text}</Text>
          <Button
            component={Link}
            to={entryPath(signedIn)}
            size="lg"
           
            rightSection={<IconArrowRight size={20} aria-hidden="true" />}
          >
            {signedIn ? closing.ctaSignedIn : closing.ctaSignedOut}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface LandingSectionProps {
  /** Target of the in-page anchor (#features, #workflows, #security). */
  readonly id: string;
  readonly title: string;
  readonly intro: string;
  readonly children: ReactNode;
  /** Alternating backgrounds separate the sections without extra dividers. */
  readonly shaded?: boolean;
}

// The sticky top bar would cover the heading of a section reached by an anchor link; the scroll
// margin leaves room for it (it wraps to two rows on narrow screens, hence the generous value).
const scrollMargin = '7rem';

/** A landing page section with an h2 and an intro; its id is the anchor target. */
export function LandingSection({ id, title, intro, children, shaded = false }: LandingSectionProps) {
  const headingId = `${id}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      py={{ base: 48, md: 72 }}
      bg={shaded ? 'var(--mantine-color-gray-light)' : undefined}
      style={{ scrollMarginTop: scrollMargin }}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="xs" maw={720}>
            <Title order={2} id={headingId}>
              {title}
            </Title>
            <Text size="lg" c="dimmed">
              {intro}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

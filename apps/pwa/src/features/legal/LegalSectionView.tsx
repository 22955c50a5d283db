import { Stack, Title } from '@mantine/core';
import { useId } from 'react';
import type { LegalSection } from '../../i18n/legal.de';
import { LegalBlocks } from './LegalBlocks';

interface LegalSectionViewProps {
  readonly section: LegalSection;
}

/** One numbered section (h2) with its optional subsections (h3), keeping the heading order intact. */
export function LegalSectionView({ section }: LegalSectionViewProps) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} id={headingId} size="h3">
        {section.heading}
      </Title>
      <LegalBlocks blocks={section.blocks} />
      {section.subsections?.map((subsection) => (
        <Stack key={subsection.heading} gap="xs" mt="xs">
          <Title order={3} size="h4">
            {subsection.heading}
          </Title>
          <LegalBlocks blocks={subsection.blocks} />
        </Stack>
      ))}
    </Stack>
  );
}

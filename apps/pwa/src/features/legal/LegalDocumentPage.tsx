import { Anchor, Box, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { legalDe } from '../../i18n/legal.de';
import type { LegalDocument, LegalDocumentKey } from '../../i18n/legal.de';
import { KeyFacts } from './KeyFacts';
import { LegalSectionView } from './LegalSectionView';
import { legalDocumentOrder, legalRoutes } from './legalRoutes';
import { OperatorDetailsContext, useOperatorDetails } from './operatorDetails';

interface LegalDocumentPageProps {
  readonly documentKey: LegalDocumentKey;
}

// Touch-friendly link height (docs/spec/design.md §7: touch targets of at least 44 px).
const touchLinkStyle = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

/** Shared layout of the three public legal pages: back link, title, date, key facts, sections. */
export function LegalDocumentPage({ documentKey }: LegalDocumentPageProps) {
  // Widened to the structural type so the three literal catalogue types need no union juggling.
  const document: LegalDocument = legalDe[documentKey];
  const otherDocuments = legalDocumentOrder.filter((key) => key !== documentKey);
  const { operator } = useOperatorDetails();

  return (
    <OperatorDetailsContext value={operator}>
    <Box component="main" py="xl">
      {/* React 19 hoists <title> into <head>, giving each legal page its own tab title. */}
      <title>{`${document.title}${legalDe.documentTitleSuffix}`}</title>
      <Container size="md">
        <Stack gap="xl">
          <Anchor component={Link} to="/" style={touchLinkStyle}>
            <Group gap={6} wrap="nowrap">
              <IconArrowLeft size={18} aria-hidden="true" />
              <span>{legalDe.backToHome}</span>
            </Group>
          </Anchor>

          <Stack gap="xs">
            <Title order={1}>{document.title}</Title>
            <Text c="dimmed" size="sm">
              {legalDe.stand}
            </Text>
            <Text size="lg">{document.intro}</Text>
          </Stack>

          <KeyFacts />

          {document.sections.map((section) => (
            <LegalSectionView key={section.heading} section={section} />
          ))}

          <Divider />

          <Box component="nav" aria-label={legalDe.otherDocuments}>
            <Group gap="lg">
              <Text fw={600}>{legalDe.otherDocuments}:</Text>
              {otherDocuments.map((key) => (
                <Anchor key={key} component={Link} to={legalRoutes[key]} style={touchLinkStyle}>
                  {legalDe.links[key]}
                </Anchor>
              ))}
            </Group>
          </Box>
        </Stack>
      </Container>
    </Box>
    </OperatorDetailsContext>
  );
}

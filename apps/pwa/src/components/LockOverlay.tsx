import { Alert, Box, Button, Overlay, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { de } from '../i18n/de';

interface LockOverlayProps {
  locked: boolean;
  title: string;
  text: string;
  children: ReactNode;
}

/**
 * The spec's lock overlay for a blocked organisation (accounts §3) or service (services §4): the
 * content lies under a veil with the lock notice, out of reach of pointer and keyboard (`inert`).
 * Reading stays allowed (and for an organisation leaving and removing members; docs/decisions.md),
 * so 'Inhalte ansehen' lifts the veil; the notice then stays above the content and every changing
 * action stays disabled.
 */
export function LockOverlay({ locked, title, text, children }: LockOverlayProps) {
  const [revealed, setRevealed] = useState(false);
  const titleId = useId();
  if (!locked) return <>{children}</>;
  if (revealed) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />} title={title} role="status">
          {text}
        </Alert>
        {children}
      </Stack>
    );
  }
  return (
    <Box pos="relative" mih={260}>
      <div inert>{children}</div>
      <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.75} blur={3} radius="md" zIndex={2} center>
        <Paper withBorder shadow="md" p="lg" maw={420} m="md" component="section" aria-labelledby={titleId}>
          <Stack gap="sm" align="center" ta="center">
            <ThemeIcon size={48} radius="xl" color="red" variant="light" aria-hidden>
              <IconLock size={28} />
            </ThemeIcon>
            <Title order={3} fz="h4" id={titleId}>
              {title}
            </Title>
            <Text size="sm">{text}</Text>
            <Button variant="default" onClick={() => setRevealed(true)}>
              {de.organizations.blockedReveal}
            </Button>
          </Stack>
        </Paper>
      </Overlay>
    </Box>
  );
}

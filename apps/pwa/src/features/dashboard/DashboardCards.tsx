import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivity, IconArchive, IconBuildingCommunity, IconCalendarEvent, IconCalendarPlus, IconFirstAidKit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { servicesDe } from '../../i18n/services.de';

const t = servicesDe.dashboard;

function CountCard({ id, title, subtitle, count, icon }: { id: string; title: string; subtitle: string; count: number | null; icon: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} fz="h4" id={id}>
            {title}
          </Title>
          {/* null: the device is still reading its services. */}
          <Text fz={40} fw={700} lh={1.2} data-testid={`${id}-count`} aria-busy={count === null || undefined}>
            {count ?? '–'}
          </Text>
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        </div>
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

function LinkCard({ id, title, text, children }: { id: string; title: string; text?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm" h="100%" justify="space-between">
        <div>
          <Title order={2} fz="h4" id={id}>
            {title}
          </Title>
          {text && (
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

interface DashboardCardsProps {
  activeCount: number | null;
  plannedCount: number | null;
  /** The archive is for organisation owners only (docs/spec/accounts.md §6), as in the navigation. */
  showArchive: boolean;
  /** Only for users who may plan a service in an organisation that is not blocked. */
  showCreate: boolean;
}

/** The cards of docs/spec/services.md §2: counts, quick access, create, archive. */
export function DashboardCards({ activeCount, plannedCount, showArchive, showCreate }: DashboardCardsProps) {
  // As many cards a row as the room allows: five in a row at 1280 px (beside the navigation)
  // split 'Sanitätsdienste' inside the word.
  return (
    <SimpleGrid minColWidth="17rem" spacing="md">
      <CountCard id="dashboard-active" title={t.activeTitle} subtitle={t.activeSubtitle} count={activeCount} icon={<IconActivity size={28} />} />
      <CountCard id="dashboard-planned" title={t.plannedTitle} subtitle={t.plannedSubtitle} count={plannedCount} icon={<IconCalendarEvent size={28} />} />
      <LinkCard id="dashboard-quick" title={t.quickAccess}>
        <Stack gap="xs">
          <Button component={Link} to="/organizations" variant="light" leftSection={<IconBuildingCommunity size={18} aria-hidden />} justify="flex-start">
            {t.organizations}
          </Button>
          <Button component={Link} to="/services" variant="light" leftSection={<IconFirstAidKit size={18} aria-hidden />} justify="flex-start">
            {t.services}
          </Button>
        </Stack>
      </LinkCard>
      {showCreate && (
        <LinkCard id="dashboard-create" title={t.createService} text={t.createServiceText}>
          <Button component={Link} to="/services?action=new" leftSection={<IconCalendarPlus size={18} aria-hidden />}>
            {t.createService}
          </Button>
        </LinkCard>
      )}
      {showArchive && (
        <LinkCard id="dashboard-archive" title={t.archiveTitle} text={t.archiveText}>
          <Button component={Link} to="/patient-archive" variant="light" leftSection={<IconArchive size={18} aria-hidden />}>
            {t.archiveOpen}
          </Button>
        </LinkCard>
      )}
    </SimpleGrid>
  );
}

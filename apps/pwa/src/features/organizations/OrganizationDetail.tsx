import { Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { OrganizationListItem } from '@sanidok/schema';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { de } from '../../i18n/de';
import { AccessLogTab } from './AccessLogTab';
import { LockOverlay } from '../../components/LockOverlay';
import { MaterialsTab } from './MaterialsTab';
import { MembersTab } from './MembersTab';
import { canManageTemplates, canViewAccessLogs, canViewStatistics, roleColor } from './permissions';
import { statisticsDe } from '../../i18n/statistics.de';
import { TreatmentTemplatesTab } from '../treatmentTemplates/TreatmentTemplatesTab';
import { OrganizationLockTime } from './OrganizationLockTime';
import { OrganizationRetention } from './OrganizationRetention';
import { treatmentTemplatesDe } from '../../i18n/treatmentTemplates.de';

const t = de.organizations;

interface OrganizationDetailProps {
  organization: OrganizationListItem;
  onLeft: () => void;
}

/** Detail pane: Mitglieder, Material, Behandlungsvorlagen (owner, admins), Zugriffsprotokolle (owner only, not rendered for others). */
export function OrganizationDetail({ organization, onLeft }: OrganizationDetailProps) {
  const isOwner = canViewAccessLogs(organization.role);
  const managesTemplates = canManageTemplates(organization.role);
  return (
    <Paper withBorder p="lg" pos="relative" aria-label={organization.name} component="section">
      <Stack gap="md">
        <div>
          <Group gap="sm" wrap="wrap">
            <Title order={2} fz="h3">
              {organization.name}
            </Title>
            <Badge color={roleColor[organization.role]} variant="light">
              {t.roles[organization.role]}
            </Badge>
            {canViewStatistics(organization.role) && (
              <Button component={Link} to={`/organizations/${organization.id}/statistics`} variant="light" size="sm" ml="auto" leftSection={<IconChartBar size={18} aria-hidden />}>
                {statisticsDe.open}
              </Button>
            )}
          </Group>
          {organization.description && <Text c="dimmed">{organization.description}</Text>}
          {isOwner && (
            <Text size="sm" c="dimmed">
              {t.fingerprint}: <Text span ff="monospace" size="sm">{organization.keyFingerprint}</Text>
            </Text>
          )}
        </div>
        {isOwner && !organization.isBlocked && <OrganizationLockTime organization={organization} />}
        <OrganizationRetention organization={organization} />
        <LockOverlay locked={organization.isBlocked} title={t.blockedTitle} text={t.blockedText}>
          <Tabs defaultValue="members" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="members">{t.tabMembers}</Tabs.Tab>
              <Tabs.Tab value="materials">{t.tabMaterials}</Tabs.Tab>
              {managesTemplates && <Tabs.Tab value="templates">{treatmentTemplatesDe.tab}</Tabs.Tab>}
              {isOwner && <Tabs.Tab value="access-logs">{t.tabAccessLogs}</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="members" pt="md">
              <MembersTab organization={organization} onLeft={onLeft} />
            </Tabs.Panel>
            <Tabs.Panel value="materials" pt="md">
              <MaterialsTab organization={organization} />
            </Tabs.Panel>
            {managesTemplates && (
              <Tabs.Panel value="templates" pt="md">
                <TreatmentTemplatesTab organization={organization} />
              </Tabs.Panel>
            )}
            {isOwner && (
              <Tabs.Panel value="access-logs" pt="md">
                <AccessLogTab organizationId={organization.id} />
              </Tabs.Panel>
            )}
          </Tabs>
        </LockOverlay>
      </Stack>
    </Paper>
  );
}

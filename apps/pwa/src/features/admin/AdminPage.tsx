import { Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconFirstAidKit, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminDe, adminSettingsDe } from '../../i18n/de';
import { AdminNotices } from './AdminNotices';
import { AdminAlertsPanel } from './AdminAlertsPanel';
import { AdminTwoFactorGate } from './AdminTwoFactorGate';
import { ArchiveFailuresTab } from './ArchiveFailuresTab';
import { AuditLogTab } from './AuditLogTab';
import { BetaTab } from './BetaTab';
import { EmailTab } from './EmailTab';
import { OperatorTab } from './OperatorTab';
import { OrganizationsTab } from './OrganizationsTab';
import { useAdminSummary } from './queries';
import { ServicesTab } from './ServicesTab';
import { UsersTab } from './UsersTab';

const t = adminDe;

/** The tabs of docs/spec/accounts.md §2, in its order; the open one is kept in ?tab= so a reload stays there. */
export const adminTabs = ['users', 'organizations', 'services', 'archive-failures', 'beta', 'email', 'operator', 'audit-log'] as const;
export type AdminTab = (typeof adminTabs)[number];

const tabLabels: Record<AdminTab, string> = {
  users: t.tabs.users,
  organizations: t.tabs.organizations,
  services: t.tabs.services,
  'archive-failures': t.tabs.archiveFailures,
  beta: t.tabs.beta,
  email: t.tabs.email,
  operator: adminSettingsDe.tabs.operator,
  'audit-log': adminSettingsDe.tabs.auditLog,
};

const isAdminTab = (value: string | null): value is AdminTab => adminTabs.includes(value as AdminTab);

function SummaryCard({ label, value, detail, icon }: { label: string; value: number | undefined; detail: string | null; icon: ReactNode }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={28} fw={700} data-testid={`summary-${label}`}>
            {value ?? '–'}
          </Text>
          {detail && (
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          )}
        </div>
        {icon}
      </Group>
    </Paper>
  );
}

/** /admin (docs/spec/accounts.md §2): only for platform admins (RequireAdmin), and only with two factors. */
export function AdminPage() {
  return (
    <AdminTwoFactorGate>
      <AdminArea />
    </AdminTwoFactorGate>
  );
}

/** Notices, summary counts and the tabs. */
function AdminArea() {
  const summary = useAdminSummary();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : 'users';
  const counts = summary.data;
  const openTab = (value: string | null) => setParams(value && value !== 'users' ? { tab: value } : {}, { replace: true });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t.title}</Title>
        <Text c="dimmed" mt={4}>
          {t.intro}
        </Text>
      </div>

      <AdminNotices openTab={openTab} />

      <AdminAlertsPanel />

      <SimpleGrid component="section" cols={{ base: 1, sm: 3 }} aria-label={t.summary.label}>
        <SummaryCard label={t.summary.users} value={counts?.users} detail={counts ? t.summary.blocked(counts.blockedUsers) : null} icon={<IconUsers size={28} aria-hidden />} />
        <SummaryCard
          label={t.summary.organizations}
          value={counts?.organizations}
          detail={counts ? t.summary.blocked(counts.blockedOrganizations) : null}
          icon={<IconBuildingCommunity size={28} aria-hidden />}
        />
        <SummaryCard label={t.summary.services} value={counts?.services} detail={counts ? t.summary.active(counts.activeServices) : null} icon={<IconFirstAidKit size={28} aria-hidden />} />
      </SimpleGrid>

      <Tabs value={tab} onChange={openTab} keepMounted={false}>
        <Tabs.List aria-label={t.tabs.label}>
          {adminTabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {tabLabels[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="users" pt="md">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="organizations" pt="md">
          <OrganizationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="services" pt="md">
          <ServicesTab />
        </Tabs.Panel>
        <Tabs.Panel value="archive-failures" pt="md">
          <ArchiveFailuresTab />
        </Tabs.Panel>
        <Tabs.Panel value="beta" pt="md">
          <BetaTab />
        </Tabs.Panel>
        <Tabs.Panel value="email" pt="md">
          <EmailTab />
        </Tabs.Panel>
        <Tabs.Panel value="operator" pt="md">
          <OperatorTab />
        </Tabs.Panel>
        <Tabs.Panel value="audit-log" pt="md">
          <AuditLogTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

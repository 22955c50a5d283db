import { Badge, Button, Grid, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { de } from '../../i18n/de';
import type { CreatedOrganization, RevealedOrganizationKey } from './createOrganization';
import { CreateOrganizationDialog } from './CreateOrganizationDialog';
import { EncryptionKeyDialog } from './EncryptionKeyDialog';
import { InvitationsTab } from './InvitationsTab';
import { OrganizationDetail } from './OrganizationDetail';
import { OrganizationList } from './OrganizationList';
import { useInvitations, useOrganizations } from './queries';
import { describeError } from '../../lib/describeError';

const t = de.organizations;
type TopTab = 'organizations' | 'invitations';

/**
 * /organizations (docs/spec/accounts.md §2): organisations with their detail pane, and invitations.
 * `?tab=invitations` opens the invitations (the navigation and the dashboard link there).
 */
export function OrganizationsPage() {
  const organizations = useOrganizations({ poll: true });
  const invitations = useInvitations();
  const [params, setParams] = useSearchParams();
  const tab: TopTab = params.get('tab') === 'invitations' ? 'invitations' : 'organizations';
  const setTab = (next: TopTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'invitations') updated.set('tab', next);
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );
  // undefined: nothing chosen yet (the first organisation is shown); null: deliberately none.
  const [selection, setSelection] = useState<number | null | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  // The only place the organisation secret lives after creation; dropped when the dialog closes.
  const [revealed, setRevealed] = useState<RevealedOrganizationKey | null>(null);

  const list = organizations.data ?? [];
  const selectedId = selection === undefined ? (list[0]?.id ?? null) : selection;
  const selected = list.find((o) => o.id === selectedId) ?? null;
  const pendingCount = invitations.data?.length ?? 0;

  const onCreated = ({ organization, revealed: key }: CreatedOrganization) => {
    setCreating(false);
    setSelection(organization.id);
    setTab('organizations');
    setRevealed(key);
  };

  const onAccepted = (organizationId: number) => {
    setSelection(organizationId);
    setTab('organizations');
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t.title}</Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          {t.create}
        </Button>
      </Group>

      <Tabs value={tab} onChange={(value) => setTab(value === 'invitations' ? 'invitations' : 'organizations')}>
        <Tabs.List>
          <Tabs.Tab value="organizations">{t.tabOrganizations}</Tabs.Tab>
          <Tabs.Tab
            value="invitations"
            rightSection={
              pendingCount > 0 ? (
                <Badge size="sm" circle color="red" aria-label={t.pendingInvitations(pendingCount)} data-testid="invitations-badge">
                  {pendingCount}
                </Badge>
              ) : null
            }
          >
            {t.tabInvitations}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="organizations" pt="md">
          {organizations.isPending && <Loader aria-label={de.app.loading} />}
          {organizations.isError && (
            <Text c="red">
              {t.loadFailed} {describeError(organizations.error, '')}
            </Text>
          )}
          {organizations.isSuccess && list.length === 0 && (
            <Paper withBorder p="lg">
              <Text>{t.none}</Text>
            </Paper>
          )}
          {list.length > 0 && (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <OrganizationList organizations={list} selectedId={selectedId} onSelect={setSelection} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                {selected ? (
                  // Keyed so tab state and dialogs start fresh for another organisation.
                  <OrganizationDetail key={selected.id} organization={selected} onLeft={() => setSelection(null)} />
                ) : (
                  <Paper withBorder p="lg">
                    <Text c="dimmed">{t.selectHint}</Text>
                  </Paper>
                )}
              </Grid.Col>
            </Grid>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="invitations" pt="md">
          <InvitationsTab invitations={invitations} onAccepted={onAccepted} />
        </Tabs.Panel>
      </Tabs>

      <CreateOrganizationDialog opened={creating} onClose={() => setCreating(false)} onCreated={onCreated} />
      {revealed && <EncryptionKeyDialog revealed={revealed} onClose={() => setRevealed(null)} />}
    </Stack>
  );
}

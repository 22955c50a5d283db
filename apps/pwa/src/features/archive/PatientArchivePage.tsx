import { Button, Group, Loader, Paper, Radio, ScrollArea, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ArchiveKeyFailureBody } from '@sanidok/schema';
import { IconKey, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { archiveDe, de } from '../../i18n/de';
import { formatDate, formatDateTime } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import type { RevealedOrganizationKey } from '../organizations/createOrganization';
import { EncryptionKeyDialog } from '../organizations/EncryptionKeyDialog';
import { useOrganizations } from '../organizations/queries';
import { ArchivedProtocolsDialog } from './ArchivedProtocolsDialog';
import { FailedKeyDialog } from './FailedKeyDialog';
import { GenerateKeyDialog } from './GenerateKeyDialog';
import { KeyRecoveryDialog } from './KeyRecoveryDialog';
import type { ArchiveOpenOutcome } from './openArchive';
import { mistypedText, openArchiveService, prepareArchiveOpening } from './openArchive';
import { useArchiveServices } from './queries';

const t = archiveDe;
type Opened = Extract<ArchiveOpenOutcome, { kind: 'opened' }>;

/**
 * /patient-archive (docs/spec/accounts.md §2): owner only. Choose an organisation and an archived service, type
 * the organisation key; the browser proves it to the server and decrypts what it gets back.
 */
export function PatientArchivePage() {
  const organizations = useOrganizations({ poll: false });
  const owned = (organizations.data ?? []).filter((o) => o.role === 'owner');
  const [chosenOrganization, setChosenOrganization] = useState<number | null>(null);
  const organization = owned.find((o) => o.id === chosenOrganization) ?? owned[0] ?? null;
  const services = useArchiveServices(organization?.id ?? null);
  const [serviceId, setServiceId] = useState<string | null>(null);
  const service = services.data?.find((s) => s.id === serviceId) ?? null;
  // The key text lives only in this field; it is cleared after a successful opening.
  const [keyText, setKeyText] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ArchiveKeyFailureBody | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [generating, setGenerating] = useState(false);
  const [recovering, setRecovering] = useState(false);
  const [revealed, setRevealed] = useState<RevealedOrganizationKey | null>(null);

  if (organizations.isPending) return <Loader aria-label={de.app.loading} />;
  if (organizations.isSuccess && owned.length === 0) return <Navigate to="/dashboard" replace />;

  const chooseOrganization = (value: string | null) => {
    setChosenOrganization(value ? Number(value) : null);
    setServiceId(null);
    setKeyError(null);
  };

  const submit = async () => {
    if (!organization || !service || keyText.trim() === '') {
      notifyError(t.key.missingTitle, t.key.missingText);
      return;
    }
    setPending(true);
    setKeyError(null);
    try {
      const outcome = await openArchiveService(organization.id, service, keyText);
      if (outcome.kind === 'mistyped') setKeyError(mistypedText(outcome.reason));
      else if (outcome.kind === 'wrongKey') setFailure(outcome.failure);
      else {
        setKeyText('');
        setOpened(outcome);
      }
    } catch (error) {
      notifyError(t.key.openFailed, errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t.title}</Title>
      <Text c="dimmed">{t.intro}</Text>
      {organizations.isError && <Text c="red">{errorMessage(organizations.error)}</Text>}

      <Paper withBorder p="md">
        <Group align="flex-end" justify="space-between" wrap="wrap">
          <Select
            label={t.organization}
            placeholder={t.organizationPlaceholder}
            data={owned.map((o) => ({ value: String(o.id), label: o.name }))}
            value={organization ? String(organization.id) : null}
            onChange={chooseOrganization}
            allowDeselect={false}
            miw={280}
          />
          <Button variant="light" color="orange" leftSection={<IconKey size={18} aria-hidden />} onClick={() => setGenerating(true)} disabled={!organization}>
            {t.generate.open}
          </Button>
        </Group>
        {organization && (
          <Text size="sm" c="dimmed" mt="xs">
            {t.fingerprint}:{' '}
            <Text span ff="monospace" size="sm">
              {organization.keyFingerprint}
            </Text>
          </Text>
        )}
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t.services.title}
          </Title>
          {services.isPending && organization && <Loader size="sm" aria-label={de.app.loading} />}
          {services.isError && <Text c="red">{`${t.services.loadFailed} ${errorMessage(services.error)}`}</Text>}
          {services.isSuccess && services.data.length === 0 && <Text c="dimmed">{t.services.none}</Text>}
          {services.isSuccess && services.data.length > 0 && (
            <Radio.Group value={serviceId} onChange={setServiceId} aria-label={t.services.tableLabel}>
              <ScrollArea type="auto">
                <Table striped highlightOnHover miw={640} aria-label={t.services.tableLabel}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={48} />
                      <Table.Th>{t.services.name}</Table.Th>
                      <Table.Th>{t.services.location}</Table.Th>
                      <Table.Th>{t.services.period}</Table.Th>
                      <Table.Th>{t.services.protocols}</Table.Th>
                      <Table.Th>{t.services.lastDischarge}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {services.data.map((s) => (
                      <Table.Tr key={s.id} onClick={() => setServiceId(s.id)} style={{ cursor: 'pointer' }}>
                        <Table.Td>
                          <Radio value={s.id} aria-label={t.services.choose(s.name)} />
                        </Table.Td>
                        <Table.Td>{s.name}</Table.Td>
                        <Table.Td>{s.location}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${formatDate(s.startDate)} – ${formatDate(s.endDate)}`}</Table.Td>
                        <Table.Td>{s.sealedProtocolCount}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.lastDischargedAt ? formatDateTime(s.lastDischargedAt) : t.empty}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </Radio.Group>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
          aria-label={t.key.title}
        >
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t.key.title}
            </Title>
            <Text size="sm">
              {t.key.selectedService}: <strong>{service?.name ?? t.key.noServiceSelected}</strong>
            </Text>
            <TextInput
              label={t.key.label}
              description={t.key.hint}
              placeholder={t.key.placeholder}
              value={keyText}
              onChange={(e) => {
                setKeyText(e.currentTarget.value);
                setKeyError(null);
              }}
              // Start loading the key libraries (and a decryption worker) while the owner types.
              onFocus={prepareArchiveOpening}
              error={keyError}
              autoComplete="off"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={pending} leftSection={<IconLockOpen size={18} aria-hidden />}>
                {t.key.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <FailedKeyDialog failure={failure} onClose={() => setFailure(null)} />
      <ArchivedProtocolsDialog opened={opened} onClose={() => setOpened(null)} />
      <GenerateKeyDialog
        organization={generating ? organization : null}
        onClose={() => setGenerating(false)}
        onGenerated={(key) => {
          setGenerating(false);
          setRevealed(key);
        }}
        onLostKey={() => {
          setGenerating(false);
          setRecovering(true);
        }}
      />
      <KeyRecoveryDialog
        organization={recovering ? organization : null}
        onClose={() => setRecovering(false)}
        onGenerated={(key) => {
          setRecovering(false);
          setRevealed(key);
        }}
      />
      {revealed && <EncryptionKeyDialog revealed={revealed} onClose={() => setRevealed(null)} />}
    </Stack>
  );
}

import { Button, Grid, Group, Loader, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useProtocols } from '../../data/protocolHooks';
import { de } from '../../i18n/de';
import { protocolsDe } from '../../i18n/protocols.de';
import { AwaitsRegistrationNotice } from '../lock/AwaitsRegistrationNotice';
import { CreateProtocolDialog } from './create/CreateProtocolDialog';
import { NoProtocolChosen, ProtocolDetailCard } from './list/ProtocolDetailCard';
import { ProtocolList } from './list/ProtocolList';

const t = protocolsDe.page;
/** The chosen protocol lives in the address (?id=), so reload and back keep it. */
const selectedParam = 'id';

interface ScreenProps {
  /** /patient-protocols/new: the create dialog is open at once (docs/spec/services.md §2). */
  startOpen?: boolean;
}

function ProtocolsScreen({ startOpen = false }: ScreenProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(startOpen);
  const reopen = useCallback(() => setCreating(true), []);
  const protocols = useProtocols();
  const selectedId = params.get(selectedParam) ?? undefined;

  const select = (id: string) => setParams({ [selectedParam]: id }, { replace: true });

  const closeDialog = () => {
    setCreating(false);
    // Leaving /new, so reload or back does not open the dialog again.
    if (startOpen) void navigate('/patient-protocols', { replace: true });
  };

  const created = (id: string) => {
    setCreating(false);
    if (startOpen) void navigate(`/patient-protocols?${selectedParam}=${encodeURIComponent(id)}`, { replace: true });
    else select(id);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t.title}</Title>
        <Button size="lg" leftSection={<IconPlus size={20} aria-hidden />} onClick={() => setCreating(true)}>
          {t.newProtocol}
        </Button>
      </Group>
      <AwaitsRegistrationNotice />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          {protocols === undefined ? (
            <Loader size="sm" aria-label={de.app.loading} />
          ) : (
            <ProtocolList protocols={protocols} selectedId={selectedId} onSelect={select} onCreate={() => setCreating(true)} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          {selectedId ? <ProtocolDetailCard key={selectedId} protocolId={selectedId} /> : <NoProtocolChosen />}
        </Grid.Col>
      </Grid>
      <CreateProtocolDialog opened={creating} onClose={closeDialog} onCreated={created} onDraftRestored={reopen} />
    </Stack>
  );
}

/** /patient-protocols: the list of protocols on this device and the chosen one's detail (docs/spec/services.md §2). */
export function PatientProtocolsPage() {
  return <ProtocolsScreen />;
}

/** /patient-protocols/new: the same page with 'Patientenprotokoll erstellen' open. */
export function PatientProtocolNewPage() {
  return <ProtocolsScreen startOpen />;
}

import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { isProtocolOpen } from '@sanidok/schema';
import { draftsDe } from '../../../i18n/drafts.de';
import { useDropDraftsOf } from '../../shared/useDraftKeeper';
import { useDatabase } from '../../../data/hooks';
import { useProtocolView } from '../../../data/protocolHooks';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';
import { useProtocolOpening } from '../useProtocolOpening';
import { ProtocolEditView } from './ProtocolEditView';

const t = protocolEditDe.page;

/** 'Das Protokoll konnte nicht geladen werden.' with the way back to the start page (docs/spec/services.md §2, §8). */
export function ProtocolLoadFailure() {
  return (
    <Paper withBorder p="lg" role="alert">
      <Stack gap="md" align="flex-start">
        <Text size="lg">{t.loadFailed}</Text>
        <Button component={Link} to="/dashboard" variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          {t.toStart}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /patient-protocols/:id and /patient-protocols/edit/:id (docs/spec/services.md §2). The opening is logged first
 * (protocol_opened, queued offline with its real time); the content appears once that write is
 * done or has failed — a failed log never blocks the medic. Everything is read from the device.
 * The optional query parameter `key` (the service access code of the original links) is not
 * needed: access follows the signed-in user's membership, so it is ignored.
 */
export function ProtocolEditPage() {
  const { id } = useParams();
  const mayShow = useProtocolOpening(id);
  const view = useProtocolView(id);
  // The signed-in user's database opens just after sign-in: until then nothing is known yet.
  const db = useDatabase();
  const gone = Boolean(id && db && view === null);
  const closed = view ? !isProtocolOpen(view.protocol.status) : false;
  // The page's draft, a measurement's, a discharge's: all go with a deleted or closed protocol.
  useDropDraftsOf(id, gone || closed, gone ? draftsDe.droppedDeleted : draftsDe.droppedClosed);
  if (!id || (db && view === null)) return <ProtocolLoadFailure />;
  if (!db || !mayShow || !view) {
    return (
      <Center py="xl">
        <Loader aria-label={t.loading} />
      </Center>
    );
  }
  // Keyed: another protocol starts with a fresh form, tab and dialogs.
  return <ProtocolEditView key={view.protocol.id} view={view} />;
}

import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { minorTreatmentsDe } from '../../i18n/minorTreatments.de';
import { AwaitsRegistrationNotice } from '../lock/AwaitsRegistrationNotice';
import { MinorTreatmentDialog } from './MinorTreatmentDialog';
import { MinorTreatmentsTable } from './MinorTreatmentsTable';

const t = minorTreatmentsDe.page;

interface PageProps {
  /** /minor-treatments/new: the create dialog is open at once (docs/spec/services.md §2). */
  startOpen?: boolean;
}

function MinorTreatmentsScreen({ startOpen = false }: PageProps) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(startOpen);
  const reopen = useCallback(() => setOpened(true), []);

  const close = () => {
    setOpened(false);
    // Leaving /new, so reload or back does not open the dialog again.
    if (startOpen) void navigate('/minor-treatments', { replace: true });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t.title}</Title>
        <Button size="lg" leftSection={<IconPlus size={20} aria-hidden />} onClick={() => setOpened(true)}>
          {t.newTreatment}
        </Button>
      </Group>
      <AwaitsRegistrationNotice />
      <MinorTreatmentsTable />
      <MinorTreatmentDialog opened={opened} onClose={close} onDraftRestored={reopen} />
    </Stack>
  );
}

/** /minor-treatments: every Bagatelle of my organisations on this device, newest first. */
export function MinorTreatmentsPage() {
  return <MinorTreatmentsScreen />;
}

export function MinorTreatmentNewPage() {
  return <MinorTreatmentsScreen startOpen />;
}


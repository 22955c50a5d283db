import { Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { isProtocolOpen, patientDisplayName, protocolLabel } from '@sanidok/schema';
import { useMemo } from 'react';
import { usePatientDataOf, useServiceProtocols } from '../../data/protocolHooks';
import { de } from '../../i18n/de';
import { servicesDe } from '../../i18n/services.de';

const t = servicesDe.detail;

interface ArchiveServiceDialogProps {
  service: Service | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (service: Service) => void;
}

/** The protocols of the service still open on this device, with the patient's name (from Dexie only). */
function OpenProtocols({ serviceId }: { serviceId: string }) {
  const protocols = useServiceProtocols(serviceId);
  const open = useMemo(() => (protocols ?? []).filter((p) => isProtocolOpen(p.status)), [protocols]);
  const names = usePatientDataOf(useMemo(() => open.map((p) => p.id), [open]));
  if (protocols === undefined) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t.archiveProtocolsLoading}</Text>
      </Group>
    );
  }
  if (open.length === 0) return <Text size="sm">{t.archiveNoOpenProtocols}</Text>;
  return (
    <Stack gap="xs" data-testid="archive-open-protocols">
      <Text fw={600}>{t.archiveOpenProtocols(open.length)}</Text>
      <List spacing={4}>
        {open.map((protocol) => {
          const name = patientDisplayName(names?.get(protocol.id));
          return <List.Item key={protocol.id}>{name ? `${protocolLabel(protocol.serviceProtocolNumber)} – ${name}` : protocolLabel(protocol.serviceProtocolNumber)}</List.Item>;
        })}
      </List>
      <Text size="sm">{t.archiveSealNotice}</Text>
    </Stack>
  );
}

/**
 * The archive confirmation: lists the open protocols before the user confirms,
 * because the server seals their patient data on archiving and closes them.
 */
export function ArchiveServiceDialog({ service, pending, onCancel, onConfirm }: ArchiveServiceDialogProps) {
  return (
    <Modal opened={service !== null} onClose={onCancel} title={t.archiveTitle} closeButtonProps={{ 'aria-label': de.organizationKey.close }}>
      {service && (
        <Stack gap="md">
          <Text>{t.archiveText(service.name)}</Text>
          <OpenProtocols serviceId={service.id} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {de.organizations.cancel}
            </Button>
            <Button color="red" loading={pending} onClick={() => onConfirm(service)}>
              {servicesDe.list.archive}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

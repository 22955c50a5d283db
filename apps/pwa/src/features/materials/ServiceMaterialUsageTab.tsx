import { Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { serviceStatus } from '@sanidok/schema';
import { IconFileTypePdf, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usageListKey } from '../../data/captureMutations';
import { useUsedMaterials } from '../../data/captureHooks';
import { usePendingIds } from '../../data/hooks';
import type { LocalUsedMaterial } from '../../data/repositories/materialUsage';
import { refillUsedMaterials } from '../../data/repositories/materialUsage';
import { de } from '../../i18n/de';
import { minorTreatmentsDe } from '../../i18n/minorTreatments.de';
import { formatDateTime } from '../../lib/format';
import { useMaterialNames } from '../../lib/materialNames';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCanCapture } from '../services/captureServices';
import { describeError } from '../../lib/describeError';
import { PendingBadge } from '../../components/PendingBadge';
import type { ConfirmRequest } from '../../components/ConfirmDialog';
import { ConfirmDialog, withError } from '../../components/ConfirmDialog';
import { downloadFile } from '../../lib/download';
import { buildMaterialReport } from './materialReport';

const t = minorTreatmentsDe.usage;

type Busy = 'export' | 'clear' | number | null;

/**
 * Tab 'Materialverbrauch' of the service detail (docs/spec/services.md §2): open consumption per material from
 * the device's data, 'Aufgefüllt' per row, 'Liste leeren' after a confirmation and 'PDF Export'
 * built in the browser. All of it works offline; refills travel through the outbox.
 */
export function ServiceMaterialUsageTab({ service }: { service: Service }) {
  const rows = useMaterialNames(useUsedMaterials(service.id), 'id');
  const pending = usePendingIds();
  const writable = useCanCapture(service);
  const active = serviceStatus(service) === 'active';
  const [busy, setBusy] = useState<Busy>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const capturePath = `/materials/used?serviceId=${encodeURIComponent(service.id)}`;

  const isPending = (row: LocalUsedMaterial) => row.sourceIds.some((id) => pending.has(id)) || (row.manual && pending.has(usageListKey(service.id)));

  const refill = async (row: LocalUsedMaterial) => {
    setBusy(row.id);
    try {
      await refillUsedMaterials(service.id, row.usageIds, row.id);
      notifySuccess(t.toasts.refilled, t.toasts.refilledText(row.name));
    } catch (error) {
      notifyError(t.toasts.refillFailed, describeError(error));
    } finally {
      setBusy(null);
    }
  };

  const clear = async (shown: readonly LocalUsedMaterial[]) => {
    setBusy('clear');
    try {
      await refillUsedMaterials(service.id, shown.flatMap((r) => r.usageIds));
      setConfirm(null);
      notifySuccess(t.toasts.cleared, t.toasts.clearedText);
    } catch (error) {
      setConfirm((current) => withError(current, t.toasts.clearFailed + ': ' + describeError(error)));
    } finally {
      setBusy(null);
    }
  };

  const exportPdf = async (shown: readonly LocalUsedMaterial[]) => {
    setBusy('export');
    try {
      const file = await buildMaterialReport(service, shown);
      downloadFile(file.bytes, file.fileName, 'application/pdf');
      notifySuccess(t.toasts.exported, t.toasts.exportedText(file.fileName));
    } catch (error) {
      notifyError(t.toasts.exportFailed, describeError(error));
    } finally {
      setBusy(null);
    }
  };

  if (rows === undefined) return <Loader size="sm" aria-label={de.app.loading} />;

  const askClear = () =>
    setConfirm({ title: t.clearTitle, text: t.clearText, confirmLabel: t.clear, onConfirm: () => void clear(rows) });

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm">
        {active && writable && rows.length > 0 && (
          <Button component={Link} to={capturePath} variant="default" leftSection={<IconPlus size={18} aria-hidden />}>
            {t.capture}
          </Button>
        )}
        <Button variant="default" leftSection={<IconFileTypePdf size={18} aria-hidden />} onClick={() => void exportPdf(rows)} loading={busy === 'export'}>
          {t.exportPdf}
        </Button>
        <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden />} onClick={askClear} disabled={!writable || rows.length === 0 || busy !== null}>
          {t.clear}
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Paper withBorder p="lg">
          <Stack gap="sm" align="flex-start">
            <Text>{t.empty}</Text>
            {active && writable && (
              <Button component={Link} to={capturePath} leftSection={<IconPlus size={18} aria-hidden />}>
                {t.capture}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="sm" aria-label={t.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.columns.material}</Table.Th>
                <Table.Th ta="right">{t.columns.count}</Table.Th>
                <Table.Th>{t.columns.lastUsed}</Table.Th>
                <Table.Th w={160}>{t.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text>{row.name}</Text>
                      {row.unit && (
                        <Text size="sm" c="dimmed">
                          {row.unit}
                        </Text>
                      )}
                      {isPending(row) && <PendingBadge />}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{row.count}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.lastUsed)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="light"
                      size="sm"
                      onClick={() => void refill(row)}
                      disabled={!writable || busy !== null}
                    >
                      {t.refilled}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog request={confirm} pending={busy === 'clear'} onCancel={() => setConfirm(null)} />
    </Stack>
  );
}

import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { SelectedMaterial } from '@sanidok/schema';
import { minorTreatmentMessages } from '@sanidok/schema';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useMaterials, useService } from '../../data/hooks';
import { addUsedMaterials } from '../../data/repositories/materialUsage';
import { minorTreatmentsDe } from '../../i18n/minorTreatments.de';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCanCapture, useCaptureServices } from '../services/captureServices';
import { describeError } from '../../lib/describeError';
import { MaterialPicker } from '../../components/materialPicker/MaterialPicker';

const t = minorTreatmentsDe.usedPage;

/**
 * /materials/used?serviceId= (target of 'Material erfassen'; the spec does not show this screen).
 * Records material taken for a service without a patient, e.g. restocking a backpack: the same
 * picker and quantity rules as the treatment dialog, saved on the device only ('materialUsage.add'
 * with source 'manual'), so it works offline. Afterwards it returns to where the user came from.
 */
export function MaterialsUsedPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Material use carries no patient data: every running service, on its team or not.
  const captureServices = useCaptureServices(undefined, { teamOnly: false });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const requestedId = params.get('serviceId') ?? undefined;
  const requested = useService(requestedId);
  const only = captureServices?.length === 1 ? captureServices[0]?.id : undefined;
  const serviceId = requested ? requested.id : (chosenId ?? only ?? null);
  const fromList = captureServices?.find((s) => s.id === serviceId);
  const service = requested ?? fromList ?? null;

  const goBack = () => {
    // Back to the Materialverbrauch tab when we came from there; otherwise to the service.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(service ? `/services/${service.id}` : '/services');
  };

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t.title}</Title>
      <Text c="dimmed">{t.intro}</Text>
      {requestedId && requested === null && <Alert color="yellow">{t.notFound}</Alert>}
      {requested ? (
        <Paper withBorder p="md">
          <Text fw={600}>{requested.name}</Text>
          <Text size="sm" c="dimmed">
            {t.serviceInfo(requested.location, requested.startDate, requested.endDate)}
          </Text>
        </Paper>
      ) : (
        <Select
          label={t.service}
          placeholder={t.servicePlaceholder}
          data={(captureServices ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={serviceId}
          onChange={setChosenId}
          allowDeselect={false}
        />
      )}
      {service ? <UsedMaterialsForm key={service.id} service={service} onDone={goBack} /> : null}
      {!service && (
        <Group justify="flex-end">
          <Button variant="default" onClick={goBack}>
            {t.cancel}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type CaptureService = NonNullable<ReturnType<typeof useService>>;

function UsedMaterialsForm({ service, onDone }: { service: CaptureService; onDone: () => void }) {
  const catalogue = useMaterials(service.organizationId);
  const writable = useCanCapture(service);
  const [selection, setSelection] = useState<SelectedMaterial[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (saving) return;
    if (selection.length === 0) {
      setError(minorTreatmentMessages.noMaterials);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      await addUsedMaterials(service.id, selection.map(({ id, quantity }) => ({ id, quantity })));
      notifySuccess(t.saved, t.savedText(selection.length));
      setSelection([]);
      onDone();
    } catch (failure) {
      // The selection stays on screen for another try.
      notifyError(t.saveFailed, describeError(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        {!writable && <Alert color="red">{minorTreatmentsDe.serviceTab.readOnly}</Alert>}
        <MaterialPicker catalogue={catalogue} selection={selection} onChange={setSelection} error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={saving || !writable} miw={140}>
            {saving ? t.saving : t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { protocolFieldLabels } from '@sanidok/schema';
import type { UseFormReturn } from 'react-hook-form';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';
import { TreatmentEditor } from '../treatment/TreatmentEditor';
import type { ProtocolEditValues } from './protocolEditForm';

interface TreatmentTabProps {
  form: UseFormReturn<ProtocolEditValues>;
  view: ProtocolView;
  readOnly: boolean;
}

/**
 * Tab Behandlung: the treatment documentation editor (its entries are saved one by one as they
 * are added) and the two helpers, saved with 'Speichern'.
 */
export function TreatmentTab({ form, view, readOnly }: TreatmentTabProps) {
  const { errors } = form.formState;
  return (
    <Stack gap="lg">
      <TreatmentEditor view={view} editable={!readOnly} />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {protocolEditDe.treatment.helpersTitle}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={protocolFieldLabels.helper1} readOnly={readOnly} size="md" autoComplete="off" error={errors.helper1?.message} {...form.register('helper1')} />
            <TextInput label={protocolFieldLabels.helper2} readOnly={readOnly} size="md" autoComplete="off" error={errors.helper2?.message} {...form.register('helper2')} />
          </SimpleGrid>
        </Stack>
      </Paper>
    </Stack>
  );
}

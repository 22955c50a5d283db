import { SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { servicesDe } from '../../i18n/services.de';

const t = servicesDe.form;

type PeriodField = 'startDate' | 'startTime' | 'endDate' | 'endTime';

interface PeriodFieldsProps {
  register: Record<PeriodField, UseFormRegisterReturn>;
  errors: Partial<Record<PeriodField, string | undefined>>;
}

/**
 * Start and end as native date and time inputs: the tablet's own pickers work offline, need no
 * library and give yyyy-MM-dd / HH:mm, read as German wall time (berlinTime.ts).
 */
export function PeriodFields({ register, errors }: PeriodFieldsProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput type="date" label={t.startDate} required error={errors.startDate} {...register.startDate} />
        <TextInput type="time" label={t.startTime} required error={errors.startTime} {...register.startTime} />
        <TextInput type="date" label={t.endDate} required error={errors.endDate} {...register.endDate} />
        <TextInput type="time" label={t.endTime} required error={errors.endTime} {...register.endTime} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-6}>
        {t.timeHint}
      </Text>
    </>
  );
}

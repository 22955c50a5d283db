import { SimpleGrid, Text, TextInput } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { servicesDe } from '../../i18n/services.de';

const t = servicesDe.form;

type PeriodField = 'startDate' | 'startTime' | 'endDate' | 'endTime';

type PeriodValues = Record<PeriodField, string>;

interface PeriodFieldsProps<T extends FieldValues & PeriodValues> {
  /** The create or edit form; both carry the four period fields. */
  form: UseFormReturn<T>;
}

/**
 * Start and end as native date and time inputs: the tablet's own pickers work offline, need no
 * library and give yyyy-MM-dd / HH:mm, read as German wall time (berlinTime.ts).
 */
export function PeriodFields<T extends FieldValues & PeriodValues>({ form }: PeriodFieldsProps<T>) {
  const field = (name: PeriodField) => {
    const path = name as Path<T>;
    const error = form.formState.errors[name]?.message;
    return { error: typeof error === 'string' ? error : undefined, ...form.register(path) };
  };
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput type="date" label={t.startDate} required {...field('startDate')} />
        <TextInput type="time" label={t.startTime} required {...field('startTime')} />
        <TextInput type="date" label={t.endDate} required {...field('endDate')} />
        <TextInput type="time" label={t.endTime} required {...field('endTime')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-6}>
        {t.timeHint}
      </Text>
    </>
  );
}

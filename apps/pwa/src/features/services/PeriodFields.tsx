import { SimpleGrid, Text } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { GermanDateInput } from '../../components/dates/GermanDateInput';
import { GermanTimeInput } from '../../components/dates/GermanTimeInput';
import { servicesDe } from '../../i18n/services.de';

const t = servicesDe.form;

type PeriodField = 'startDate' | 'startTime' | 'endDate' | 'endTime';

type PeriodValues = Record<PeriodField, string>;

interface PeriodFieldsProps<T extends FieldValues & PeriodValues> {
  /** The create or edit form; both carry the four period fields. */
  form: UseFormReturn<T>;
}

/**
 * Start and end as German date and time fields (the native inputs followed the
 * browser's language). They keep yyyy-MM-dd / HH:mm, read as German wall time (berlinTime.ts).
 */
export function PeriodFields<T extends FieldValues & PeriodValues>({ form }: PeriodFieldsProps<T>) {
  const error = (name: PeriodField) => {
    const message = form.formState.errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };
  const date = (name: 'startDate' | 'endDate', label: string) => (
    <Controller
      control={form.control}
      name={name as Path<T>}
      render={({ field }) => (
        <GermanDateInput label={label} required value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} error={error(name)} />
      )}
    />
  );
  const time = (name: 'startTime' | 'endTime', label: string) => (
    <Controller
      control={form.control}
      name={name as Path<T>}
      render={({ field }) => (
        <GermanTimeInput label={label} required value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} name={field.name} hoursRef={field.ref} error={error(name)} />
      )}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {date('startDate', t.startDate)}
        {time('startTime', t.startTime)}
        {date('endDate', t.endDate)}
        {time('endTime', t.endTime)}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-6}>
        {t.timeHint}
      </Text>
    </>
  );
}

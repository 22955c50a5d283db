import type { DateInputProps } from '@mantine/dates';
import { DateInput } from '@mantine/dates';
import { parseTypedDateTime } from '@sanidok/schema';

export interface GermanDateTimeInputProps extends Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'defaultValue' | 'withTime'> {
  /** `YYYY-MM-DDTHH:mm` (German wall time), or '' for none: what the native date-time input gave. */
  value: string;
  onChange: (value: string) => void;
}

// @mantine/dates keeps a date with a time as `YYYY-MM-DD HH:mm:ss`.
const toPicker = (value: string) => (value === '' ? null : `${value.replace('T', ' ')}:00`);
const fromPicker = (value: string | null) => (value ? value.slice(0, 16).replace(' ', 'T') : '');

/**
 * A date with a time (incident time): TT.MM.JJJJ HH:MM whatever the browser's language,
 * typed as `14.03.2026 13:45` or `14032026 1345`, or the day picked from the German calendar.
 */
export function GermanDateTimeInput({ value, onChange, ...props }: GermanDateTimeInputProps) {
  return (
    <DateInput
      withTime
      valueFormat="DD.MM.YYYY HH:mm"
      dateParser={(text) => {
        const parsed = parseTypedDateTime(text);
        return parsed ? toPicker(parsed) : null;
      }}
      placeholder="TT.MM.JJJJ HH:MM"
      autoComplete="off"
      allowDeselect
      value={toPicker(value)}
      onChange={(next) => onChange(fromPicker(next))}
      {...props}
    />
  );
}

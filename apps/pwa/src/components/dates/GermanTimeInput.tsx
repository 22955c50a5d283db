import type { TimePickerProps } from '@mantine/dates';
import { TimePicker } from '@mantine/dates';

export interface GermanTimeInputProps extends Omit<TimePickerProps, 'value' | 'onChange' | 'format' | 'withSeconds' | 'defaultValue'> {
  /** `HH:mm`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The field's label; the minutes input is named after it. */
  label: string;
}

/**
 * Every time-of-day field: 24 hours, hours and minutes typed one after the other
 * (two digits move on to the minutes), whatever the browser's language; the native time input
 * showed '10:00 AM' on a tablet set to English. The value stays `HH:mm`.
 */
export function GermanTimeInput({ value, onChange, label, ...props }: GermanTimeInputProps) {
  return (
    <TimePicker
      format="24h"
      label={label}
      value={value}
      onChange={onChange}
      minutesInputLabel={`Minuten (${label})`}
      hoursPlaceholder="HH"
      minutesPlaceholder="MM"
      {...props}
    />
  );
}

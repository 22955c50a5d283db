import type { DateInputProps } from '@mantine/dates';
import { DateInput } from '@mantine/dates';
import { parseTypedDate } from '@sanidok/schema';
import { forwardRef, useState } from 'react';

export interface GermanDateInputProps extends Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'defaultValue'> {
  /** `YYYY-MM-DD`, or '' for none (the forms' value). */
  value: string;
  onChange: (value: string) => void;
}

/**
 * Every date field of the app: shown as TT.MM.JJJJ whatever the browser's language,
 * typed as `14031958` or `14.03.1958` (packages/schema `parseTypedDate`), or picked from a German
 * calendar (DatesProvider in app/AppProviders.tsx). The value stays `YYYY-MM-DD`, as the native
 * date input gave it. Invalid text is put back to the last valid date when the field is left.
 * A fully typed date closes the calendar: open, it lay over the next field (the time on the
 * service form), and a tap there landed in the calendar. A tap or focus on the field opens it again.
 */
export const GermanDateInput = forwardRef<HTMLInputElement, GermanDateInputProps>(function GermanDateInput({ value, onChange, onFocus, onClick, popoverProps, ...props }, ref) {
  const [typed, setTyped] = useState(false);
  return (
    <DateInput
      ref={ref}
      valueFormat="DD.MM.YYYY"
      dateParser={parseTypedDate}
      placeholder="TT.MM.JJJJ"
      inputMode="numeric"
      autoComplete="off"
      allowDeselect
      value={value === '' ? null : value}
      onChange={(next) => {
        // Typing calls this only with a complete date; a tap in the calendar closes it anyway.
        setTyped(next !== null);
        onChange(next ?? '');
      }}
      onFocus={(event) => {
        setTyped(false);
        onFocus?.(event);
      }}
      onClick={(event) => {
        setTyped(false);
        onClick?.(event);
      }}
      popoverProps={{ withinPortal: true, ...popoverProps, ...(typed ? { opened: false } : {}) }}
      {...props}
    />
  );
});

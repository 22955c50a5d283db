import { de } from '../i18n/de';

// One formatter for the whole app: de-DE, dd.MM.yyyy HH:mm, always Berlin time — a protocol read
// on a device set to another zone must show the same wall-clock time as on the medic's tablet.
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}

/** dd.MM.yyyy HH:mm in Europe/Berlin; 'Ungültiges Datum' for anything unparsable. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return de.errors.invalidDate;
  const p = parts(dateTimeFormat, date);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** dd.MM.yyyy in Europe/Berlin; 'Ungültiges Datum' for anything unparsable. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return de.errors.invalidDate;
  const p = parts(dateFormat, date);
  return `${p.day}.${p.month}.${p.year}`;
}

/**
 * Date display of the whole product (spec: de-DE, dd.MM.yyyy HH:mm), always in Europe/Berlin:
 * a protocol read on a device in another zone, or printed by the server, shows the medic's
 * wall-clock time.
 */
import { germanTimeZone } from './berlinTime';

export const invalidDateText = 'Ungültiges Datum';

/**
 * Formatters built on first use: building an Intl.DateTimeFormat loads its locale and zone data,
 * about 140 ms at a mobile CPU for these four on a page load that shows no date yet (the lock
 * screen; docs/benchmarks.md "Lighthouse on the signed-in pages").
 */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | null = null;
  return () => (format ??= new Intl.DateTimeFormat(locale, options));
}

const dateTimeFormat = lazyFormat('de-DE', {
  timeZone: germanTimeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});
const dateFormat = lazyFormat('de-DE', { timeZone: germanTimeZone, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = lazyFormat('de-DE', { timeZone: germanTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export type DateInput = Date | string | number | null | undefined;

export function toValidDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}

export function formatDateTime(value: DateInput): string {
  const date = toValidDate(value);
  if (!date) return invalidDateText;
  const p = parts(dateTimeFormat(), date);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

export function formatDate(value: DateInput): string {
  const date = toValidDate(value);
  if (!date) return invalidDateText;
  const p = parts(dateFormat(), date);
  return `${p.day}.${p.month}.${p.year}`;
}

export function formatTime(value: DateInput): string {
  const date = toValidDate(value);
  if (!date) return invalidDateText;
  const p = parts(timeFormat(), date);
  return `${p.hour}:${p.minute}`;
}

/**
 * Dates and times as a German medic types them, turned into the wall-clock strings the
 * forms keep: `YYYY-MM-DD`, `HH:mm`, `YYYY-MM-DDTHH:mm`. Years have four digits: a two-digit year
 * of birth would need a guess of the century. Impossible dates (31.02.) are null.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(day: number, month: number, year: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one.
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const germanDate = /^(\d{1,2})[.\-/ ](\d{1,2})[.\-/ ](\d{4})$/;
const packedDate = /^(\d{2})(\d{2})(\d{4})$/;
const isoDateText = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `14031958`, `14.03.1958`, `14.3.1958`, `14-03-1958`, `14/03/1958`, `1958-03-14` → `1958-03-14`; else null. */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const german = germanDate.exec(value) ?? packedDate.exec(value);
  if (german) return isoDate(Number(german[1]), Number(german[2]), Number(german[3]));
  const iso = isoDateText.exec(value);
  return iso ? isoDate(Number(iso[3]), Number(iso[2]), Number(iso[1])) : null;
}

const separatedTime = /^(\d{1,2})[:.](\d{2})$/;
const packedTime = /^(\d{2})(\d{2})$/;

/** `13:45`, `13.45`, `1345`, `9:05` → `13:45` / `09:05`; else null. */
export function parseTypedTime(text: string): string | null {
  const value = text.trim().replace(/\s*Uhr$/i, '');
  const match = separatedTime.exec(value) ?? packedTime.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours <= 23 && minutes <= 59 ? `${pad(hours)}:${pad(minutes)}` : null;
}

/** `14.03.2026 13:45`, `14032026 1345`, `2026-03-14T13:45` → `2026-03-14T13:45`; else null. */
export function parseTypedDateTime(text: string): string | null {
  const [datePart, timePart, ...rest] = text.trim().split(/[\sT]+/);
  if (!datePart || !timePart || rest.length > 0) return null;
  const date = parseTypedDate(datePart);
  const time = parseTypedTime(timePart);
  return date && time ? `${date}T${time}` : null;
}

/**
 * Wall-clock time in Germany, the one place of the product that does time-zone arithmetic
 * (docs/spec/design.md §7: Europe/Berlin). The medic types and reads Berlin time whatever zone the
 * device, the owner's browser or the server is set to; forms, MANV times, treatment entries, the
 * FHIR export, ages and statistics months all go through here. Display formats (dd.MM.yyyy HH:mm)
 * are in ./format.ts.
 */
export const germanTimeZone = 'Europe/Berlin';

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}
type Wall = WallParts & { second: number };

let partsFormat: Intl.DateTimeFormat | null = null;

/** Built on first use: building an Intl.DateTimeFormat costs time on a page that shows no time (./format.ts). */
function wallOf(instant: number): Wall {
  partsFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: germanTimeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  });
  const p = Object.fromEntries(partsFormat.formatToParts(new Date(instant)).map((x) => [x.type, Number(x.value)]));
  return { year: p.year ?? 0, month: p.month ?? 1, day: p.day ?? 1, hour: p.hour ?? 0, minute: p.minute ?? 0, second: p.second ?? 0 };
}

/** Berlin's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function offsetAt(instant: number): number {
  const w = wallOf(instant);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (w: Pick<WallParts, 'year' | 'month' | 'day'>) => `${String(w.year)}-${pad(w.month)}-${pad(w.day)}`;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(\d{2}):(\d{2})$/;

function parseWall(date: string, time: string): WallParts | null {
  const d = datePattern.exec(date);
  const t = timePattern.exec(time);
  if (!d || !t) return null;
  const parts = { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(t[1]), minute: Number(t[2]) };
  if (parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.hour > 23 || parts.minute > 59) return null;
  // Rejects 31.02. and the like: the calendar must give the same day back.
  const check = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  if (check.getUTCDate() !== parts.day || check.getUTCMonth() !== parts.month - 1) return null;
  return parts;
}

function wallToInstant(wall: WallParts): number {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Berlin's offset a day before and after covers both sides of any change on that day.
  const offsets = [...new Set([offsetAt(naive - 86_400_000), offsetAt(naive + 86_400_000), offsetAt(naive)])];
  const matches = offsets
    .map((offset) => naive - offset)
    .filter((instant) => {
      const p = wallOf(instant);
      return p.year === wall.year && p.month === wall.month && p.day === wall.day && p.hour === wall.hour && p.minute === wall.minute;
    })
    .sort((a, b) => a - b);
  return matches[0] ?? naive - Math.min(...offsets);
}

/**
 * Berlin wall time (yyyy-MM-dd, HH:mm) → ISO instant (UTC, `…Z`); null for an impossible date or time.
 * - Autumn (the hour 02:00–03:00 happens twice): the first occurrence, summer time, is taken.
 * - Spring (02:00–03:00 does not exist): the time is read with the winter offset, i.e. 02:30
 *   becomes 03:30 summer time, as a clock that was not yet turned forward would mean it.
 */
export function berlinWallTimeToIso(date: string, time: string): string | null {
  const wall = parseWall(date, time);
  return wall ? new Date(wallToInstant(wall)).toISOString() : null;
}

/** ISO instant → the Berlin date and time fields of a form; empty fields for an invalid value. */
export function isoToBerlinParts(iso: string | null | undefined): { date: string; time: string } {
  const instant = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(instant)) return { date: '', time: '' };
  const w = wallOf(instant);
  return { date: dayText(w), time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** The calendar day of a moment on the medic's wall clock, yyyy-MM-dd. */
export function berlinDay(at: Date): string {
  return dayText(wallOf(at.getTime()));
}

/** HH:MM of a moment on the medic's wall clock, for a new entry's time field. */
export function currentTimeOfDay(at: Date = new Date()): string {
  return isoToBerlinParts(at.toISOString()).time;
}

/** The month an instant falls in, in Germany: 'YYYY-MM' (statistics group by it); '' for no date. */
export function berlinMonth(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const instant = new Date(value).getTime();
  if (Number.isNaN(instant)) return '';
  const w = wallOf(instant);
  return `${String(w.year)}-${pad(w.month)}`;
}

/**
 * The last instant, at most `aheadMinutes` from now, whose Berlin wall clock reads `time` (HH:mm):
 * a time typed after the fact means today, or yesterday when today's would lie in the future
 * (a MANV departure at 23:50 entered at 00:05). Null for an impossible time.
 */
export function latestBerlinInstantAt(time: string, now: Date, aheadMinutes = 5): string | null {
  const limit = now.getTime() + aheadMinutes * 60_000;
  const candidate = berlinWallTimeToIso(berlinDay(now), time);
  if (!candidate) return null;
  if (Date.parse(candidate) <= limit) return candidate;
  return berlinWallTimeToIso(berlinDay(new Date(Date.parse(candidate) - 86_400_000)), time);
}

/** An ISO instant as a FHIR dateTime in Berlin time with its offset (`2026-11-24T15:06:00+01:00`); the input unchanged when it is no date. */
export function berlinDateTime(iso: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  const w = wallOf(instant);
  const offset = Math.round(offsetAt(instant) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${dayText(w)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/**
 * A treatment entry's moment: HH:MM on the Berlin calendar day the entry was written down
 * (`writtenAt`), the day before when that would lie more than 12 h after the writing (an entry
 * made after midnight for a measure before it), as a FHIR dateTime. Null when either is unreadable.
 */
export function berlinTimeOnDayOf(time: string, writtenAt: string): string | null {
  const written = Date.parse(writtenAt);
  if (!timePattern.test(time) || Number.isNaN(written)) return null;
  const sameDay = berlinWallTimeToIso(berlinDay(new Date(written)), time);
  if (sameDay === null) return null;
  const at = Date.parse(sameDay) - written > 12 * 3_600_000 ? berlinWallTimeToIso(berlinDay(new Date(written - 86_400_000)), time) : sameDay;
  return at === null ? null : berlinDateTime(at);
}

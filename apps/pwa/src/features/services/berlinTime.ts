/**
 * The medic types wall-clock time in Germany (docs/spec/design.md §7: Europe/Berlin), whatever zone the device
 * is set to. These helpers turn a date field (yyyy-MM-dd) and a time field (HH:mm) into the ISO
 * instant the server stores, and back for the edit form.
 */

const zone = 'Europe/Berlin';

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: zone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallParts(instant: number): WallParts & { second: number } {
  const p = Object.fromEntries(partsFormat.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour), minute: Number(p.minute), second: Number(p.second) };
}

/** Offset of Berlin from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function offsetAt(instant: number): number {
  const p = wallParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

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

/**
 * Berlin wall time → ISO instant (UTC, `…Z`); null for an impossible date or time.
 * - Autumn (the hour 02:00–03:00 happens twice): the first occurrence, summer time, is taken.
 * - Spring (02:00–03:00 does not exist): the time is read with the winter offset, i.e. 02:30
 *   becomes 03:30 summer time, as a clock that was not yet turned forward would mean it.
 */
export function berlinWallTimeToIso(date: string, time: string): string | null {
  const wall = parseWall(date, time);
  if (!wall) return null;
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Berlin's offset a day before and after covers both sides of any change on that day.
  const offsets = [...new Set([offsetAt(naive - 86_400_000), offsetAt(naive + 86_400_000), offsetAt(naive)])];
  const matches = offsets
    .map((offset) => naive - offset)
    .filter((instant) => {
      const p = wallParts(instant);
      return p.year === wall.year && p.month === wall.month && p.day === wall.day && p.hour === wall.hour && p.minute === wall.minute;
    })
    .sort((a, b) => a - b);
  const instant = matches[0] ?? naive - Math.min(...offsets);
  return new Date(instant).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant → the Berlin date and time fields of a form; empty fields for an invalid value. */
export function isoToBerlinParts(iso: string | null | undefined): { date: string; time: string } {
  const instant = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(instant)) return { date: '', time: '' };
  const p = wallParts(instant);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/**
 * The last instant, at most `aheadMinutes` from now, whose Berlin wall clock reads `time` (HH:mm):
 * a time typed after the fact means today, or yesterday when today's would lie in the future
 * (a MANV departure at 23:50 entered at 00:05). Null for an impossible time.
 */
export function latestBerlinInstantAt(time: string, now: Date, aheadMinutes = 5): string | null {
  const limit = now.getTime() + aheadMinutes * 60_000;
  const today = isoToBerlinParts(now.toISOString()).date;
  const candidate = berlinWallTimeToIso(today, time);
  if (!candidate) return null;
  if (Date.parse(candidate) <= limit) return candidate;
  const yesterday = isoToBerlinParts(new Date(Date.parse(candidate) - 86_400_000).toISOString()).date;
  return berlinWallTimeToIso(yesterday, time);
}

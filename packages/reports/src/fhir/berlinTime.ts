/**
 * Times of the FHIR export in Europe/Berlin, whatever zone the exporting device is set to
 * (docs/decisions.md "FHIR export: times in Europe/Berlin"): instants are written with Berlin's
 * offset (`2026-11-24T15:06:00+01:00`), and a treatment entry's HH:MM, typed as the medic's wall
 * clock in Germany, is read as Berlin time.
 */
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

interface Wall { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallOf(instant: number): Wall {
  const p = Object.fromEntries(parts.formatToParts(new Date(instant)).map((x) => [x.type, Number(x.value)]));
  return { year: p.year ?? 0, month: p.month ?? 1, day: p.day ?? 1, hour: p.hour ?? 0, minute: p.minute ?? 0, second: p.second ?? 0 };
}

/** Berlin's offset from UTC at an instant, in minutes (60 in winter, 120 in summer). */
function offsetMinutes(instant: number): number {
  const w = wallOf(instant);
  return Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as FHIR dateTime/instant in Berlin time with its offset; the input unchanged when it is no date. */
export function berlinDateTime(iso: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  const w = wallOf(instant);
  const offset = offsetMinutes(instant);
  const sign = offset < 0 ? '-' : '+';
  return `${String(w.year)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** The instant Berlin's wall clock reads hour:minute on a calendar day; in the autumn overlap the earlier one, in the spring gap the winter reading. */
function berlinInstant(day: Pick<Wall, 'year' | 'month' | 'day'>, hour: number, minute: number): number {
  const naive = Date.UTC(day.year, day.month - 1, day.day, hour, minute);
  // Berlin's offsets a day before and after cover a change of offset on that day.
  const candidates = [offsetMinutes(naive - 86_400_000), offsetMinutes(naive + 86_400_000)].map((offset) => naive - offset * 60_000);
  const exact = candidates.filter((c) => wallOf(c).hour === hour && wallOf(c).minute === minute);
  return exact.length ? Math.min(...exact) : Math.max(...candidates);
}

/**
 * A treatment entry's moment: HH:MM on the Berlin calendar day the entry was written down
 * (`writtenAt`), the day before when that would lie more than 12 h after the writing (an entry
 * made after midnight for a measure before it). Null when either is unreadable.
 */
export function berlinTimeOnDayOf(time: string, writtenAt: string): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  const written = Date.parse(writtenAt);
  if (!match || Number.isNaN(written)) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  let at = berlinInstant(wallOf(written), hour, minute);
  if (at - written > 12 * 3_600_000) at = berlinInstant(wallOf(written - 86_400_000), hour, minute);
  return berlinDateTime(new Date(at).toISOString());
}

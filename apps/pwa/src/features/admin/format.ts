import { formatDate, formatDateTime } from '../../lib/format';

/** "01.06.2026 10:00 – 01.06.2026 18:00"; a missing value reads '–'. */
export function formatPeriod(start: string | null, end: string | null): string {
  if (!start || !end) return '–';
  return `${formatDateTime(start)} – ${formatDateTime(end)}`;
}

export { formatDate, formatDateTime };

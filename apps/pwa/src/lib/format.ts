/**
 * Date display of the app: the shared rule of packages/schema (de-DE, dd.MM.yyyy HH:mm, always
 * Europe/Berlin, 'Ungültiges Datum' for anything unparsable), so screens, prints and the server's
 * PDF export show the same wall-clock time.
 */
export { formatDate, formatDateTime, formatTime } from '@sanidok/schema';

/**
 * The one CSV writer of the product (docs/decisions.md "CSV: one writer, one table per file"):
 * every export that a spreadsheet or a parser reads goes through it, on the device and the server.
 *
 * - UTF-8 with a byte order mark and `;` between cells: German Excel opens it with umlauts intact.
 * - RFC 4180 quoting: a cell holding `;`, `"`, CR or LF is quoted, inner quotes doubled; CRLF ends
 *   every record.
 * - Formula escaping: a text cell starting with `=`, `+`, `-`, `@`, tab or CR gets an apostrophe in
 *   front, so `-0003` stays the tag number and `=cmd|…` never runs (CSV injection). Numbers the
 *   product itself writes (`number` cells) are not touched: they stay usable as numbers. A column
 *   that must stay text (tag numbers) marks its cells with `csvText`: '0003' gets the apostrophe too,
 *   '17' (unchanged as a number) does not.
 * - One rectangular table: every row must have as many cells as the header, or the writer throws
 *   (a programming error, never a user's input).
 */
/** A text that must stay text although a spreadsheet would read it as a number or date (tag '0003'). */
export interface CsvText {
  readonly text: string;
}
export type CsvValue = string | number | CsvText | null | undefined;

export const csvText = (text: string): CsvText => ({ text });

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[;"\r\n]/;
/**
 * Digits with the separators of numbers, dates and times: what Excel converts on opening. A plain
 * whole number without a leading zero ('17') survives that unchanged and is left alone.
 */
const looksNumeric = /^[\d\s.,:/]*\d[\d\s.,:/]*$/;
const survivesAsNumber = /^[1-9]\d{0,14}$/;

/** One cell as written into the file. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const raw = typeof value === 'string' ? value : value.text;
  const keepAsText = typeof value !== 'string' && looksNumeric.test(raw) && !survivesAsNumber.test(raw);
  const text = formulaStart.test(raw) || keepAsText ? `'${raw}` : raw;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header row, then the rows, each exactly as wide as the header. */
export function csvTable(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row, index) => {
    if (row.length !== header.length) throw new Error(`CSV row ${index} has ${row.length} cells, the header ${header.length}`);
    return row.map(csvCell).join(';');
  });
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

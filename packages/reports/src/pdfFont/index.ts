import { jsPDF } from 'jspdf';
import type { jsPDFOptions } from 'jspdf';
import type { UserOptions } from 'jspdf-autotable';
import { autoTable } from 'jspdf-autotable';
import type * as NotoSansData from './notoSansData';

/**
 * Every PDF of the product starts here (docs/decisions.md "PDF: one embedded Unicode font"): jsPDF's
 * standard fonts know Latin-1 only, so 'Yılmaz' printed as 'Y1lmaz' and 'SpO₂' broke. Noto Sans,
 * regular and bold (table heads), is embedded instead; jsPDF writes only the glyphs a document uses.
 * The font data (~120 KB gzip per face) is imported on the first PDF only, so the PWA's reports
 * chunk and first load stay without it.
 */
export const pdfFontFamily = 'NotoSans';

let fontData: Promise<typeof NotoSansData> | undefined;

export async function createPdf(options: jsPDFOptions): Promise<jsPDF> {
  fontData ??= import('./notoSansData');
  const { notoSansBold, notoSansRanges, notoSansRegular } = await fontData;
  // Only the fonts a page uses go into the file: no unembedded Helvetica beside Noto Sans.
  const doc = new jsPDF({ ...options, putOnlyUsedFonts: true });
  doc.addFileToVFS('NotoSans-Regular.ttf', notoSansRegular);
  doc.addFileToVFS('NotoSans-Bold.ttf', notoSansBold);
  // Three arguments: jsPDF then encodes Identity-H (any glyph); a weight would rename the style.
  doc.addFont('NotoSans-Regular.ttf', pdfFontFamily, 'normal');
  doc.addFont('NotoSans-Bold.ttf', pdfFontFamily, 'bold');
  doc.setFont(pdfFontFamily, 'normal');
  markMissingLetters(doc, notoSansRanges);
  return doc;
}

/**
 * A letter outside the subset (Arabic, Chinese …) would print as nothing: a name would silently
 * lose letters. Every text, the tables' too (jspdf-autotable draws through doc.text), prints such
 * a letter as '?' instead, so a reader sees that something is missing.
 */
function markMissingLetters(doc: jsPDF, ranges: readonly (readonly [number, number])[]): void {
  const covered = (char: string) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x20 || ranges.some(([first, last]) => code >= first && code <= last);
  };
  const mark = (text: string) => Array.from(text, (char) => (covered(char) ? char : '?')).join('');
  const text = doc.text.bind(doc);
  doc.text = ((value: string | string[], ...rest: unknown[]) =>
    (text as (...args: unknown[]) => jsPDF)(typeof value === 'string' ? mark(value) : value.map(mark), ...rest)) as typeof doc.text;
}

/** A table in Noto Sans: jspdf-autotable would otherwise fall back to Helvetica (Latin-1 only). */
export function pdfTable(doc: jsPDF, options: UserOptions): void {
  autoTable(doc, { ...options, styles: { font: pdfFontFamily, ...options.styles } });
}

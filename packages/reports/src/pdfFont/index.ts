import { jsPDF } from 'jspdf';
import type { jsPDFOptions } from 'jspdf';
import type { UserOptions } from 'jspdf-autotable';
import { autoTable } from 'jspdf-autotable';

/**
 * Every PDF of the product starts here (docs/decisions.md "PDF: one embedded Unicode font"): jsPDF's
 * standard fonts know Latin-1 only, so 'Yılmaz' printed as 'Y1lmaz' and 'SpO₂' broke. Noto Sans,
 * regular and bold (table heads), is embedded instead; jsPDF writes only the glyphs a document uses.
 * The font data (~120 KB gzip per face) is imported on the first PDF only, so the PWA's reports
 * chunk and first load stay without it.
 */
export const pdfFontFamily = 'NotoSans';

let fontData: Promise<typeof import('./notoSansData')> | undefined;

export async function createPdf(options: jsPDFOptions): Promise<jsPDF> {
  fontData ??= import('./notoSansData');
  const { notoSansBold, notoSansRegular } = await fontData;
  // Only the fonts a page uses go into the file: no unembedded Helvetica beside Noto Sans.
  const doc = new jsPDF({ ...options, putOnlyUsedFonts: true });
  doc.addFileToVFS('NotoSans-Regular.ttf', notoSansRegular);
  doc.addFileToVFS('NotoSans-Bold.ttf', notoSansBold);
  // Three arguments: jsPDF then encodes Identity-H (any glyph); a weight would rename the style.
  doc.addFont('NotoSans-Regular.ttf', pdfFontFamily, 'normal');
  doc.addFont('NotoSans-Bold.ttf', pdfFontFamily, 'bold');
  doc.setFont(pdfFontFamily, 'normal');
  return doc;
}

/** A table in Noto Sans: jspdf-autotable would otherwise fall back to Helvetica (Latin-1 only). */
export function pdfTable(doc: jsPDF, options: UserOptions): void {
  autoTable(doc, { ...options, styles: { font: pdfFontFamily, ...options.styles } });
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function pdfFile(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sanidok-pdf-')), 'report.pdf');
  writeFileSync(file, bytes);
  return file;
}

/** The text a reader copies out of the PDF (poppler's pdftotext, keeping the layout). */
export const pdfText = (bytes: Uint8Array): string => execFileSync('pdftotext', ['-layout', pdfFile(bytes), '-'], { encoding: 'utf8' });

/** poppler's pdffonts: one line per font with its name, type, encoding and whether it is embedded. */
export const pdfFonts = (bytes: Uint8Array): string => execFileSync('pdffonts', [pdfFile(bytes)], { encoding: 'utf8' });

import type { ArchivedProtocolResult, ArchiveServiceItem } from '@sanidok/schema';
import { apiSend } from '../../api/client';
import { archiveDe } from '../../i18n/de';
import { formatDate, formatDateTime } from '../../lib/format';
import { protocolSections } from './protocolSections';

const t = archiveDe.print;

export interface PrintInput {
  organizationName: string;
  service: ArchiveServiceItem;
  keyFingerprint: string;
  decryptedAt: string;
  protocols: ArchivedProtocolResult[];
}

// Inline styles are allowed by the CSP (style-src 'unsafe-inline'); scripts are not, and none run
// in the print window: this module builds its document from the app's own bundle.
const css = `
  body { font: 11pt/1.4 system-ui, sans-serif; color: #111; margin: 24px; }
  header { border-bottom: 2px solid #008542; margin-bottom: 16px; padding-bottom: 8px; }
  h1 { font-size: 16pt; margin: 0 0 4px; }
  h2 { font-size: 14pt; margin: 0 0 8px; }
  h3 { font-size: 11pt; margin: 14px 0 4px; color: #006633; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; vertical-align: top; padding: 2px 8px 2px 0; border-bottom: 1px solid #ddd; }
  th { width: 34%; font-weight: 600; }
  .protocol { page-break-after: always; break-after: page; margin-bottom: 32px; }
  .protocol:last-of-type { page-break-after: auto; break-after: auto; }
  .meta, footer { color: #555; font-size: 9pt; }
  .toolbar { margin-bottom: 16px; }
  .toolbar button { font-size: 12pt; padding: 8px 20px; }
  @media print { .toolbar { display: none; } body { margin: 0; } }
`;

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, textContent?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (textContent !== undefined) node.textContent = textContent;
  if (className) node.className = className;
  return node;
}

function rowsTable(doc: Document, rows: { label: string; value: string }[]): HTMLTableElement {
  const table = element(doc, 'table');
  const body = element(doc, 'tbody');
  for (const row of rows) {
    const tr = element(doc, 'tr');
    tr.append(element(doc, 'th', row.label), element(doc, 'td', row.value));
    body.append(tr);
  }
  table.append(body);
  return table;
}

/** Fills `doc` with the full print view of the protocols (text nodes only: no markup injection). */
export function renderPrintDocument(doc: Document, input: PrintInput): void {
  doc.documentElement.lang = 'de';
  doc.head.replaceChildren(element(doc, 'style', css), element(doc, 'title', t.documentTitle(input.service.name)));

  const toolbar = element(doc, 'div', undefined, 'toolbar');
  const button = element(doc, 'button', t.printButton);
  button.type = 'button';
  button.addEventListener('click', () => doc.defaultView?.print());
  toolbar.append(button);

  const sections = input.protocols.map((protocol) => {
    const view = protocolSections(protocol);
    const section = element(doc, 'section', undefined, 'protocol');
    const header = element(doc, 'header');
    header.append(
      element(doc, 'h1', t.heading),
      element(doc, 'div', `${input.organizationName} · ${input.service.name} · ${input.service.location}`, 'meta'),
      element(doc, 'div', `${formatDate(input.service.startDate)} – ${formatDate(input.service.endDate)}`, 'meta'),
    );
    section.append(header, element(doc, 'h2', `${view.heading}: ${view.patientName}`));
    for (const block of view.blocks) section.append(element(doc, 'h3', block.title), rowsTable(doc, block.rows));
    section.append(element(doc, 'h3', archiveDe.sections.treatments));
    section.append(
      view.treatments.length
        ? rowsTable(doc, view.treatments.map((e) => ({ label: e.time, value: `${e.text} (${e.performer})` })))
        : element(doc, 'p', archiveDe.noTreatments),
    );
    section.append(element(doc, 'h3', archiveDe.sections.vitals));
    section.append(view.vitals.length ? rowsTable(doc, view.vitals.map((v) => ({ label: v.time, value: v.summary }))) : element(doc, 'p', archiveDe.noVitals));
    if (view.replaced.length) section.append(element(doc, 'h3', archiveDe.sections.replaced), rowsTable(doc, view.replaced));
    section.append(element(doc, 'footer', t.footer(formatDateTime(input.decryptedAt), input.keyFingerprint)));
    return section;
  });
  doc.body.replaceChildren(toolbar, ...sections);
}

/**
 * 'Vollständiges Protokoll drucken' from the archive: opens the print view in a new window (in the
 * click, so no pop-up blocker stops it), records each print in the access log, then fills the
 * window. If the print cannot be logged, the window closes again: no print without a log entry.
 * Returns false when the browser blocked the window.
 */
export async function openPrintView(input: PrintInput): Promise<boolean> {
  const win = window.open('', '_blank');
  if (!win) return false;
  win.document.title = t.documentTitle(input.service.name);
  win.document.body.textContent = t.preparing;
  try {
    await Promise.all(input.protocols.map((p) => apiSend('POST', '/api/access-logs/print', { protocolId: p.protocol.id, actionType: 'complete' })));
  } catch (error) {
    win.close();
    throw error;
  }
  renderPrintDocument(win.document, input);
  win.focus();
  return true;
}

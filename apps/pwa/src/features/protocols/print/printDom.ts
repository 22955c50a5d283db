/**
 * Building blocks of the print windows (protocol prints here, the archive's full print in
 * features/archive/printArchive.ts). Documents are built from DOM nodes with text content only:
 * patient text can never become markup, and no script runs in the print window (the CSP forbids
 * inline scripts; style-src allows inline styles).
 */

export const printStyles = `
  body { font: 11pt/1.4 system-ui, sans-serif; color: #111; margin: 24px; }
  header { border-bottom: 2px solid #008542; margin-bottom: 16px; padding-bottom: 8px; }
  h1 { font-size: 16pt; margin: 0 0 4px; }
  h2 { font-size: 14pt; margin: 0 0 8px; }
  h3 { font-size: 11pt; margin: 14px 0 4px; color: #006633; }
  h4 { font-size: 10pt; margin: 10px 0 2px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; vertical-align: top; padding: 2px 8px 2px 0; border-bottom: 1px solid #ddd; }
  th { width: 34%; font-weight: 600; }
  table.columns th { width: auto; }
  ul.lines { margin: 0; padding-left: 0; list-style: none; }
  ul.lines li { padding: 2px 0; border-bottom: 1px solid #ddd; white-space: pre-wrap; }
  h3, h4 { break-after: avoid; page-break-after: avoid; }
  tr, li { break-inside: avoid; }
  .protocol { page-break-after: always; break-after: page; margin-bottom: 32px; }
  .protocol:last-of-type { page-break-after: auto; break-after: auto; }
  .meta, footer { color: #555; font-size: 9pt; }
  footer { margin-top: 16px; }
  .toolbar { margin-bottom: 16px; }
  .toolbar button { font-size: 12pt; padding: 8px 20px; }
  @media print { .toolbar { display: none; } body { margin: 0; } }
`;

export interface LabelledRow {
  label: string;
  value: string;
}

export function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, textContent?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (textContent !== undefined) node.textContent = textContent;
  if (className) node.className = className;
  return node;
}

/** Label/value rows: one header cell and one data cell per row. */
export function rowsTable(doc: Document, rows: readonly LabelledRow[]): HTMLTableElement {
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

/** A table with column headers, e.g. Parameter | Wert | Uhrzeit. */
export function columnsTable(doc: Document, headers: readonly string[], rows: readonly (readonly string[])[]): HTMLTableElement {
  const table = element(doc, 'table', undefined, 'columns');
  const head = element(doc, 'thead');
  const headRow = element(doc, 'tr');
  for (const header of headers) {
    const cell = element(doc, 'th', header);
    cell.scope = 'col';
    headRow.append(cell);
  }
  head.append(headRow);
  const body = element(doc, 'tbody');
  for (const row of rows) {
    const tr = element(doc, 'tr');
    tr.append(...row.map((value) => element(doc, 'td', value)));
    body.append(tr);
  }
  table.append(head, body);
  return table;
}

/** One line per item (treatment lines keep their '[HH:MM] text (performer)' form). */
export function linesList(doc: Document, lines: readonly string[]): HTMLUListElement {
  const list = element(doc, 'ul', undefined, 'lines');
  list.append(...lines.map((line) => element(doc, 'li', line)));
  return list;
}

/** A 'Drucken' button for printing again; hidden on paper. */
export function printToolbar(doc: Document, label: string): HTMLDivElement {
  const toolbar = element(doc, 'div', undefined, 'toolbar');
  const button = element(doc, 'button', label);
  button.type = 'button';
  button.addEventListener('click', () => doc.defaultView?.print());
  toolbar.append(button);
  return toolbar;
}

/** Language, stylesheet and title of a print document. */
export function preparePrintHead(doc: Document, title: string): void {
  doc.documentElement.lang = 'de';
  doc.head.replaceChildren(element(doc, 'style', printStyles), element(doc, 'title', title));
}

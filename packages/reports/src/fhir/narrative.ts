import type { Narrative } from '@medplum/fhirtypes';

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * A resource's human-readable text (FHIR R4 dom-6: "A resource should have narrative"): status
 * `generated`, an XHTML div with one paragraph per line. Generated from the resource's own data,
 * so it says nothing the coded part does not.
 */
export function narrative(...lines: readonly string[]): Narrative {
  const body = lines.filter((l) => l.trim() !== '').map((l) => `<p>${escape(l)}</p>`).join('');
  return { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml">${body || '<p>–</p>'}</div>` };
}

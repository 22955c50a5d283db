/** A report's file name after its service: letters, digits and umlauts kept, the rest becomes '-'. */
export function reportFileName(prefix: string, serviceName: string, extension: 'pdf' | 'csv'): string {
  const base = serviceName.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'Sanitaetsdienst';
  return `${prefix}-${base}.${extension}`;
}

/**
 * Saves bytes or text as a file through a temporary object URL (no network involved): the one way
 * the app hands a file to the browser (reports, FHIR export, recovery codes).
 */
export function downloadFile(content: Uint8Array | string, fileName: string, type: string): void {
  const part = typeof content === 'string' ? content : (content as Uint8Array<ArrayBuffer>);
  const url = URL.createObjectURL(new Blob([part], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; revoke a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** docs/spec/services.md §9: the print window opens at 800×600 … */
export const printWindowFeatures = 'width=800,height=600';
/** … and is ready, and prints, after 100 ms (time for the document to lay out). */
export const printReadyDelayMs = 100;

/** A new, empty window for a print document; null when the browser blocked it. */
export function openPrintWindow(): Window | null {
  return window.open('', '_blank', printWindowFeatures);
}

/**
 * Prints the filled window once it is ready, 100 ms after it was written (docs/spec/services.md §9). Nothing
 * happens if the user closed the window in between.
 */
export function printWhenReady(win: Window): void {
  setTimeout(() => {
    if (win.closed) return;
    win.focus();
    win.print();
  }, printReadyDelayMs);
}

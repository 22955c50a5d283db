/**
 * Repositories announce each committed local write here; the sync engine listens and pushes right
 * away. A plain listener set keeps src/data free of any import from src/sync.
 */
const listeners = new Set<() => void>();

export function onLocalWrite(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyLocalWrite(): void {
  for (const listener of listeners) listener();
}

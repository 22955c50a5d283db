/**
 * The browser facilities the sync engine depends on, behind one seam so tests can simulate
 * visibility, Web Locks and storage persistence without patching globals.
 */
export interface SyncEnvironment {
  isOnline(): boolean;
  isVisible(): boolean;
  listen(target: 'window' | 'document', type: string, listener: () => void): () => void;
  /** undefined where Web Locks are missing (older Safari, some WebViews). */
  locks: LockManager | undefined;
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined;
}

export function browserEnvironment(): SyncEnvironment {
  const nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    isOnline: () => nav?.onLine ?? true,
    isVisible: () => typeof document === 'undefined' || document.visibilityState === 'visible',
    listen(target, type, listener) {
      // Typed as optional: the DOM types claim both exist, a worker or Node has neither.
      const element: EventTarget | undefined = target === 'window' ? (globalThis as { window?: Window }).window : (globalThis as { document?: Document }).document;
      if (!element) return () => undefined;
      element.addEventListener(type, listener);
      return () => element.removeEventListener(type, listener);
    },
    // Optional chaining: the DOM types claim these always exist, real browsers disagree.
    locks: (nav as { locks?: LockManager } | undefined)?.locks,
    storage: (nav as { storage?: StorageManager } | undefined)?.storage,
  };
}

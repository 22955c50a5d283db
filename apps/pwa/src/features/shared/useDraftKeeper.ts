import { formatDateTime } from '@sanidok/schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { draftsDe } from '../../i18n/drafts.de';
import { notifyError } from '../../lib/notify';
import { useDatabase } from '../../data/hooks';
import { discardDraft, discardDraftsOf, loadDraft, markUnsaved, saveDraft } from '../../data/drafts/draftStore';

/** Short enough that a tab killed by the OS loses at most this much typing. */
const writeAfterMs = 300;

export interface DraftOptions {
  /** draftIds.…: which form and record. */
  id: string;
  /** The record the draft belongs to: its drafts go when it is deleted (data/drafts/draftStore.ts). */
  recordId?: string;
  /** The record takes no more input (sealed, discharged): a draft of it is dropped with a notice. */
  closed?: boolean;
  closedNotice?: string;
  /** A draft came back: a dialog opens itself again with it. */
  onRestored?: () => void;
}

interface KeeperOptions<T> extends DraftOptions {
  /** The form's values now, and whether they hold anything typed. */
  read: () => { values: T; unsaved: boolean };
  /** Puts restored values back into the form. */
  restore: (values: T) => void;
}

/**
 * The part every draft of a capture form shares (docs/decisions.md "Drafts survive a lock"):
 * restores the kept values once per mount, keeps each change shortly after `changed()` and at
 * once when the form unmounts (the lock takes the screen away), and removes the draft on `clear()`.
 * The form adapters: ./useFormDraft.ts (react-hook-form) and ./useValueDraft.ts (React state).
 */
export function useDraftKeeper<T>(options: KeeperOptions<T>) {
  const { id, recordId, closed = false, closedNotice } = options;
  const db = useDatabase();
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // read and restore are new functions at every render; the latest ones are used, without re-subscribing.
  const form = useRef(options);
  useEffect(() => {
    form.current = options;
  });

  const write = useCallback(() => {
    pending.current = null;
    if (!db) return;
    const { values, unsaved } = form.current.read();
    markUnsaved(id, unsaved);
    (unsaved ? saveDraft(db, id, values, recordId) : discardDraft(db, id)).catch(() => {
      notifyError(draftsDe.keepFailedTitle, draftsDe.keepFailed);
    });
  }, [db, id, recordId]);

  // Restore once per mount; a closed record's draft is dropped instead.
  useEffect(() => {
    if (!db) return;
    let cancelled = false;
    void loadDraft(db, id).then(async (draft) => {
      if (cancelled || !draft) return;
      if (closed) {
        await discardDraft(db, id);
        if (closedNotice) notifyError(draftsDe.droppedTitle, closedNotice);
        return;
      }
      form.current.restore(draft.values as T);
      markUnsaved(id, true);
      setRestoredAt(formatDateTime(draft.savedAt));
      form.current.onRestored?.();
    }).catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [db, id, closed, closedNotice]);

  const changed = useCallback(() => {
    if (closed) return;
    markUnsaved(id, form.current.read().unsaved);
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(write, writeAfterMs);
  }, [closed, id, write]);

  // Unmounting keeps a change that is still waiting at once.
  useEffect(() => () => {
    if (pending.current) {
      clearTimeout(pending.current);
      write();
    }
    markUnsaved(id, false);
  }, [id, write]);

  const clear = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    markUnsaved(id, false);
    setRestoredAt(null);
    if (db) void discardDraft(db, id).catch(() => undefined);
  }, [db, id]);

  return { restoredAt, changed, clear };
}

/**
 * A record deleted or closed meanwhile (on another device) takes the unsaved input of all its
 * forms along, and says so with `notice` (data/drafts/draftStore.ts `discardDraftsOf`).
 */
export function useDropDraftsOf(recordId: string | undefined, gone: boolean, notice: string): void {
  const db = useDatabase();
  useEffect(() => {
    if (!gone || !db || !recordId) return;
    void discardDraftsOf(db, recordId).then((dropped) => {
      if (dropped > 0) notifyError(draftsDe.droppedTitle, notice);
    });
  }, [gone, db, recordId, notice]);
}

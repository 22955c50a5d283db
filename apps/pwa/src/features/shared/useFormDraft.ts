import { formatDateTime } from '@sanidok/schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { draftsDe } from '../../i18n/drafts.de';
import { notifyError } from '../../lib/notify';
import { useDatabase } from '../../data/hooks';
import { discardDraft, loadDraft, markUnsaved, saveDraft } from '../../data/drafts/draftStore';

/** Short enough that a tab killed by the OS loses at most this much typing. */
const writeAfterMs = 300;

interface FormDraftOptions<T extends FieldValues> {
  /** draftIds.…: which form and record. */
  id: string;
  recordId?: string;
  /** The record takes no more input (sealed, discharged): a draft of it is dropped with a notice. */
  closed?: boolean;
  closedNotice?: string;
  /** What counts as typed (default: anything that differs from the form's start); a preselected service does not. */
  typed?: (values: T) => boolean;
}

function differs<T extends FieldValues>(form: UseFormReturn<T>, typed?: (values: T) => boolean): boolean {
  const values = form.getValues();
  return JSON.stringify(values) !== JSON.stringify(form.formState.defaultValues) && (typed?.(values) ?? true);
}

/**
 * Keeps a react-hook-form's unsaved input as a draft on the device (./draftStore.ts) and puts it
 * back when the form mounts again — after a lock, a reload or a crash. `clear()` after a
 * successful save (or a 'Verwerfen und verlassen') and `discard()` on the user's word remove it.
 */
export function useFormDraft<T extends FieldValues>(form: UseFormReturn<T>, { id, recordId, closed = false, closedNotice, typed }: FormDraftOptions<T>) {
  const db = useDatabase();
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const write = useCallback(() => {
    pending.current = null;
    if (!db) return;
    const unsaved = differs(form, typed);
    markUnsaved(id, unsaved);
    (unsaved ? saveDraft(db, id, form.getValues(), recordId) : discardDraft(db, id)).catch(() => {
      notifyError(draftsDe.keepFailedTitle, draftsDe.keepFailed);
    });
  }, [db, form, id, recordId, typed]);

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
      form.reset(draft.values as T, { keepDefaultValues: true });
      markUnsaved(id, true);
      setRestoredAt(formatDateTime(draft.savedAt));
    }).catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [db, id, closed, closedNotice, form]);

  // Every change is kept shortly after; unmounting (the lock takes the screen away) keeps it at once.
  useEffect(() => {
    if (closed) return;
    const subscription = form.watch(() => {
      markUnsaved(id, differs(form, typed));
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(write, writeAfterMs);
    });
    return () => {
      subscription.unsubscribe();
      if (pending.current) {
        clearTimeout(pending.current);
        write();
      }
      markUnsaved(id, false);
    };
  }, [form, id, closed, write, typed]);

  const clear = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    markUnsaved(id, false);
    setRestoredAt(null);
    if (db) void discardDraft(db, id).catch(() => undefined);
  }, [db, id]);

  const discard = useCallback(() => {
    clear();
    form.reset();
  }, [form, clear]);

  return { restoredAt, clear, discard };
}

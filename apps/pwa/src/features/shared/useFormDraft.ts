import { useCallback, useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { DraftOptions } from './useDraftKeeper';
import { useDraftKeeper } from './useDraftKeeper';

interface FormDraftOptions<T extends FieldValues> extends DraftOptions {
  /** What counts as typed (default: anything that differs from the form's start); a preselected service does not. */
  typed?: (values: T) => boolean;
}

function differs<T extends FieldValues, Out>(form: UseFormReturn<T, unknown, Out>, typed?: (values: T) => boolean): boolean {
  const values = form.getValues();
  return JSON.stringify(values) !== JSON.stringify(form.formState.defaultValues) && (typed?.(values) ?? true);
}

/**
 * Keeps a react-hook-form's unsaved input as a draft on the device (./useDraftKeeper.ts) and puts it
 * back when the form mounts again — after a lock, a reload or a crash. `clear()` after a
 * successful save (or a 'Verwerfen und verlassen') and `discard()` on the user's word remove it.
 * The form is watched, not rendered on each key: the protocol page is large.
 */
export function useFormDraft<T extends FieldValues, Out = T>(form: UseFormReturn<T, unknown, Out>, { typed, ...options }: FormDraftOptions<T>) {
  const keeper = useDraftKeeper<T>({
    ...options,
    read: () => ({ values: form.getValues(), unsaved: differs(form, typed) }),
    restore: (values) => form.reset(values, { keepDefaultValues: true }),
  });
  const { changed, clear } = keeper;

  useEffect(() => {
    const subscription = form.watch(changed);
    return () => subscription.unsubscribe();
  }, [form, changed]);

  const discard = useCallback(() => {
    clear();
    form.reset();
  }, [form, clear]);

  return { restoredAt: keeper.restoredAt, clear, discard };
}

import { useCallback, useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { DraftOptions } from './useDraftKeeper';
import { useDraftKeeper } from './useDraftKeeper';

interface FormDraftOptions<T extends FieldValues> extends DraftOptions {
  /** What counts as typed (default: anything that differs from the form's start); a preselected service does not. */
  typed?: (values: T) => boolean;
}

/** A field's value for the comparison: empty, null and absent are the same nothing typed. */
const comparable = (value: unknown): string => (value === undefined || value === null || value === '' ? '' : JSON.stringify(value));

/**
 * Whether the form holds input its start values do not. Field by field, with empty, null and absent
 * alike: after a save the form starts again from the stored record, which spells an empty field
 * differently from the form, and a draft written from that difference would come back as
 * "restored" after the next reload although nothing is unsaved.
 */
function differs<T extends FieldValues, Out>(form: UseFormReturn<T, unknown, Out>, typed?: (values: T) => boolean): boolean {
  const values = form.getValues() as Record<string, unknown>;
  const start = (form.formState.defaultValues ?? {}) as Record<string, unknown>;
  const changed = [...new Set([...Object.keys(values), ...Object.keys(start)])].some((key) => comparable(values[key]) !== comparable(start[key]));
  return changed && (typed?.(values as T) ?? true);
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

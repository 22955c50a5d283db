import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { SaniDokDb } from '../../src/data/db';
import { hasUnsavedForms, loadDraft } from '../../src/data/drafts/draftStore';

/** The values of the draft under `id`, once a form wrote it (features/shared/useDraftKeeper.ts writes shortly after a change). */
export async function keptDraft(db: SaniDokDb, id: string): Promise<unknown> {
  let values: unknown;
  await waitFor(async () => {
    values = (await loadDraft(db, id))?.values;
    expect(values).toBeDefined();
  });
  return values;
}

/** Waits until the draft under `id` is gone and no form reports unsaved input to the lock screen. */
export async function draftGone(db: SaniDokDb, id: string): Promise<void> {
  await waitFor(async () => expect(await loadDraft(db, id)).toBeUndefined());
  expect(hasUnsavedForms()).toBe(false);
}

export const restoredNotice = /Nicht gespeicherte Eingaben vom .* wiederhergestellt/;

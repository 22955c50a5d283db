import { useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabase } from '../../data/hooks';
import { waitingDraftRecords } from '../../data/drafts/draftStore';
import type { DraftOptions } from './useDraftKeeper';
import { useDraftKeeper } from './useDraftKeeper';

interface ValueDraftOptions<T> extends DraftOptions {
  /** Puts restored values back into the form's state. */
  restore: (values: T) => void;
  /** What counts as typed (default: anything that differs from the value the form started with). */
  typed?: (values: T) => boolean;
}

/**
 * The draft of a form that keeps its input in React state (useState, useReducer): `value` is that
 * state, kept shortly after each change (./useDraftKeeper.ts). `clear()` after a save or a cancel,
 * `discard()` on the user's word (back to the form's start).
 */
export function useValueDraft<T>(value: T, { restore, typed, ...options }: ValueDraftOptions<T>) {
  const [start] = useState(() => JSON.stringify(value));
  const latest = useRef(value);
  const keeper = useDraftKeeper<T>({
    ...options,
    read: () => ({ values: latest.current, unsaved: JSON.stringify(latest.current) !== start && (typed?.(latest.current) ?? true) }),
    restore,
  });
  const { changed } = keeper;
  // Only a new value is a change: the start (or a new database) would remove the draft about to be restored.
  const previous = useRef(value);
  useEffect(() => {
    latest.current = value;
    if (previous.current === value) return;
    previous.current = value;
    changed();
  }, [value, changed]);

  const discard = () => {
    keeper.clear();
    restore(JSON.parse(start) as T);
  };

  return { restoredAt: keeper.restoredAt, clear: keeper.clear, discard };
}

/**
 * Once per mount, when both are known: the first record of `among` with a draft under this id
 * prefix goes to `onFound` — a page opens the tab or the detail whose form holds it, and that form
 * restores it itself. Later drafts (typed on this screen) open nothing. Nothing while locked.
 */
export function useDraftWaitingAtStart(prefix: string, among: readonly string[] | undefined, onFound: (recordId: string) => void): void {
  const db = useDatabase();
  const waiting = useLiveQuery(() => (db ? waitingDraftRecords(db, prefix) : undefined), [db, prefix]);
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || waiting === undefined || among === undefined) return;
    decided.current = true;
    const found = waiting.find((recordId) => among.includes(recordId));
    if (found) onFound(found);
  }, [waiting, among, onFound]);
}

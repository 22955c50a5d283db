import type { TreatmentPerformer } from '@sanidok/schema';
import { currentTimeOfDay, formatTreatmentEntry, timeOfDayPattern, treatmentEntryMessages } from '@sanidok/schema';
import { useCallback, useEffect, useState } from 'react';

/** How often a time field that follows the clock refreshes what it shows. */
const clockRefreshMs = 15_000;

export interface EntryAuthor {
  time: string;
  performer: TreatmentPerformer;
  performerName: string | null;
}

export interface EntryDraftErrors {
  time?: string;
  performerName?: string;
}

export interface EntryDraft {
  time: string;
  /** True until the user types a time: then each entry gets the moment it is added. */
  followsClock: boolean;
  setTime: (time: string) => void;
  resetToNow: () => void;
  performer: TreatmentPerformer;
  setPerformer: (performer: TreatmentPerformer) => void;
  performerName: string;
  setPerformerName: (name: string) => void;
  errors: EntryDraftErrors;
  /** Time and performer of the next entry, or null after showing the fields' messages. */
  check: () => EntryAuthor | null;
  /** The line as it will be stored, for the wizard's preview. */
  previewLine: (text: string) => string;
}

/**
 * Time and performer of the next treatment entry (docs/spec/services.md §3). They stay set between entries,
 * because a medic usually documents several measures in a row; an untouched time follows the clock
 * so a measure added ten minutes after opening the tab is not back-dated.
 */
export function useEntryDraft(): EntryDraft {
  const [time, setTimeValue] = useState(() => currentTimeOfDay());
  const [followsClock, setFollowsClock] = useState(true);
  const [performer, setPerformerValue] = useState<TreatmentPerformer>('helfer1');
  const [performerName, setPerformerNameValue] = useState('');
  const [errors, setErrors] = useState<EntryDraftErrors>({});

  useEffect(() => {
    if (!followsClock) return undefined;
    const timer = window.setInterval(() => setTimeValue(currentTimeOfDay()), clockRefreshMs);
    return () => window.clearInterval(timer);
  }, [followsClock]);

  const setTime = useCallback((next: string) => {
    setTimeValue(next);
    setFollowsClock(false);
    setErrors((e) => ({ ...e, time: undefined }));
  }, []);

  const resetToNow = useCallback(() => {
    setTimeValue(currentTimeOfDay());
    setFollowsClock(true);
    setErrors((e) => ({ ...e, time: undefined }));
  }, []);

  const setPerformer = useCallback((next: TreatmentPerformer) => {
    setPerformerValue(next);
    setErrors((e) => ({ ...e, performerName: undefined }));
  }, []);

  const setPerformerName = useCallback((name: string) => {
    setPerformerNameValue(name);
    setErrors((e) => ({ ...e, performerName: undefined }));
  }, []);

  const author = useCallback((): EntryAuthor => {
    const entryTime = followsClock ? currentTimeOfDay() : time.trim();
    return { time: entryTime, performer, performerName: performer === 'custom' ? performerName.trim() : null };
  }, [followsClock, time, performer, performerName]);

  const check = useCallback((): EntryAuthor | null => {
    const next = author();
    const found: EntryDraftErrors = {};
    if (!timeOfDayPattern.test(next.time)) found.time = treatmentEntryMessages.timeInvalid;
    if (next.performer === 'custom' && !next.performerName) found.performerName = treatmentEntryMessages.performerNameRequired;
    setErrors(found);
    if (found.time || found.performerName) return null;
    if (followsClock) setTimeValue(next.time);
    return next;
  }, [author, followsClock]);

  const previewLine = useCallback((text: string) => formatTreatmentEntry({ ...author(), text }), [author]);

  return { time, followsClock, setTime, resetToNow, performer, setPerformer, performerName, setPerformerName, errors, check, previewLine };
}

import { protocolMessages } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LocalWriteError } from '../../src/data/repositories/services';
import { describeError } from '../../src/lib/describeError';

describe('describeError: the one German text of a failure', () => {
  it('words a validation error by its first issue', () => {
    const failed = z.object({ name: z.string({ error: 'Bitte geben Sie einen Namen ein.' }) }).safeParse({});
    expect(describeError(failed.error)).toBe('Bitte geben Sie einen Namen ein.');
  });

  it('words a refused local write by its code, never the bare code', () => {
    expect(describeError(new LocalWriteError('protocolClosed'))).toBe(protocolMessages.closed);
  });

  it('passes a server or other message on as it is', () => {
    expect(describeError(new Error('Vom Server'), 'egal')).toBe('Vom Server');
    expect(describeError('Schon gesagt')).toBe('Schon gesagt');
  });

  it('falls back to the screen\'s text, or Unbekannter Fehler, when a failure carries no message', () => {
    expect(describeError(new Error(''), 'Einladung konnte nicht versendet werden.')).toBe('Einladung konnte nicht versendet werden.');
    expect(describeError(undefined, 'Antwort konnte nicht gespeichert werden.')).toBe('Antwort konnte nicht gespeichert werden.');
    expect(describeError({})).toBe('Unbekannter Fehler');
    expect(describeError(null, '')).toBe('');
  });
});

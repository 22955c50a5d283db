import { useCallback, useState } from 'react';
import { useDatabase } from '../../../data/hooks';
import { getProtocolView } from '../../../data/repositories/protocols';
import { printDe } from '../../../i18n/print.de';
import { notifyError } from '../../../lib/notify';
import { failureMessage } from '../../../lib/failureMessage';
import type { PrintKind } from './printProtocol';
import { PrintFailure, printProtocol } from './printProtocol';

/**
 * The print actions of one protocol: `print(kind)` reads the protocol fresh from the device at the
 * moment of the click and shows 'Druckfehler' with the reason when it cannot print.
 * `printing` names the print under way (its button shows a loader and cannot be clicked twice).
 */
export function usePrintProtocol(protocolId: string): { print: (kind: PrintKind) => Promise<void>; printing: PrintKind | null } {
  const db = useDatabase();
  const [printing, setPrinting] = useState<PrintKind | null>(null);

  const print = useCallback(
    async (kind: PrintKind) => {
      setPrinting(kind);
      try {
        await printProtocol(protocolId, kind, (id) => {
          if (!db) throw new PrintFailure(printDe.failures.noDatabase);
          return getProtocolView(db, id);
        });
      } catch (error) {
        notifyError(printDe.failedTitle, failureMessage(error));
      } finally {
        setPrinting(null);
      }
    },
    [db, protocolId],
  );

  return { print, printing };
}

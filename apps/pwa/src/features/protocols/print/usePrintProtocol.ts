import { useCallback, useState } from 'react';
import { useDatabase } from '../../../data/hooks';
import { getProtocolExportView } from '../../../data/repositories/protocolExport';
import { printDe } from '../../../i18n/print.de';
import { notifyError } from '../../../lib/notify';
import { describeError } from '../../../lib/describeError';
import type { PrintKind } from './printProtocol';
import { exportProtocolFhir } from './exportFhir';
import { PrintFailure, printProtocol } from './printProtocol';

/**
 * The print actions of one protocol: `print(kind)` reads the protocol fresh from the device at the
 * moment of the click and shows 'Druckfehler' with the reason when it cannot print.
 * `printing` names the print under way (its button shows a loader and cannot be clicked twice).
 */
export function usePrintProtocol(protocolId: string): { print: (kind: PrintKind | 'fhir') => Promise<void>; printing: PrintKind | 'fhir' | null } {
  const db = useDatabase();
  const [printing, setPrinting] = useState<PrintKind | 'fhir' | null>(null);

  const print = useCallback(
    async (kind: PrintKind | 'fhir') => {
      setPrinting(kind);
      try {
        if (kind === 'fhir') {
          await exportProtocolFhir(protocolId, (id) => {
            if (!db) throw new PrintFailure(printDe.failures.noDatabase);
            return getProtocolExportView(db, id);
          });
          return;
        }
        // The prints name who documented an entry by the team row's full name, never by a username.
        await printProtocol(protocolId, kind, async (id) => {
          if (!db) throw new PrintFailure(printDe.failures.noDatabase);
          const view = await getProtocolExportView(db, id);
          return view && { ...view, memberName: (userId: number) => view.teamFullNames.get(userId) };
        });
      } catch (error) {
        notifyError(printDe.failedTitle, describeError(error));
      } finally {
        setPrinting(null);
      }
    },
    [db, protocolId],
  );

  return { print, printing };
}

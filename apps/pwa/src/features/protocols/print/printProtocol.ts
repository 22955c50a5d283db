import type { PatientData, RecordableAccessAction, RecordRevision } from '@sanidok/schema';
import type { PrintSource } from './printModel';
import { printDe } from '../../../i18n/print.de';
import { describeError } from '../../../lib/describeError';
import { logProtocolAccess } from '../useProtocolOpening';
import { readProtocolHistory } from '../../../data/recordRevisions';
import { renderCompleteProtocolDocument } from './printCompleteProtocol';
import { renderHandoverDocument } from './printHandover';
import { openPrintWindow, printWhenReady } from './printWindow';

export type PrintKind = 'handover' | 'complete';

/** Which access-log event each print writes (docs/spec/services.md §7 Access logging). */
export const printAccessActions: Record<PrintKind, RecordableAccessAction> = {
  handover: 'print_handover',
  complete: 'print_complete_protocol',
};

const renderers: Record<PrintKind, (doc: Document, view: PrintSource, patientData: PatientData, printedAt: string, history: RecordRevision[] | null) => void> = {
  handover: renderHandoverDocument,
  complete: renderCompleteProtocolDocument,
};

/** A print that could not run; its message is the German reason shown under 'Druckfehler'. */
export class PrintFailure extends Error {}

/** 'printed', or 'blocked' when the device holds no patient data (docs/spec/services.md §8: blocked silently). */
export type PrintOutcome = 'printed' | 'blocked';

/**
 * One print of a protocol, from the device's data only (works offline):
 * 1. open the 800×600 window at once, inside the tap — Safari on iPads blocks a window asked for
 *    after an await (a blocked window is a PrintFailure);
 * 2. read the protocol (a failure closes the window → 'Druckfehler');
 * 3. without patient data close it silently — after discharge the data is in the archive, not here;
 * 4. log the access before anything is shown (a failed log never blocks the print);
 * 5. the full print reads the Änderungsverlauf the device holds (pulled sealed to it; unreadable: it says so and prints the rest);
 * 6. write the document, print after 100 ms.
 */
export async function printProtocol(
  protocolId: string,
  kind: PrintKind,
  load: (protocolId: string) => Promise<PrintSource | null>,
  printedAt: Date = new Date(),
): Promise<PrintOutcome> {
  const win = openPrintWindow();
  if (!win) throw new PrintFailure(printDe.failures.popupBlocked);
  let view: PrintSource | null;
  try {
    view = await load(protocolId);
  } catch (error) {
    win.close();
    throw new PrintFailure(error instanceof PrintFailure ? error.message : printDe.failures.loadFailed(describeError(error)));
  }
  if (!view) {
    win.close();
    throw new PrintFailure(printDe.failures.notFound);
  }
  const { patientData } = view;
  if (!patientData) {
    win.close();
    return 'blocked';
  }

  await logProtocolAccess(protocolId, printAccessActions[kind]).catch(() => undefined);

  const history = kind === 'complete' ? await readProtocolHistory(protocolId).catch(() => null) : null;
  renderers[kind](win.document, view, patientData, printedAt.toISOString(), history);
  printWhenReady(win);
  return 'printed';
}

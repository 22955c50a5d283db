import type { FhirProtocolInput } from '@sanidok/reports';
import { buildProtocolBundle } from '@sanidok/reports';
import type { ProtocolExportView } from '../../../data/repositories/protocolExport';
import { teamMemberName } from '../../../data/repositories/protocolExport';
import { printDe } from '../../../i18n/print.de';
import { downloadFile } from '../../../lib/download';
import { logProtocolAccess } from '../useProtocolOpening';
import type { PrintOutcome } from './printProtocol';
import { PrintFailure } from './printProtocol';

/**
 * 'Als FHIR-Dokument exportieren' (docs/fhir.md): the protocol as a FHIR R4
 * document Bundle, built from the device's own copy — offline too — and saved as a file for the
 * receiving ambulance or hospital. Like a print: only while the device holds the patient data
 * (after discharge it is in the archive), and written to the access log first.
 */
export async function exportProtocolFhir(
  protocolId: string,
  load: (protocolId: string) => Promise<ProtocolExportView | null>,
  exportedAt: Date = new Date(),
): Promise<PrintOutcome> {
  const view = await load(protocolId);
  if (!view) throw new PrintFailure(printDe.failures.notFound);
  if (!view.patientData) return 'blocked';
  const { protocol } = view;
  // Who documented: the team's names; this device's user by the name it signs rows with.
  const documentedBy = new Set([...view.vitals.map((v) => v.recordedById), ...view.entries.map((e) => e.recordedById), protocol.treatedById]);
  const practitioners = [...documentedBy].flatMap((userId) => {
    if (userId === null) return [];
    const name = teamMemberName(view, userId);
    return name ? [{ userId, name }] : [];
  });
  await saveFhirDocument({
    protocol, patientData: view.patientData, vitals: view.vitals, treatments: view.entries, practitioners,
    organization: { id: protocol.organizationId, name: view.organizationName ?? protocol.serviceName },
    exportedAt: exportedAt.toISOString(),
  });
  return 'printed';
}

/**
 * Builds the Bundle, writes 'fhir_export' to the access log (like a print; best effort, it queues
 * offline) and saves the file. Used for open protocols (above) and by the owner from the opened
 * archive (features/archive/ArchivedProtocolsDialog.tsx).
 */
export async function saveFhirDocument(input: FhirProtocolInput): Promise<void> {
  const bundle = buildProtocolBundle(input);
  const { protocol } = input;
  await logProtocolAccess(protocol.id, 'fhir_export').catch(() => undefined);
  downloadFile(JSON.stringify(bundle, null, 2), `sanidok-protokoll-${protocol.serviceProtocolNumber ? String(protocol.serviceProtocolNumber) : protocol.id}.fhir.json`, 'application/fhir+json');
}

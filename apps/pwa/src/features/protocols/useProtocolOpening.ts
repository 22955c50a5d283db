import type { RecordableAccessAction } from '@sanidok/schema';
import { useEffect, useState } from 'react';
import { recordProtocolAccess } from '../../data/repositories/protocolRecords';

/**
 * Opening a protocol is logged before its content is shown (docs/spec/services.md §2, §7): the event goes into
 * the outbox first (sent at once when online, later with its real time when offline). A failed
 * write does not block opening. Returns true once the protocol may be shown.
 */
export function useProtocolOpening(protocolId: string | undefined): boolean {
  const [openedId, setOpenedId] = useState<string | null>(null);
  useEffect(() => {
    if (!protocolId) return;
    let cancelled = false;
    void recordProtocolAccess(protocolId, 'protocol_opened').finally(() => {
      if (!cancelled) setOpenedId(protocolId);
    });
    return () => {
      cancelled = true;
    };
  }, [protocolId]);
  return protocolId !== undefined && openedId === protocolId;
}

/** For print actions: logged first, then the print runs whatever the log's outcome. */
export const logProtocolAccess = (protocolId: string, action: RecordableAccessAction): Promise<void> => recordProtocolAccess(protocolId, action);

import type { RecordableAccessAction } from '@sanidok/schema';
import { useEffect, useState } from 'react';
import type { AccessEvent } from '../../data/repositories/accessEvents';
import { recordAccessEvent } from '../../data/repositories/accessEvents';
import { recordProtocolAccess } from '../../data/repositories/protocolRecords';

/**
 * Writes `event` once per `key` before the caller shows what it guards (docs/spec/services.md §2,
 * §7): the event goes into the outbox first (sent at once when online, later with its real time
 * when offline). A failed write does not block. Returns true once the content may be shown.
 */
function useLoggedOpening(key: string | undefined, event: AccessEvent | undefined): boolean {
  const [openedKey, setOpenedKey] = useState<string | null>(null);
  const eventKey = event ? JSON.stringify(event) : undefined;
  useEffect(() => {
    if (!key || !eventKey) return;
    let cancelled = false;
    void recordAccessEvent(JSON.parse(eventKey) as AccessEvent).finally(() => {
      if (!cancelled) setOpenedKey(key);
    });
    return () => {
      cancelled = true;
    };
  }, [key, eventKey]);
  return key !== undefined && openedKey === key;
}

/** Opening a protocol is logged before its content is shown. */
export function useProtocolOpening(protocolId: string | undefined): boolean {
  return useLoggedOpening(protocolId, protocolId ? { actionType: 'protocol_opened', protocolId } : undefined);
}

/** Opening a service's patient list (its protocols with the patients' names) is logged before the names are shown. */
export function usePatientListOpening(serviceId: string): boolean {
  return useLoggedOpening(serviceId, { actionType: 'patient_list_opened', serviceId });
}

/** For print actions: logged first, then the print runs whatever the log's outcome. */
export const logProtocolAccess = (protocolId: string, action: RecordableAccessAction): Promise<void> => recordProtocolAccess(protocolId, action);

import type { RecordRevision } from '@sanidok/schema';
import { activeDatabase } from '../../../data/db';
import { protocolHistory } from '../../../data/recordRevisions';

/**
 * The history of an open protocol as the device holds it (oldest first; this device's pending
 * edits last): pulled sealed to the device, so the dialog and the full print work offline
 * (docs/decisions.md "The record history travels sealed to the device").
 */
export function readProtocolHistory(protocolId: string): Promise<RecordRevision[]> {
  return protocolHistory(activeDatabase(), protocolId);
}

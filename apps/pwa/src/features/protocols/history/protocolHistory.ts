import type { RecordRevision } from '@sanidok/schema';
import { recordRevisionListReply } from '@sanidok/schema';
import { apiGet } from '../../../api/client';

/**
 * The history of an open protocol from the server (GET …/history, oldest first). Not stored on the
 * device: it is the server's merge of every device's edits (docs/decisions.md "Every change kept
 * (§ 630f BGB)").
 */
export function fetchProtocolHistory(protocolId: string, signal?: AbortSignal): Promise<RecordRevision[]> {
  return apiGet(`/patient-protocols/${protocolId}/history`, recordRevisionListReply, signal);
}

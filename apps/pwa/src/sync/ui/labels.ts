import { syncDe } from '../../i18n/sync.de';
import { formatDateTime } from '../../lib/format';

export function pendingLabel(count: number): string {
  return count === 1 ? syncDe.indicator.pendingOne : syncDe.indicator.pendingMany(count);
}

export function lastSyncLabel(lastSyncAt: string | null): string {
  return lastSyncAt ? `${syncDe.indicator.lastSync}: ${formatDateTime(lastSyncAt)}` : syncDe.indicator.neverSynced;
}

export function mutationLabel(name: string): string {
  return syncDe.mutationLabels[name] ?? syncDe.unknownMutation;
}

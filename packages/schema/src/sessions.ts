import { z } from 'zod';
import { memberParams, replyOf } from './api/common';

/**
 * One's own sessions (signed-in browsers and devices) and the lost-device report
 * (apps/sync-server/src/domain/sessions/devices.ts, docs/decisions.md "Session limits").
 */
export interface SessionListItem {
  /** A handle of the session, not its cookie nor its stored id. */
  id: string;
  /** The browser's User-Agent as it signed in; the PWA names device and browser from it. */
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** When the session ends at the latest without further use (idle) or at all (absolute). */
  expiresAt: string;
  rememberMe: boolean;
  /** The session of this request. */
  current: boolean;
  /** Whether the session belongs to a device that syncs (the device id it pulls with). */
  syncingDevice: boolean;
}

export const sessionMessages = {
  notFound: 'Diese Sitzung gibt es nicht mehr.',
  deviceLost: 'Dieses Gerät wurde als verloren gemeldet. Bitte melden Sie sich neu an; die Daten auf dem Gerät werden gelöscht.',
  ownerDevice: 'Ein Gerät des Inhabers kann nur der Inhaber selbst als verloren melden.',
} as const;

const sessionListItem = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  rememberMe: z.boolean(),
  current: z.boolean(),
  syncingDevice: z.boolean(),
}).meta({ id: 'SessionListItem' });

export const sessionListReply = replyOf<SessionListItem[]>()(z.array(sessionListItem));

export const sessionParams = z.object({ sessionId: z.string().meta({ description: 'Kennung der Sitzung aus der Liste' }) });
export const memberSessionParams = memberParams.extend({ sessionId: sessionParams.shape.sessionId });

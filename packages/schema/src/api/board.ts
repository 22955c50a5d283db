import { z } from 'zod';
import type { BoardStatus, DiaryEntry } from '../board';
import { replyOf } from './common';

/** A manual diary entry as a pull sends it (domain/diary/queries.ts). */
export const diaryEntryReply = replyOf<DiaryEntry>()(
  z.object({
    id: z.string(),
    serviceId: z.string(),
    organizationId: z.number(),
    text: z.string(),
    occurredAt: z.string(),
    authorId: z.number().nullable(),
    authorName: z.string().nullable(),
    createdAt: z.string(),
  }).meta({ id: 'DiaryEntry' }),
);

/** GET /api/services/{id}/board. */
export const boardStatusReply = replyOf<BoardStatus>()(
  z.object({
    serviceId: z.string(),
    team: z.array(z.object({
      userId: z.number(),
      username: z.string(),
      fullName: z.string().nullable(),
      devices: z.array(z.object({ deviceLabel: z.string(), lastSeenAt: z.string(), pendingCount: z.number().nullable() })),
    })),
    version: z.number(),
    readAt: z.string(),
  }).meta({ id: 'BoardStatus' }),
);

/** GET /api/services/{id}/events: a text/event-stream (documented as a string; its events in docs/sync-protocol.md). */
export const boardEventsReply = z.string().meta({ id: 'BoardEventStream', description: 'text/event-stream: `change` events {serviceId, version}, id = version' });

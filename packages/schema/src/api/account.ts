import { z } from 'zod';
import type { RecoveryCodesResponse, TotpSetupResponse } from '../twoFactor';
import type { BetaModeResponse, PublicUser } from '../user';
import { replyOf } from './common';

/** Replies of the account calls (apps/sync-server/src/routes/api/account.ts): never a hash or token. */
/** The fields of a user every answer may carry; the admin list extends them (api/admin.ts). */
export const publicUserFields = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  fullName: z.string().nullable(),
  isAdmin: z.boolean(),
  isBlocked: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
});

export const publicUserReply = replyOf<PublicUser>()(publicUserFields.meta({ id: 'PublicUser' }));

export const betaModeReply = replyOf<BetaModeResponse>()(z.object({ betaModeEnabled: z.boolean() }));

export const healthReply = z.object({ status: z.literal('ok') });

export const totpSetupReply = replyOf<TotpSetupResponse>()(z.object({ secret: z.string(), otpauthUri: z.string() }));
export const recoveryCodesReply = replyOf<RecoveryCodesResponse>()(z.object({ recoveryCodes: z.array(z.string()) }));

import type { ConfirmEmailVerificationInput, ConfirmPasswordResetInput, RequestPasswordResetInput } from '@sanidok/schema';
import { okMessageReply } from '@sanidok/schema';
import { apiSend } from '../../api/client';

/** 'Passwort vergessen?' (docs/security.md, "Password reset"): both calls are online only. */
export const requestPasswordReset = (input: RequestPasswordResetInput) => apiSend('POST', '/api/password-reset/request', input, okMessageReply);

export const confirmPasswordReset = (input: ConfirmPasswordResetInput) => apiSend('POST', '/api/password-reset/confirm', input, okMessageReply);

/** Optional confirmation of the account's address (docs/security.md "Password reset", same tokens). */
export const requestEmailVerification = () => apiSend('POST', '/api/account/email-verification/request', {}, okMessageReply);

export const confirmEmailVerification = (input: ConfirmEmailVerificationInput) => apiSend('POST', '/api/account/email-verification/confirm', input, okMessageReply);

/** Stable machine-readable error codes. The German `message` beside them is for people. */
export const errorCodes = [
  'VALIDATION',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'ORIGIN_REJECTED',
  'NOT_FOUND',
  'CONFLICT',
  'USERNAME_TAKEN',
  'BETA_CODE_REQUIRED',
  'BETA_CODE_INVALID',
  'BLOCKED',
  'RATE_LIMITED',
  'SCHEMA_MISMATCH',
  'FOREIGN_DEVICE',
  'UNKNOWN_MUTATION',
  'CONFIRMATION_REQUIRED',
  'MAIL_FAILED',
  'ARCHIVE_KEY_WRONG',
  'ARCHIVE_CHALLENGE_EXPIRED',
  'KEY_CHALLENGE_EXPIRED',
  'OWNER_PROOF_REQUIRED',
  'SECRET_NOT_ACCEPTED',
  'TOTP_REQUIRED',
  'TOTP_INVALID',
  'TOTP_SETUP_REQUIRED',
  'SEALED_ARGS_INVALID',
  'PIN_WRONG',
  'PIN_LOCKED',
  'DEVICE_LOST',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** Body of every error response of the API. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  /** Field path → first German message, for validation errors. */
  fields?: Record<string, string>;
}

/** Header the PWA sends with every state-changing request (see docs/security.md, Origin check). */
export const clientHeaderName = 'x-sanidok-client';

import { clientHeaderName } from '@sanidok/schema';
import type { ApiErrorBody, ErrorCode } from '@sanidok/schema';
import type { ZodType } from 'zod';
import { de } from '../i18n/de';

/** A failed API call. `status` 0 means the server was not reached at all (offline, DNS, CORS). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly fields: Record<string, string> | undefined;
  /** The whole JSON error body, for answers with more than `{message, code}` (the archive's failure count). */
  readonly body: Readonly<Record<string, unknown>> | undefined;

  constructor(
    message: string,
    init: { status: number; code?: ErrorCode | undefined; fields?: Record<string, string> | undefined; body?: Record<string, unknown> | undefined },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.body = init.body;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; omitted entirely when undefined (docs/spec/accounts.md §7: a body only when there is one). */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** false: do not read the response (e.g. logout, docs/spec/accounts.md §7). */
  readResponse?: boolean;
}

/** Status of an ApiError for a reply the server sent but that does not match its reply schema. */
export const unexpectedReplyStatus = -2;

/**
 * An answer is checked with the same reply schema the server serialises it with
 * (packages/schema/src/api/), so a server change that breaks the client fails a test, not a user.
 * A mismatch is an ApiError with a German text; developers get the issue paths in the console.
 */
export function parseReply<T>(path: string, schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  console.error(
    `Unexpected reply from ${path}`,
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
  throw new ApiError(de.errors.unexpectedReply, { status: unexpectedReplyStatus });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * docs/spec/accounts.md §8: the message is the JSON body's `message`; otherwise the raw body text; if the body is
 * empty, "<status> <statusText>". The code and field messages are kept for forms.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: Partial<Record<keyof ApiErrorBody, unknown>> | undefined;
  if (text.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRecord(parsed)) body = parsed;
    } catch {
      // Not JSON: the raw text is the message.
    }
  }
  let message: string;
  if (typeof body?.message === 'string' && body.message !== '') message = body.message;
  else if (text.trim() !== '') message = text;
  else message = `${response.status} ${response.statusText}`.trim();
  return new ApiError(message, {
    status: response.status,
    code: typeof body?.code === 'string' ? (body.code as ErrorCode) : undefined,
    fields: stringRecord(body?.fields),
    body,
  });
}

/**
 * The one way the PWA talks to the server: same-origin cookie session, the client header on every
 * state-changing request (the server's CSRF guard), JSON in and out.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers[clientHeaderName] = 'pwa';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(de.errors.network, { status: 0 });
  }

  if (!response.ok) throw await errorFromResponse(response);
  if (options.readResponse === false) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** A read, its answer checked with the route's reply schema. */
export async function apiGet<T>(path: string, reply: ZodType<T>, signal?: AbortSignal): Promise<T> {
  return parseReply(path, reply, await apiRequest<unknown>(path, { signal }));
}

/** A write; with a reply schema its answer is checked like a read's. */
export async function apiSend<T = unknown>(method: Exclude<HttpMethod, 'GET'>, path: string, body?: unknown, reply?: ZodType<T>): Promise<T> {
  const answer = await apiRequest<unknown>(path, { method, body });
  return reply ? parseReply(path, reply, answer) : (answer as T);
}

/** The text a toast shows for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return de.errors.generic;
}

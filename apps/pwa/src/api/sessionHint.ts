import { forgetUser, readLastUser } from './lastUser';

/**
 * Whether asking the server for the session (`GET /api/user`) can find one. The session cookie is
 * HttpOnly, so the server sets a companion cookie without a secret, `sanidok_signed_in=1`, with the
 * same lifetime (apps/sync-server/src/plugins/session.ts). Without it and without a remembered
 * user nobody can be signed in here, and the probe would only earn a 401, which Chromium logs as a
 * console error on every first visit (docs/decisions.md, "Session probe only with a hint").
 */
export const sessionHintCookieName = 'sanidok_signed_in';

export function hasSessionHintCookie(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${sessionHintCookieName}=`));
}

/**
 * The remembered user counts too: it keeps the offline start of docs/spec/design.md §4.9 (the probe fails,
 * the last confirmed user opens the capture screens) for a session cookie that has already ended
 * with the browser session, exactly as before.
 */
export function mayHaveSession(): boolean {
  return hasSessionHintCookie() || readLastUser() !== null;
}

/** The server answered "no session": forget both hints, so the next visit does not ask again. */
export function forgetSessionHints(): void {
  forgetUser();
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${sessionHintCookieName}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

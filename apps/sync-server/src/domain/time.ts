/** Server time as ISO-8601 UTC text, the format of every timestamp column. */
export const nowIso = (): string => new Date().toISOString();

export const addMs = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();

export const minutes = (n: number) => n * 60_000;
export const hours = (n: number) => n * 3_600_000;
export const days = (n: number) => n * 86_400_000;

/**
 * A time reported by a device (an offline entry's real time). Kept unless it lies in the future
 * by more than the tolerated clock skew, then the server's time stands in.
 */
export function deviceTime(reported: string | undefined, skewMs = minutes(5)): string {
  const now = Date.now();
  if (!reported) return new Date(now).toISOString();
  const t = Date.parse(reported);
  return Number.isNaN(t) || t > now + skewMs ? new Date(now).toISOString() : new Date(t).toISOString();
}

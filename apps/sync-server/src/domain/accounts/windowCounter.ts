/**
 * Requests per key in a sliding window (password-reset requests per address and per client
 * address, domain/accounts/passwordReset.ts). In memory, like the failed-login limiter
 * (attemptLimiter.ts), and bounded: the oldest keys go first when `maxKeys` is reached.
 */
export class WindowCounter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one request for `key`; false when it is over the limit (the request is not counted then). */
  take(key: string, now = Date.now()): boolean {
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.delete(key);
    this.hits.set(key, recent);
    if (this.hits.size > this.maxKeys) {
      const oldest = this.hits.keys().next();
      if (!oldest.done) this.hits.delete(oldest.value);
    }
    return true;
  }
}

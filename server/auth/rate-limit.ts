/**
 * A sliding-window counter per client address, for sign-in and sign-up
 * (config.toml [auth.rate_limit] sign_in_sign_ups: N requests per 5 minutes).
 * In memory: limits reset on restart, and several server processes would
 * each count separately, which is acceptable for a single-box backend.
 */
export interface RateLimitOptions {
  max: number;
  windowMs: number;
  now?: () => number;
}

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly now: () => number;

  constructor(private readonly options: RateLimitOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether `key` is at its limit now (nothing is recorded). */
  full(key: string): boolean {
    const since = this.now() - this.options.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > since).length >= this.options.max;
  }

  /** Records a request; false when it goes over the limit (and is not counted). */
  take(key: string): boolean {
    const now = this.now();
    const since = now - this.options.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (recent.length >= this.options.max) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.sweep(since);
    return true;
  }

  /** Drops addresses with no request in the window, so memory stays bounded. */
  private sweep(since: number): void {
    for (const [key, times] of this.hits) {
      if (!times.some((t) => t > since)) this.hits.delete(key);
    }
  }
}

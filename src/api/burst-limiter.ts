/**
 * A per-key, per-second request limit, kept in memory: it guards the server
 * against bursts and is not a quota, so it is per process and starts afresh
 * on restart (daily quotas are in the database). Fixed one-second windows.
 */
export class BurstLimiter {
  private readonly windows = new Map<string, { second: number; count: number }>();

  /** Counts a request; false when the key has already made `limit` requests this second. */
  take(keyId: string, limit: number, nowMs: number): { allowed: boolean; remaining: number; resetSeconds: number } {
    const second = Math.floor(nowMs / 1000);
    let window = this.windows.get(keyId);
    if (!window || window.second !== second) {
      if (this.windows.size > 10_000) this.prune(second);
      window = { second, count: 0 };
      this.windows.set(keyId, window);
    }
    const allowed = window.count < limit;
    if (allowed) window.count++;
    return { allowed, remaining: Math.max(0, limit - window.count), resetSeconds: 1 };
  }

  private prune(second: number): void {
    for (const [key, window] of this.windows) if (window.second !== second) this.windows.delete(key);
  }
}

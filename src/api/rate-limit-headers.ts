/** The headers that describe a caller's limits, for every authenticated response. */
export interface LimitState {
  /** The daily quota, or null when the plan has none. */
  daily: { limit: number; used: number } | null;
  burst: { limit: number; remaining: number };
  /** Seconds until midnight UTC, when daily counts reset. */
  secondsToReset: number;
  /** Unix time (seconds) of the next midnight UTC. */
  resetAt: number;
  /** Seconds until the burst window resets. */
  burstResetSeconds: number;
  nowSeconds: number;
  /** Which policy refused the request, if one did. */
  refusedBy?: "daily" | "burst";
}

/**
 * `X-RateLimit-*` (the daily quota; for a plan without one, the per-second
 * burst limit) and the IETF draft `RateLimit-Policy` / `RateLimit` fields
 * (draft-ietf-httpapi-ratelimit-headers: named policies with q, w, r, t).
 */
export function rateLimitHeaders(state: LimitState): Record<string, string> {
  const { daily, burst } = state;
  const policies = [`"burst";q=${burst.limit};w=1`];
  if (daily) policies.unshift(`"daily";q=${daily.limit};w=86400`);
  const dailyRemaining = daily ? Math.max(0, daily.limit - daily.used) : 0;
  const current =
    state.refusedBy === "burst" || !daily
      ? `"burst";r=${burst.remaining};t=${state.burstResetSeconds}`
      : `"daily";r=${dailyRemaining};t=${state.secondsToReset}`;
  return {
    "x-ratelimit-limit": String(daily ? daily.limit : burst.limit),
    "x-ratelimit-remaining": String(daily ? dailyRemaining : burst.remaining),
    "x-ratelimit-reset": String(daily ? state.resetAt : state.nowSeconds + state.burstResetSeconds),
    "ratelimit-policy": policies.join(", "),
    ratelimit: current,
  };
}

/** Seconds from `now` to the next midnight UTC (at least 1). */
export function secondsToMidnightUtc(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * A token bucket, the model Amazon documents for its usage plans: `rate`
 * requests per second refill it up to `burst`. Time comes from the caller,
 * so tests and the sandbox decide what a second is.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    public rate: number,
    public burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  private refill(now: number): void {
    if (now > this.last) {
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
      this.last = now;
    }
  }

  /** Takes a token if one is there. */
  tryTake(now: number): boolean {
    this.refill(now);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    return false;
  }

  /** Milliseconds until a token will be there (0 when one is). */
  waitMs(now: number): number {
    this.refill(now);
    if (this.tokens >= 1) return 0;
    return Math.ceil(((1 - this.tokens) / this.rate) * 1000);
  }

  /** Empties the bucket: after a 429 the server's view of our quota wins over ours. */
  drain(now: number): void {
    this.refill(now);
    this.tokens = 0;
  }
}

/** Per-operation rate (requests per second) and burst as Amazon documents them for the operations used. */
export const SPAPI_USAGE_PLANS: Record<string, { rate: number; burst: number }> = {
  getMarketplaceParticipations: { rate: 0.016, burst: 15 },
  createReport: { rate: 0.0167, burst: 15 },
  getReports: { rate: 0.0222, burst: 10 },
  getReport: { rate: 2, burst: 15 },
  getReportDocument: { rate: 0.0167, burst: 15 },
  getItemOffersBatch: { rate: 0.1, burst: 1 },
  // The Ads API publishes no per-operation plan; it answers 429 with Retry-After when a caller is too fast.
  adsProfiles: { rate: 1, burst: 5 },
  adsCreateReport: { rate: 1, burst: 10 },
  adsGetReport: { rate: 5, burst: 20 },
  // Documents come from pre-signed storage URLs, which have no usage plan.
  download: { rate: 1_000_000, burst: 1_000_000 },
  lwaToken: { rate: 10, burst: 10 },
};

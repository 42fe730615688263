/**
 * How unusual a change must be before it is reported. Two gates, both
 * required: a score (standard deviations from the expected value, after
 * the seasonal, trend and count models) and an effect size (a change too
 * small to act on is not news however certain it is).
 */

export const SENSITIVITIES = ["low", "normal", "high"] as const;
export type Sensitivity = (typeof SENSITIVITIES)[number];

export interface Thresholds {
  /** Minimum |score|. */
  score: number;
  /** A count (units, revenue, sessions, ad spend) must fall to this share of the expected value or below… */
  drop: number;
  /** …or rise to this multiple or above. */
  spike: number;
  /** A rate (conversion, refund rate, ACoS) must move by this factor (or its inverse for a fall). */
  rate: number;
  /** Buy box percentage points. */
  buyBoxPoints: number;
  /** Relative price change. */
  price: number;
}

export const THRESHOLDS: Record<Sensitivity, Thresholds> = {
  low: { score: 6.5, drop: 0.5, spike: 2, rate: 1.8, buyBoxPoints: 15, price: 0.3 },
  normal: { score: 5, drop: 0.65, spike: 1.6, rate: 1.5, buyBoxPoints: 10, price: 0.2 },
  high: { score: 4, drop: 0.75, spike: 1.35, rate: 1.3, buyBoxPoints: 7, price: 0.12 },
};

export function isSensitivity(value: unknown): value is Sensitivity {
  return typeof value === "string" && (SENSITIVITIES as readonly string[]).includes(value);
}

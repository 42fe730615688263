/**
 * What a product's figures would have been without an anomaly: per day of
 * the scan, an expected value from its recent level, its trend and the
 * marketplace's weekday rhythm, with how far real days stray from it.
 *
 * Counts (units, revenue, sessions, ad spend) are modelled in "count units"
 * (revenue in units of the average selling price, spend in clicks of the
 * average cost per click), so one overdispersed Poisson model fits them all
 * and small numbers are treated as the small counts they are.
 */
import { median, robustSd, theilSenSlope } from "./stats.js";

/** Baseline weeks the level and trend are fitted on (the most recent ones). */
export const TREND_WEEKS = 8;
/** The largest weekly change a trend may project (log scale, about ±20% a week). */
const MAX_WEEKLY_SLOPE = 0.2;
/** Relative level uncertainty no fit gets below: promotions, stock, the unmodelled. */
const LEVEL_FLOOR = 0.07;
/** Share of the largest squared residuals left out of the dispersion (an odd day must not widen the band). */
const TRIM = 0.1;
/** The mean of a chi-square (1 degree of freedom) variable below its 90th percentile: what the trimmed mean estimates. */
const CHI2_TRIMMED_MEAN = 0.623;

const WEEKS = new Float64Array(TREND_WEEKS);
const LOGS = new Float64Array(TREND_WEEKS);
const TIMES = new Float64Array(TREND_WEEKS);
const WORK = new Float64Array(TREND_WEEKS);
let SQUARED = new Float64Array(64);

export interface CountFit {
  /** Expected value per dense day, in the measure's own units. */
  expected: Float64Array;
  /** Variance of a day's count (in count units) per unit of its mean, as this product's own days show it. */
  dispersion: number;
  /** Relative uncertainty of the expected level itself. */
  levelSd: number;
  /** One count unit in the measure's units (1, an average price, a cost per click). */
  unit: number;
  /** How many residuals the dispersion rests on. */
  residuals: number;
}

export interface CountInput {
  /** Dense days (DENSE_BASELINE_DAYS of baseline, then the window), in the measure's units. */
  dense: ArrayLike<number>;
  /** Weekly sums, block 0 the most recent. */
  blocks: ArrayLike<number>;
  /** Weekday (0 = Monday) of each dense day. */
  weekdays: ArrayLike<number>;
  /** Weekday factors, mean 1. */
  rhythm: ArrayLike<number>;
  /** Dense days before the window. */
  baselineDays: number;
  unit: number;
}

/**
 * Fits level and trend on the recent baseline weeks (Theil–Sen on log weekly
 * counts, so a steady climb is expected to go on and a single odd week does
 * not bend it) and projects them over the dense days. A trend no stronger
 * than its own noise is shrunk toward flat: on a few units a week, chance
 * alone draws slopes that would project a collapse or a boom.
 */
export function fitCounts(input: CountInput): CountFit | undefined {
  const k = Math.min(TREND_WEEKS, input.blocks.length);
  const unit = input.unit > 0 ? input.unit : 1;
  // Scratch arrays (a scan fits thousands of series, one at a time): only `expected` is kept.
  const weeks = WEEKS.subarray(0, k);
  const logs = LOGS.subarray(0, k);
  const times = TIMES.subarray(0, k);
  const work = WORK.subarray(0, k);
  let total = 0;
  for (let i = 0; i < k; i++) {
    weeks[i] = Math.max(0, input.blocks[i] / unit);
    total += weeks[i];
    logs[i] = Math.log(weeks[i] + 1);
    times[i] = -i;
  }
  // Too little to model: about a count a week.
  if (total < k) return undefined;
  const rawSlope = Math.max(-MAX_WEEKLY_SLOPE, Math.min(MAX_WEEKLY_SLOPE, theilSenSlope(times, logs)));
  for (let i = 0; i < k; i++) work[i] = logs[i] - rawSlope * times[i];
  const rawLevel = median(work);
  for (let i = 0; i < k; i++) work[i] = logs[i] - (rawLevel + rawSlope * times[i]);
  const spread = robustSd(work);
  const spread2 = Number.isFinite(spread) ? spread * spread : 0;
  const meanTime = -(k - 1) / 2;
  let spanSq = 0;
  for (let i = 0; i < k; i++) spanSq += (times[i] - meanTime) ** 2;
  const slopeSe2 = spread2 / spanSq;
  const kept = Math.max(0, 1 - slopeSe2 / Math.max(rawSlope * rawSlope, 1e-12));
  const slope = rawSlope * kept;
  for (let i = 0; i < k; i++) work[i] = logs[i] - slope * times[i];
  const level = median(work);
  let poisson = 0;
  for (let i = 0; i < k; i++) poisson += 1 / (weeks[i] + 1);
  poisson /= k;

  const n = input.dense.length;
  const expected = new Float64Array(n);
  const baseline = input.baselineDays;
  if (SQUARED.length < baseline + k) SQUARED = new Float64Array((baseline + k) * 2);
  const squared = SQUARED.subarray(0, baseline + k);
  for (let d = 0; d < n; d++) {
    // Block 0's middle day is 3 days before the window's eve; t in weeks from it.
    const t = (d - baseline + 1 + 3) / 7;
    const weekly = Math.max(0, Math.exp(level + slope * t) - 1);
    const mean = (weekly / 7) * input.rhythm[input.weekdays[d]];
    expected[d] = mean * unit;
    if (d < baseline) squared[d] = (input.dense[d] / unit - mean) ** 2 / Math.max(mean, 0.5);
  }
  for (let i = 0; i < k; i++) {
    const fitted = Math.max(0, Math.exp(level + slope * times[i]) - 1);
    squared[baseline + i] = (weeks[i] - fitted) ** 2 / Math.max(fitted, 0.5);
  }
  const dispersion = trimmedDispersion(squared);
  // What the weekly spread shows beyond counting noise is real wobble in the level; the fit's own error
  // (its level, and its trend carried to the middle of the window) adds to it.
  const wobble = Math.max(0, spread2 - poisson * dispersion);
  const ahead = (n - baseline) / 2 / 7 + 3 / 7 - meanTime;
  // A trend shrunk away carries (almost) none of its own uncertainty forward.
  const levelSd = Math.sqrt(LEVEL_FLOOR ** 2 + wobble + spread2 / k + kept * slopeSe2 * ahead * ahead);
  return { expected, dispersion, levelSd, unit, residuals: squared.length };
}

export interface LevelFit {
  level: number;
  /** A day's spread around the level. */
  sd: number;
}

/**
 * The level of a bounded daily figure (buy box percentage, price) before the
 * window: the median of the dense baseline days that have one, and their
 * robust spread, never below `minSd`.
 */
export function fitLevel(values: ArrayLike<number>, baselineDays: number, minSd: number): LevelFit | undefined {
  const seen: number[] = [];
  for (let d = 0; d < baselineDays; d++) if (Number.isFinite(values[d])) seen.push(values[d]);
  if (seen.length < Math.ceil(baselineDays / 2)) return undefined;
  const level = median(seen);
  const sd = robustSd(seen);
  return { level, sd: Math.max(minSd, Number.isFinite(sd) ? sd : 0) };
}

/**
 * The dispersion (variance per unit of mean) from squared standardised
 * residuals: their mean without the largest tenth, scaled back to what the
 * whole mean would be for well-behaved data. A median is too noisy on a few
 * weeks of data; a plain mean lets one odd day decide.
 */
let TOP = new Float64Array(8);

export function trimmedDispersion(squared: Float64Array): number {
  const n = squared.length;
  if (!n) return 1;
  // The few largest are dropped: sum all, then take away the largest one by one (n is small).
  const drop = n - Math.max(1, Math.round(n * (1 - TRIM)));
  let total = 0;
  for (let i = 0; i < n; i++) total += squared[i];
  // The largest `drop` values (a handful), kept in a small descending list: no sorting, no copies.
  if (drop > 0) {
    const top = TOP.length >= drop ? TOP : (TOP = new Float64Array(drop));
    top.fill(Number.NEGATIVE_INFINITY, 0, drop);
    for (let i = 0; i < n; i++) {
      let v = squared[i];
      if (v <= top[drop - 1]) continue;
      for (let j = 0; j < drop; j++) {
        if (v > top[j]) {
          const moved = top[j];
          top[j] = v;
          v = moved;
        }
      }
    }
    for (let j = 0; j < drop; j++) total -= top[j];
  }
  return total / (n - drop) / CHI2_TRIMMED_MEAN;
}

/**
 * The daily figures an anomaly scan works on, for many products at once, in
 * flat typed arrays: the baseline as weekly sums (its last two weeks also day
 * by day) and the days of the window one by one. Built from the running
 * totals or from daily rows, whichever the mirror can give; both give the
 * same numbers.
 */
import { addDaysIso, weekdayIso } from "../../core/dates.js";

export const SERIES_MEASURES = [
  "units",
  "revenue",
  "sessions",
  "refund_units",
  "bb_weighted",
  "bb_views",
  "ad_spend",
  "ad_sales",
  "ad_clicks",
  "ad_orders",
  "days",
] as const;
export type SeriesMeasure = (typeof SERIES_MEASURES)[number];

/** Measures whose calendar rhythm is pooled per marketplace (weekday factors). */
export const RHYTHM_MEASURES = ["units", "revenue", "sessions", "ad_spend"] as const;
export type RhythmMeasure = (typeof RHYTHM_MEASURES)[number];

/** Whole baseline weeks before the window: with a 14-day window, 91 days in all. */
export const BASELINE_WEEKS = 11;
/** Baseline days kept day by day (the last ones before the window), for daily spread and levels. */
export const DENSE_BASELINE_DAYS = 7;

export interface SeriesLayout {
  /** First day of the baseline. */
  baselineStart: string;
  /** Baseline weeks (block 0 is the most recent, ending the day before the window). */
  weeks: number;
  /** First day read day by day: DENSE_BASELINE_DAYS before the window. */
  denseStart: string;
  windowStart: string;
  /** Last day of the window. */
  end: string;
  /** Every day from denseStart to end. */
  dates: string[];
  /** Index in `dates` of the window's first day. */
  windowOffset: number;
}

export interface SeriesKey {
  marketplace: string;
  asin: string;
}

export interface SeriesSet {
  layout: SeriesLayout;
  keys: SeriesKey[];
  /** Per measure, [series × dates.length + day]. */
  dense: Record<SeriesMeasure, Float64Array>;
  /** Per measure, [series × weeks + block]; block 0 is the week just before the window. */
  blocks: Record<SeriesMeasure, Float64Array>;
  /** Weekday factors (Monday first, mean 1) per marketplace and rhythm measure. */
  weekdays: Map<string, Record<RhythmMeasure, Float64Array>>;
}

/**
 * The days a scan covers for a window: BASELINE_WEEKS whole weeks before it
 * (the last DENSE_BASELINE_DAYS also day by day) and the window itself.
 *
 * @example
 * seriesLayout({ start: "2026-11-07", end: "2026-11-20" }).baselineStart // "2026-08-22"
 */
export function seriesLayout(window: { start: string; end: string }, weeks = BASELINE_WEEKS): SeriesLayout {
  const baselineStart = addDaysIso(window.start, -7 * weeks);
  const denseStart = addDaysIso(window.start, -DENSE_BASELINE_DAYS);
  const dates: string[] = [];
  for (let d = denseStart; d <= window.end; d = addDaysIso(d, 1)) dates.push(d);
  return {
    baselineStart,
    weeks,
    denseStart,
    windowStart: window.start,
    end: window.end,
    dates,
    windowOffset: DENSE_BASELINE_DAYS,
  };
}

/** The last day of baseline block `k` (0 = the week just before the window). */
export function blockEnd(layout: SeriesLayout, k: number): string {
  return addDaysIso(layout.windowStart, -1 - 7 * k);
}

function emptyMeasures(size: number): Record<SeriesMeasure, Float64Array> {
  return Object.fromEntries(SERIES_MEASURES.map((m) => [m, new Float64Array(size)])) as Record<
    SeriesMeasure,
    Float64Array
  >;
}

/** An empty set for these keys, to be filled. */
export function emptySeriesSet(layout: SeriesLayout, keys: SeriesKey[]): SeriesSet {
  return {
    layout,
    keys,
    dense: emptyMeasures(keys.length * layout.dates.length),
    blocks: emptyMeasures(keys.length * layout.weeks),
    weekdays: new Map(),
  };
}

/** One product's figures for one day, as daily rows give them. */
export type DailyFigures = Partial<Record<SeriesMeasure, number>> & { marketplace: string; asin: string; date: string };

/**
 * Builds a set from daily rows (sales and advertising rows may come apart:
 * their measures add up). Rows outside the layout's days are ignored; `days`
 * counts the days that have a sales row.
 *
 * @example
 * const set = seriesFromDaily(seriesLayout(window), rows);
 */
export function seriesFromDaily(layout: SeriesLayout, rows: Iterable<DailyFigures>): SeriesSet {
  const list = [...rows];
  const index = new Map<string, number>();
  const keys: SeriesKey[] = [];
  for (const r of list) {
    const key = `${r.marketplace}|${r.asin}`;
    if (!index.has(key)) {
      index.set(key, keys.length);
      keys.push({ marketplace: r.marketplace, asin: r.asin });
    }
  }
  const set = emptySeriesSet(layout, keys);
  const nDates = layout.dates.length;
  const dayIndex = new Map(layout.dates.map((d, i) => [d, i]));
  const totals = new Map<string, Record<RhythmMeasure, Map<string, number>>>();
  for (const r of list) {
    if (r.date < layout.baselineStart || r.date > layout.end) continue;
    const s = index.get(`${r.marketplace}|${r.asin}`)!;
    const d = dayIndex.get(r.date);
    const block = r.date < layout.windowStart ? Math.floor(daysBefore(r.date, layout.windowStart) / 7) : -1;
    for (const m of SERIES_MEASURES) {
      const v = r[m];
      if (v === undefined || v === null || !Number.isFinite(v)) continue;
      if (d !== undefined) set.dense[m][s * nDates + d] += v;
      if (block >= 0 && block < layout.weeks) set.blocks[m][s * layout.weeks + block] += v;
    }
    if (r.date < layout.windowStart) {
      let market = totals.get(r.marketplace);
      if (!market) {
        market = Object.fromEntries(RHYTHM_MEASURES.map((m) => [m, new Map()])) as unknown as Record<
          RhythmMeasure,
          Map<string, number>
        >;
        totals.set(r.marketplace, market);
      }
      for (const m of RHYTHM_MEASURES) {
        const v = r[m];
        if (v) market[m].set(r.date, (market[m].get(r.date) ?? 0) + v);
      }
    }
  }
  for (const [marketplace, market] of totals) {
    set.weekdays.set(
      marketplace,
      Object.fromEntries(
        RHYTHM_MEASURES.map((m) => [m, weekdayFactors(layout, (date) => market[m].get(date) ?? 0)]),
      ) as Record<RhythmMeasure, Float64Array>,
    );
  }
  return set;
}

function daysBefore(date: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000) - 1;
}

/**
 * Weekday factors (Monday first, mean 1) from a marketplace's daily totals
 * over the baseline weeks: each day against its own week's mean, so a trend
 * or a season does not leak into the rhythm; the median per weekday, so one
 * odd week does not either. All 1 when there is too little to tell.
 */
export function weekdayFactors(layout: SeriesLayout, totalOn: (date: string) => number): Float64Array {
  const perWeekday: number[][] = [[], [], [], [], [], [], []];
  for (let k = 0; k < layout.weeks; k++) {
    const last = blockEnd(layout, k);
    const days = Array.from({ length: 7 }, (_, i) => addDaysIso(last, i - 6));
    const values = days.map(totalOn);
    const mean = values.reduce((a, b) => a + b, 0) / 7;
    // A week that barely sold says nothing about its rhythm.
    if (mean < 5) continue;
    days.forEach((day, i) => {
      perWeekday[weekdayIso(day)].push(values[i] / mean);
    });
  }
  const factors = new Float64Array(7).fill(1);
  if (perWeekday.some((v) => v.length < 3)) return factors;
  for (let w = 0; w < 7; w++) {
    const sorted = perWeekday[w].slice().sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    factors[w] = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
  const mean = factors.reduce((a, b) => a + b, 0) / 7;
  for (let w = 0; w < 7; w++) factors[w] /= mean;
  return factors;
}

/** The days whose running totals a set needs: the day before the baseline, each block's end and every dense day. */
export function runningTotalDays(layout: SeriesLayout): string[] {
  const days = new Set<string>([addDaysIso(layout.baselineStart, -1)]);
  for (let k = 0; k < layout.weeks; k++) days.add(blockEnd(layout, k));
  days.add(addDaysIso(layout.denseStart, -1));
  for (const d of layout.dates) days.add(d);
  return [...days].sort();
}

/** Every day from the day before the baseline to the day before the window (marketplace totals for weekday factors). */
export function baselineDays(layout: SeriesLayout): string[] {
  const days: string[] = [];
  for (let d = addDaysIso(layout.baselineStart, -1); d < layout.windowStart; d = addDaysIso(d, 1)) days.push(d);
  return days;
}

/** A product's running totals on one day (measures since its first day). */
export type RunningTotals = Partial<Record<SeriesMeasure, number>> & {
  marketplace: string;
  asin: string;
  date: string;
};

/**
 * Builds a set from running totals: each product's totals on runningTotalDays
 * (none before its first day, which counts as zero) and, for the weekday
 * factors, each marketplace's totals on baselineDays. A block or a day is
 * the difference of the totals at its ends.
 */
export function seriesFromRunningTotals(
  layout: SeriesLayout,
  productTotals: Iterable<RunningTotals>,
  marketTotals: Iterable<RunningTotals>,
): SeriesSet {
  const days = runningTotalDays(layout);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const nDays = days.length;
  // Every product's totals in one matrix per measure ([series × days]); the keys are learned as rows come.
  const index = new Map<string, number>();
  const keys: SeriesKey[] = [];
  let capacity = 1024;
  let totals = SERIES_MEASURES.map(() => new Float64Array(capacity * nDays));
  for (const r of productTotals) {
    const d = dayIndex.get(r.date);
    if (d === undefined) continue;
    const key = `${r.marketplace}|${r.asin}`;
    let s = index.get(key);
    if (s === undefined) {
      s = keys.length;
      index.set(key, s);
      keys.push({ marketplace: r.marketplace, asin: r.asin });
      if (s >= capacity) {
        capacity *= 2;
        totals = totals.map((old) => {
          const grown = new Float64Array(capacity * nDays);
          grown.set(old);
          return grown;
        });
      }
    }
    // Written out: a loop over the measure names reads the row by computed keys, several times slower.
    const at = s * nDays + d;
    totals[0][at] = r.units ?? 0;
    totals[1][at] = r.revenue ?? 0;
    totals[2][at] = r.sessions ?? 0;
    totals[3][at] = r.refund_units ?? 0;
    totals[4][at] = r.bb_weighted ?? 0;
    totals[5][at] = r.bb_views ?? 0;
    totals[6][at] = r.ad_spend ?? 0;
    totals[7][at] = r.ad_sales ?? 0;
    totals[8][at] = r.ad_clicks ?? 0;
    totals[9][at] = r.ad_orders ?? 0;
    totals[10][at] = r.days ?? 0;
  }
  const set = emptySeriesSet(layout, keys);
  const nDates = layout.dates.length;
  const weeks = layout.weeks;
  const blockEnds = Array.from({ length: weeks }, (_, k) => dayIndex.get(blockEnd(layout, k))!);
  const blockBefores = Array.from({ length: weeks }, (_, k) =>
    k === weeks - 1 ? dayIndex.get(addDaysIso(layout.baselineStart, -1))! : blockEnds[k + 1],
  );
  const denseDays = layout.dates.map((d) => dayIndex.get(d)!);
  const beforeDense = dayIndex.get(addDaysIso(layout.denseStart, -1))!;
  for (let m = 0; m < SERIES_MEASURES.length; m++) {
    const measure = SERIES_MEASURES[m];
    const t = totals[m];
    const blocks = set.blocks[measure];
    const dense = set.dense[measure];
    for (let s = 0; s < keys.length; s++) {
      const row = s * nDays;
      for (let k = 0; k < weeks; k++) blocks[s * weeks + k] = t[row + blockEnds[k]] - t[row + blockBefores[k]];
      let previous = t[row + beforeDense];
      for (let d = 0; d < nDates; d++) {
        const total = t[row + denseDays[d]];
        dense[s * nDates + d] = total - previous;
        previous = total;
      }
    }
  }
  const markets = new Map<string, Map<string, RunningTotals>>();
  for (const r of marketTotals) {
    if (!markets.has(r.marketplace)) markets.set(r.marketplace, new Map());
    markets.get(r.marketplace)!.set(r.date, r);
  }
  for (const [marketplace, totals] of markets) {
    const daily = (m: RhythmMeasure) => (date: string) =>
      (totals.get(date)?.[m] ?? 0) - (totals.get(addDaysIso(date, -1))?.[m] ?? 0);
    set.weekdays.set(
      marketplace,
      Object.fromEntries(RHYTHM_MEASURES.map((m) => [m, weekdayFactors(layout, daily(m))])) as Record<
        RhythmMeasure,
        Float64Array
      >,
    );
  }
  return set;
}

/**
 * The anomaly detectors: pure functions over a SeriesSet. For each product ×
 * marketplace × metric, the days of the window are compared with what the
 * baseline expects (level, trend, weekday rhythm; robust statistics; a count
 * model for small numbers), every run of consecutive days is scored, and the
 * strongest rise and fall that pass both the score and the effect-size gates
 * are reported, with the likely driver.
 */
import { createHash } from "node:crypto";
import { weekdayIso } from "../../core/dates.js";
import { fitCounts, fitLevel, trimmedDispersion, type CountFit, type LevelFit } from "./baseline.js";
import { blockEnd, type SeriesMeasure, type SeriesSet } from "./series-set.js";
import { THRESHOLDS, type Sensitivity, type Thresholds } from "./sensitivity.js";
import { countBand, countScore, median, negativeBinomialScore } from "./stats.js";

export const ANOMALY_METRICS = [
  "revenue",
  "units_sold",
  "sessions",
  "conversion_rate",
  "buy_box_percentage",
  "refund_rate",
  "price",
  "ad_spend",
  "acos",
] as const;
export type AnomalyMetric = (typeof ANOMALY_METRICS)[number];

export type Direction = "up" | "down";
export type Driver = "traffic" | "conversion" | "price" | "buy_box" | "advertising" | "returns" | "stock";

export interface Anomaly {
  /** Stable while the anomaly lasts: the same product, metric, direction and start day give the same id. */
  id: string;
  marketplace: string;
  asin: string;
  metric: AnomalyMetric;
  direction: Direction;
  /** First and last day of the unusual run (inclusive). */
  start: string;
  end: string;
  days: number;
  /** It runs to the last day scanned. */
  ongoing: boolean;
  /**
   * Over its days: a sum for revenue, units, sessions and ad spend; the
   * period's rate for conversion, refund rate and ACoS (percent); the
   * page-view weighted buy box percentage; the average selling price.
   */
  observed: number;
  expected: number;
  /** The 95% band around `expected`. */
  expected_low: number;
  expected_high: number;
  /** observed against expected, in percent (null when nothing was expected). */
  change_pct: number | null;
  /** Standard deviations from the expected value (signed). */
  score: number;
  driver: Driver;
  /**
   * The money it made or cost over its days, in the marketplace's currency
   * (negative: lost): revenue above or below the expected revenue for
   * revenue, units, sessions and conversion; for the buy box, the revenue
   * of its days × (1 − usual share / share held), sales taken as
   * proportional to the buy box; refunds above the
   * usual rate × price; ad spend above what the usual ACoS would spend for
   * the ad sales made (ACoS) or above the expected spend; the price change ×
   * units sold.
   */
  money_impact: number;
  /** The days the expected values were learned from. */
  baseline: { start: string; end: string };
}

export interface DetectOptions {
  sensitivity?: Sensitivity;
  /** Part of every id, so two accounts' anomalies never share one. */
  accountId?: string;
  /** `${marketplace}|${asin}` of products that are no longer listed: never anomalies. */
  inactive?: ReadonlySet<string>;
  /**
   * Category by `${marketplace}|${asin}`: a season or an event that lifts a
   * whole category lifts what is expected of each of its products too.
   */
  categories?: ReadonlyMap<string, string>;
}

/** Counts below these (in count units) over a run are not worth a finding whatever their score. */
const MIN_COUNT_CHANGE: Record<"units" | "revenue" | "sessions" | "ad_spend", number> = {
  units: 5,
  revenue: 5,
  sessions: 40,
  ad_spend: 10,
};

/** Relative uncertainty of a rate's baseline level (conversion, refund rate, ACoS). */
const RATE_LEVEL_SD = 0.07;
/** The ACoS shown when ads spent without a single sale. */
const NO_SALES_ACOS = 999.99;

/** Weeks at the start of the baseline a product must already sell in: a newer one has no baseline. */
const ESTABLISHED_WEEKS = 4;

/**
 * Every anomaly in the window of the set.
 *
 * @example
 * const found = detectAnomalies(set, { sensitivity: "normal", accountId: "demo" });
 */
export function detectAnomalies(set: SeriesSet, options: DetectOptions = {}): Anomaly[] {
  const thresholds = THRESHOLDS[options.sensitivity ?? "normal"];
  const layout = set.layout;
  const nDates = layout.dates.length;
  const weekdays = Uint8Array.from(layout.dates, weekdayIso);
  const baseline = { start: layout.baselineStart, end: blockEnd(layout, 0) };
  const scans: ProductScan[] = [];
  for (let s = 0; s < set.keys.length; s++) {
    const key = set.keys[s];
    if (options.inactive?.has(`${key.marketplace}|${key.asin}`)) continue;
    const view = new SeriesView(set, s, nDates, weekdays);
    if (!view.established()) continue;
    const scan = new ProductScan(view, thresholds, baseline, options.accountId ?? "");
    scan.prepare();
    scans.push(scan);
  }
  if (options.categories) adjustForCohorts(scans, options.categories, layout.windowOffset);
  // A few weeks of one product say little about how much its figures wander: each product's dispersion
  // leans on its marketplace's typical one for the same figure.
  const pooled = new Map<string, number[]>();
  for (const scan of scans)
    for (const [figure, phi] of scan.dispersions()) {
      const key = `${scan.marketplace}|${figure}`;
      if (!pooled.has(key)) pooled.set(key, []);
      pooled.get(key)!.push(phi);
    }
  const typical = new Map([...pooled].map(([key, values]) => [key, median(values)]));
  const out: Anomaly[] = [];
  for (const scan of scans) out.push(...scan.run((figure) => typical.get(`${scan.marketplace}|${figure}`)));
  return out;
}

/** One product's figures in a set. */
class SeriesView {
  readonly offset: number;
  constructor(
    readonly set: SeriesSet,
    readonly s: number,
    readonly nDates: number,
    readonly weekdays: Uint8Array,
  ) {
    this.offset = s * nDates;
  }

  get key() {
    return this.set.keys[this.s];
  }

  private readonly denseViews = new Map<SeriesMeasure, Float64Array>();
  private readonly blockViews = new Map<SeriesMeasure, Float64Array>();

  dense(m: SeriesMeasure): Float64Array {
    let view = this.denseViews.get(m);
    if (!view) this.denseViews.set(m, (view = this.set.dense[m].subarray(this.offset, this.offset + this.nDates)));
    return view;
  }

  blocks(m: SeriesMeasure): Float64Array {
    let view = this.blockViews.get(m);
    if (!view) {
      const w = this.set.layout.weeks;
      this.blockViews.set(m, (view = this.set.blocks[m].subarray(this.s * w, (this.s + 1) * w)));
    }
    return view;
  }

  blockSum(m: SeriesMeasure, from: number, to: number): number {
    const b = this.blocks(m);
    let total = 0;
    for (let k = from; k <= Math.min(to, b.length - 1); k++) total += b[k];
    return total;
  }

  /** Sold (had rows) through the oldest baseline weeks, and has rows in the window: neither new nor gone. */
  established(): boolean {
    const weeks = this.set.layout.weeks;
    if (this.blockSum("days", weeks - ESTABLISHED_WEEKS, weeks - 1) < 7 * ESTABLISHED_WEEKS - 3) return false;
    const days = this.dense("days");
    for (let d = this.set.layout.windowOffset; d < this.nDates; d++) if (days[d] > 0) return true;
    return false;
  }

  rhythm(m: "units" | "revenue" | "sessions" | "ad_spend"): ArrayLike<number> {
    return this.set.weekdays.get(this.key.marketplace)?.[m] ?? FLAT;
  }
}

const FLAT = new Float64Array(7).fill(1);

interface Segment {
  from: number;
  to: number;
  score: number;
}

/** A figure whose dispersion is learned per product and pooled per marketplace. */
type Figure = "units" | "revenue" | "sessions" | "ad_spend" | "conversion" | "refunds" | "ad_sales";

/** Weight (in residuals) of the marketplace's typical dispersion against a product's own. */
const POOL_WEIGHT = 20;

class ProductScan {
  private readonly w0: number;
  private readonly n: number;
  private readonly fits = new Map<string, CountFit | undefined>();
  private readonly raw = new Map<Figure, { phi: number; n: number }>();
  private buyBoxModel: { daily: Float64Array; fit: LevelFit } | null | undefined;
  private readonly models = new Map<string, unknown>();

  /** A model fitted once per product (prepare and run both need it). */
  private fitOnce<T>(name: string, make: () => T): T {
    if (!this.models.has(name)) this.models.set(name, make());
    return this.models.get(name) as T;
  }
  private typical: (figure: Figure) => number | undefined = () => undefined;
  private readonly found: Anomaly[] = [];
  private readonly asp: number;
  private readonly dates: string[];

  constructor(
    private readonly v: SeriesView,
    private readonly t: Thresholds,
    private readonly baseline: { start: string; end: string },
    private readonly accountId: string,
  ) {
    this.w0 = v.set.layout.windowOffset;
    this.n = v.nDates;
    this.dates = v.set.layout.dates;
    const units = v.blockSum("units", 0, 3);
    this.asp = units > 0 ? v.blockSum("revenue", 0, 3) / units : 0;
  }

  get marketplace(): string {
    return this.v.key.marketplace;
  }

  get key(): string {
    return `${this.v.key.marketplace}|${this.v.key.asin}`;
  }

  /** The fitted baseline of a count and its observed days (for cohort adjustments). */
  countSeries(m: CohortMeasure): { fit: CountFit; observed: Float64Array } | undefined {
    const fit = this.fits.get(m);
    return fit ? { fit, observed: this.v.dense(m) } : undefined;
  }

  /** Fits the baselines and each figure's own dispersion. */
  prepare(): void {
    this.countFit("units", 1);
    if (this.asp > 0) this.countFit("revenue", this.asp);
    this.countFit("sessions", 1);
    const clicks = this.v.blockSum("ad_clicks", 0, 3);
    if (clicks > 0) this.countFit("ad_spend", this.v.blockSum("ad_spend", 0, 3) / clicks);
    const conversion = this.conversionModel();
    if (conversion) this.raw.set("conversion", conversion.raw);
    const refunds = this.refundModel();
    if (refunds) this.raw.set("refunds", refunds.raw);
    const acos = this.acosModel();
    if (acos) this.raw.set("ad_sales", acos.raw);
  }

  dispersions(): [Figure, number][] {
    return [...this.raw].map(([figure, r]) => [figure, r.phi]);
  }

  /** Scans every metric, each figure's dispersion leaning on `typical` (the marketplace's). */
  run(typical: (figure: Figure) => number | undefined): Anomaly[] {
    this.typical = typical;
    this.counts("units_sold", "units");
    this.counts("revenue", "revenue");
    this.counts("sessions", "sessions");
    this.counts("ad_spend", "ad_spend");
    this.conversion();
    this.refunds();
    this.acos();
    this.buyBox();
    this.price();
    return this.found;
  }

  /**
   * A product's own dispersion pulled toward the marketplace's typical one,
   * then raised to an upper estimate: learned from a few weeks, it is often
   * far too low, and too low a dispersion is a false alarm. Never below `min`.
   */
  private dispersion(figure: Figure, min: number): number {
    const own = this.raw.get(figure);
    if (!own) return min;
    const pool = this.typical(figure);
    const phi = pool === undefined ? own.phi : (own.phi * own.n + pool * POOL_WEIGHT) / (own.n + POOL_WEIGHT);
    const weight = own.n + (pool === undefined ? 0 : POOL_WEIGHT);
    return Math.max(min, phi * (1 + Math.sqrt(2 / Math.max(weight, 1))));
  }

  private countFit(m: "units" | "revenue" | "sessions" | "ad_spend", unit?: number): CountFit | undefined {
    if (!this.fits.has(m) && unit !== undefined) {
      const fit = fitCounts({
        dense: this.v.dense(m),
        blocks: this.v.blocks(m),
        weekdays: this.v.weekdays,
        rhythm: this.v.rhythm(m),
        baselineDays: this.w0,
        unit,
      });
      this.fits.set(m, fit);
      if (fit) this.raw.set(m, { phi: fit.dispersion, n: fit.residuals });
    }
    return this.fits.get(m);
  }

  private counts(metric: AnomalyMetric, m: "units" | "revenue" | "sessions" | "ad_spend"): void {
    const fit = this.countFit(m);
    if (!fit) return;
    const dispersion = this.dispersion(m, 1);
    const observed = this.v.dense(m);
    const S = workArray(0, this.n - this.w0);
    const E = workArray(1, this.n - this.w0);
    for (let d = this.w0; d < this.n; d++) {
      S[d - this.w0] = observed[d] / fit.unit;
      E[d - this.w0] = fit.expected[d] / fit.unit;
    }
    const minChange = MIN_COUNT_CHANGE[m];
    for (const seg of scanCounts(S, E, dispersion, fit.levelSd, this.t, this.t.drop, this.t.spike, minChange)) {
      const [s, e] = sums(S, E, seg);
      const band = countBand(e, dispersion, fit.levelSd);
      const revenueGap = m === "ad_spend" ? -(s - e) * fit.unit : this.revenueGap(seg);
      this.report(metric, seg, s * fit.unit, e * fit.unit, (e - band) * fit.unit, (e + band) * fit.unit, revenueGap);
    }
  }

  /** Revenue over a segment against what the revenue baseline expects (0 when there is none). */
  private revenueGap(seg: Segment): number {
    const fit = this.countFit("revenue");
    if (!fit) return 0;
    const revenue = this.v.dense("revenue");
    let gap = 0;
    for (let d = seg.from; d <= seg.to; d++) gap += revenue[this.w0 + d] - fit.expected[this.w0 + d];
    return gap;
  }

  /** Units expected from sessions at the baseline's conversion rate. */
  private conversionModel() {
    return this.fitOnce("conversion", () => this.fitConversion());
  }

  private fitConversion() {
    const sessions = this.v.blockSum("sessions", 0, 3);
    const units = this.v.blockSum("units", 0, 3);
    if (sessions < 100 || units < 10) return undefined;
    const p = units / sessions;
    const dailySessions = this.v.dense("sessions");
    const dailyUnits = this.v.dense("units");
    return { p, raw: rawDispersion(dailyUnits, dailySessions, p, this.w0) };
  }

  private conversion(): void {
    const model = this.conversionModel();
    if (!model) return;
    const { p } = model;
    const dispersion = this.dispersion("conversion", 1);
    const dailySessions = this.v.dense("sessions");
    const dailyUnits = this.v.dense("units");
    const width = this.n - this.w0;
    const S = workArray(0, width);
    const E = workArray(1, width);
    const traffic = workArray(2, width);
    for (let d = 0; d < width; d++) {
      S[d] = dailyUnits[this.w0 + d];
      traffic[d] = dailySessions[this.w0 + d];
      E[d] = p * traffic[d];
    }
    const rise = this.t.rate;
    for (const seg of scanCounts(S, E, dispersion, RATE_LEVEL_SD, this.t, 1 / rise, rise, MIN_COUNT_CHANGE.units)) {
      const [s, e] = sums(S, E, seg);
      const [visits] = sums(traffic, traffic, seg);
      const band = countBand(e, dispersion, RATE_LEVEL_SD);
      const pct = (x: number) => (visits > 0 ? (x / visits) * 100 : 0);
      this.report("conversion_rate", seg, pct(s), pct(e), pct(e - band), pct(e + band), this.revenueGap(seg));
    }
  }

  /** Refunds expected from units sold at the baseline's refund rate. */
  private refundModel() {
    return this.fitOnce("refunds", () => this.fitRefunds());
  }

  private fitRefunds() {
    const weeks = this.v.set.layout.weeks;
    const units = this.v.blockSum("units", 0, weeks - 1);
    if (units < 30) return undefined;
    // A few refunds more or less in the baseline should not set the bar: a light prior toward 2%.
    const rate = (this.v.blockSum("refund_units", 0, weeks - 1) + 0.6) / (units + 30);
    return { rate, raw: rawDispersion(this.v.dense("refund_units"), this.v.dense("units"), rate, this.w0) };
  }

  private refunds(): void {
    const model = this.refundModel();
    if (!model) return;
    const { rate } = model;
    const dispersion = this.dispersion("refunds", 1);
    const dailyUnits = this.v.dense("units");
    const refunds = this.v.dense("refund_units");
    const width = this.n - this.w0;
    const S = workArray(0, width);
    const E = workArray(1, width);
    const sold = workArray(2, width);
    for (let d = 0; d < width; d++) {
      S[d] = refunds[this.w0 + d];
      sold[d] = dailyUnits[this.w0 + d];
      E[d] = rate * sold[d];
    }
    // Refund rates are only news when they rise.
    for (const seg of scanCounts(S, E, dispersion, RATE_LEVEL_SD, this.t, -1, this.t.rate * 1.3, 4)) {
      const [s, e] = sums(S, E, seg);
      const [u] = sums(sold, sold, seg);
      // A rate rise of under 3 points is not a refund spike on any catalog.
      if (u <= 0 || (s - e) / u < 0.03) continue;
      const band = countBand(e, dispersion, RATE_LEVEL_SD);
      const pct = (x: number) => (x / u) * 100;
      this.report("refund_rate", seg, pct(s), pct(e), pct(Math.max(0, e - band)), pct(e + band), -(s - e) * this.asp);
    }
  }

  /** Ad sales (in orders) expected from ad spend at the baseline's ACoS. */
  private acosModel() {
    return this.fitOnce("acos", () => this.fitAcos());
  }

  private fitAcos() {
    const spend = this.v.blockSum("ad_spend", 0, 3);
    const sales = this.v.blockSum("ad_sales", 0, 3);
    const orders = this.v.blockSum("ad_orders", 0, 3);
    if (spend <= 0 || sales <= 0 || orders < 10) return undefined;
    const acos = spend / sales;
    const orderValue = sales / orders;
    const dailySpend = this.v.dense("ad_spend");
    const dailySales = this.v.dense("ad_sales");
    const expected = new Float64Array(this.w0);
    const seen = new Float64Array(this.w0);
    for (let d = 0; d < this.w0; d++) {
      expected[d] = dailySpend[d] / acos / orderValue;
      seen[d] = dailySales[d] / orderValue;
    }
    return { acos, orderValue, raw: rawDispersion(seen, expected, 1, this.w0) };
  }

  private acos(): void {
    const model = this.acosModel();
    if (!model) return;
    const { acos, orderValue } = model;
    const dispersion = this.dispersion("ad_sales", 1);
    const dailySpend = this.v.dense("ad_spend");
    const dailySales = this.v.dense("ad_sales");
    const width = this.n - this.w0;
    // Ad sales are the count here (in orders): ACoS is unusual when they stray from what the spend buys.
    const S = workArray(0, width);
    const E = workArray(1, width);
    const spent = workArray(2, width);
    for (let d = 0; d < width; d++) {
      S[d] = dailySales[this.w0 + d] / orderValue;
      spent[d] = dailySpend[this.w0 + d];
      E[d] = spent[d] / acos / orderValue;
    }
    const r = this.t.rate;
    for (const seg of scanCounts(S, E, dispersion, RATE_LEVEL_SD, this.t, 1 / r, r, 4)) {
      const [s, e] = sums(S, E, seg);
      const [money] = sums(spent, spent, seg);
      const band = countBand(e, dispersion, RATE_LEVEL_SD);
      const ratio = (salesCount: number) => (salesCount > 0 ? (money / (salesCount * orderValue)) * 100 : Infinity);
      const observed = ratio(s);
      // An ACoS change of a few points is bidding noise, not news.
      if (Math.abs(observed - acos * 100) < 8) continue;
      // More sales per unit spent is a fall in ACoS; the score is about the sales, the direction about ACoS.
      const flipped = { ...seg, score: -seg.score };
      this.report(
        "acos",
        flipped,
        Number.isFinite(observed) ? observed : NO_SALES_ACOS,
        acos * 100,
        ratio(e + band),
        e - band > 0 ? ratio(e - band) : NO_SALES_ACOS,
        -(money - s * orderValue * acos),
      );
    }
  }

  /**
   * The buy box level: the median of the weekly levels over the whole
   * baseline (a loss that began a few weeks ago does not become the norm),
   * with the daily spread of the last two weeks.
   */
  private buyBoxFit(): { daily: Float64Array; fit: LevelFit } | undefined {
    if (this.buyBoxModel !== undefined) return this.buyBoxModel ?? undefined;
    const weighted = this.v.dense("bb_weighted");
    const views = this.v.dense("bb_views");
    const daily = new Float64Array(this.n);
    for (let d = 0; d < this.n; d++) daily[d] = views[d] > 0 ? weighted[d] / views[d] : Number.NaN;
    const recent = fitLevel(daily, this.w0, 1.5);
    const blockWeighted = this.v.blocks("bb_weighted");
    const blockViews = this.v.blocks("bb_views");
    const weekly: number[] = [];
    for (let k = 0; k < blockViews.length; k++) if (blockViews[k] > 0) weekly.push(blockWeighted[k] / blockViews[k]);
    const result =
      recent && weekly.length >= 6
        ? { daily, fit: { level: median(weekly), sd: recent.sd } }
        : recent && { daily, fit: recent };
    this.buyBoxModel = result || null;
    return result || undefined;
  }

  private buyBox(): void {
    const model = this.buyBoxFit();
    if (!model) return;
    const { fit, daily } = model;
    const weighted = this.v.dense("bb_weighted");
    const views = this.v.dense("bb_views");
    const width = this.n - this.w0;
    const V = workArray(0, width);
    const W = workArray(1, width);
    const N = workArray(2, width);
    for (let d = 0; d < width; d++) {
      V[d] = weighted[this.w0 + d];
      W[d] = views[this.w0 + d];
      N[d] = views[this.w0 + d] > 0 ? 1 : 0;
    }
    for (const seg of scanLevels(V, W, N, fit, 1, this.t.score, this.t.buyBoxPoints)) {
      const [v, w] = sums(V, W, seg);
      const band = 1.96 * fit.sd;
      this.report(
        "buy_box_percentage",
        seg,
        v / w,
        fit.level,
        Math.max(0, fit.level - band),
        Math.min(100, fit.level + band),
        // Sales taken as proportional to the buy box held: what the days sold, scaled to the usual share.
        v > 0 ? this.sumOver("revenue", seg) * (1 - fit.level / (v / w)) : 0,
        daily,
      );
    }
  }

  private price(): void {
    const revenue = this.v.dense("revenue");
    const units = this.v.dense("units");
    const daily = new Float64Array(this.n);
    for (let d = 0; d < this.n; d++) daily[d] = units[d] > 0 ? revenue[d] / units[d] : Number.NaN;
    const first = fitLevel(daily, this.w0, 0);
    if (!first || first.level <= 0) return;
    const fit = { level: first.level, sd: Math.max(first.sd, first.level * 0.01) };
    const width = this.n - this.w0;
    const V = workArray(0, width);
    const W = workArray(1, width);
    const N = workArray(2, width);
    for (let d = 0; d < width; d++) {
      V[d] = revenue[this.w0 + d];
      W[d] = units[this.w0 + d];
      N[d] = units[this.w0 + d] > 0 ? 1 : 0;
    }
    for (const seg of scanLevels(V, W, N, fit, fit.level * 0.005, this.t.score, fit.level * this.t.price)) {
      const [v, w] = sums(V, W, seg);
      const band = 1.96 * fit.sd;
      this.report("price", seg, v / w, fit.level, fit.level - band, fit.level + band, v - fit.level * w, daily);
    }
  }

  /**
   * Records an anomaly. With `daily` values (a level: buy box, price), a run
   * that opens the window is followed back through the baseline's last two
   * weeks while each day stays past the midpoint between the expected and the
   * observed level: it may have begun before the window.
   */
  private report(
    metric: AnomalyMetric,
    seg: Segment,
    observed: number,
    expected: number,
    low: number,
    high: number,
    impact: number,
    daily?: Float64Array,
  ): void {
    const key = this.v.key;
    const direction: Direction = seg.score > 0 ? "up" : "down";
    let first = this.w0 + seg.from;
    if (daily && seg.from === 0) {
      const middle = (observed + expected) / 2;
      const beyond = (x: number) => (direction === "up" ? x > middle : x < middle);
      while (first > 0 && (Number.isNaN(daily[first - 1]) || beyond(daily[first - 1]))) first--;
    }
    const start = this.dates[first];
    const end = this.dates[this.w0 + seg.to];
    this.found.push({
      id: anomalyId(this.accountId, key.marketplace, key.asin, metric, direction, start),
      marketplace: key.marketplace,
      asin: key.asin,
      metric,
      direction,
      start,
      end,
      days: this.w0 + seg.to - first + 1,
      ongoing: this.w0 + seg.to === this.n - 1,
      observed: round(observed),
      expected: round(expected),
      expected_low: round(Math.min(low, high)),
      expected_high: round(Math.max(low, high)),
      change_pct: expected !== 0 && Number.isFinite(observed) ? round(((observed - expected) / expected) * 100) : null,
      score: round(seg.score),
      driver: this.driverOf(metric, seg),
      money_impact: round(impact),
      baseline: this.baseline,
    });
  }

  /**
   * Why revenue or units moved: the buy box when it fell with them, else the
   * larger of the traffic, conversion and price changes in the same direction.
   */
  private driverOf(metric: AnomalyMetric, seg: Segment): Driver {
    switch (metric) {
      case "sessions":
        return "traffic";
      case "buy_box_percentage":
        return "buy_box";
      case "price":
        return "price";
      case "refund_rate":
        return "returns";
      case "ad_spend":
      case "acos":
        return "advertising";
    }
    const down = seg.score < 0;
    const bb = this.buyBoxShift(seg);
    if (down && bb !== undefined && bb <= -this.t.buyBoxPoints) return "buy_box";
    const traffic = this.ratioOver("sessions", seg);
    const units = this.sumOver("units", seg);
    const sessions = this.sumOver("sessions", seg);
    const baseSessions = this.v.blockSum("sessions", 0, 3);
    const baseConversion = baseSessions > 0 ? this.v.blockSum("units", 0, 3) / baseSessions : 0;
    const conversion = sessions > 0 && baseConversion > 0 ? units / sessions / baseConversion : undefined;
    const price = this.asp > 0 && units > 0 ? this.sumOver("revenue", seg) / units / this.asp : undefined;
    if (metric === "conversion_rate") {
      if (
        price !== undefined &&
        Math.abs(Math.log(price)) >= this.t.price &&
        Math.sign(-Math.log(price)) === Math.sign(seg.score)
      )
        return "price";
      return "conversion";
    }
    const candidates: [Driver, number][] = [];
    if (traffic !== undefined) candidates.push(["traffic", Math.log(Math.max(traffic, 1e-6))]);
    if (conversion !== undefined) candidates.push(["conversion", Math.log(Math.max(conversion, 1e-6))]);
    // A higher price sells fewer units: for units it pushes the other way.
    if (price !== undefined) candidates.push(["price", metric === "revenue" ? Math.log(price) : -Math.log(price)]);
    let best: Driver = "traffic";
    let strongest = 0;
    for (const [driver, shift] of candidates) {
      const along = down ? -shift : shift;
      if (along > strongest) {
        strongest = along;
        best = driver;
      }
    }
    return best;
  }

  private sumOver(m: SeriesMeasure, seg: Segment): number {
    const values = this.v.dense(m);
    let total = 0;
    for (let d = seg.from; d <= seg.to; d++) total += values[this.w0 + d];
    return total;
  }

  /** Observed over expected sessions in a segment. */
  private ratioOver(m: "sessions", seg: Segment): number | undefined {
    const fit = this.countFit(m);
    if (!fit) return undefined;
    let expected = 0;
    for (let d = seg.from; d <= seg.to; d++) expected += fit.expected[this.w0 + d];
    return expected > 0 ? this.sumOver(m, seg) / expected : undefined;
  }

  /** Buy box points in a segment against the baseline level. */
  private buyBoxShift(seg: Segment): number | undefined {
    const model = this.buyBoxFit();
    const w = this.sumOver("bb_views", seg);
    if (!model || w <= 0) return undefined;
    return this.sumOver("bb_weighted", seg) / w - model.fit.level;
  }
}

type CohortMeasure = "units" | "revenue" | "sessions" | "ad_spend";

/** Products a cohort needs before its shared movement is trusted. */
const MIN_COHORT = 6;
/** Expected counts over the window below which a cohort's movement is mostly noise (it is shrunk toward none). */
const COHORT_PRIOR = 60;

/**
 * Scales each product's expected window days by how its cohort (the same
 * category in the same marketplace) moved against its own expectations:
 * like for like, so a category's seasonal surge is not every product's
 * spike. The products that moved most (either way) are left out of the
 * cohort's figure, so one product's anomaly does not hide itself.
 */
function adjustForCohorts(scans: ProductScan[], categories: ReadonlyMap<string, string>, windowOffset: number): void {
  const groups = new Map<string, ProductScan[]>();
  for (const scan of scans) {
    const category = categories.get(scan.key);
    if (!category) continue;
    const key = `${scan.marketplace}|${category}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(scan);
  }
  for (const members of groups.values()) {
    if (members.length < MIN_COHORT) continue;
    for (const m of ["units", "revenue", "sessions", "ad_spend"] as const) {
      const series = members.map((s) => s.countSeries(m)).filter((x) => x !== undefined);
      if (series.length >= MIN_COHORT) applyCohort(series, windowOffset);
    }
  }
}

/** Multiplies the members' expected window days by the cohort's smoothed observed-to-expected ratio. */
function applyCohort(series: { fit: CountFit; observed: Float64Array }[], w0: number): void {
  const n = series[0].observed.length;
  const ratios = series.map(({ fit, observed }) => {
    let seen = 0;
    let expected = 0;
    for (let d = w0; d < n; d++) {
      seen += observed[d];
      expected += fit.expected[d];
    }
    return expected > 0 ? seen / expected : Number.NaN;
  });
  const sorted = ratios.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length < MIN_COHORT) return;
  const cut = Math.floor(sorted.length * 0.2);
  const low = sorted[cut];
  const high = sorted[sorted.length - 1 - cut];
  const seen = new Float64Array(n);
  const expected = new Float64Array(n);
  let total = 0;
  series.forEach(({ fit, observed }, i) => {
    if (!(ratios[i] >= low && ratios[i] <= high)) return;
    for (let d = w0; d < n; d++) {
      // In count units, so a high-priced product does not outweigh the rest.
      seen[d] += observed[d] / fit.unit;
      expected[d] += fit.expected[d] / fit.unit;
      total += fit.expected[d] / fit.unit;
    }
  });
  const trust = total / (total + COHORT_PRIOR);
  const factors = new Float64Array(n).fill(1);
  for (let d = w0; d < n; d++) {
    let x = 0;
    let e = 0;
    for (let j = Math.max(w0, d - 3); j <= Math.min(n - 1, d + 3); j++) {
      x += seen[j];
      e += expected[j];
    }
    if (e > 0) factors[d] = Math.min(2.5, Math.max(0.4, 1 + trust * (x / e - 1)));
  }
  for (const { fit } of series) for (let d = w0; d < n; d++) fit.expected[d] *= factors[d];
}

/** Reused arrays for a metric's window days (a scan runs one metric at a time): no garbage per product. */
const POOL = [new Float64Array(32), new Float64Array(32), new Float64Array(32)];

function workArray(slot: 0 | 1 | 2, width: number): Float64Array {
  if (POOL[slot].length < width) POOL[slot] = new Float64Array(width * 2);
  return POOL[slot].subarray(0, width);
}

function sums(a: Float64Array, b: Float64Array, seg: Segment): [number, number] {
  let x = 0;
  let y = 0;
  for (let d = seg.from; d <= seg.to; d++) {
    x += a[d];
    y += b[d];
  }
  return [x, y];
}

/**
 * The strongest fall and rise among all runs of days: scored as counts
 * (observed S against expected E, negative binomial tails), kept when the score passes the gate, the
 * run's total moved to at most `drop` × or at least `spike` × the expected,
 * and by at least `minChange` count units. A fall and a rise that overlap
 * keep only the stronger.
 */
export function scanCounts(
  S: Float64Array,
  E: Float64Array,
  dispersion: number,
  levelSd: number,
  t: Pick<Thresholds, "score">,
  drop: number,
  spike: number,
  minChange: number,
): Segment[] {
  const n = S.length;
  let bestUp: Segment | undefined;
  let bestDown: Segment | undefined;
  for (let from = 0; from < n; from++) {
    let s = 0;
    let e = 0;
    for (let to = from; to < n; to++) {
      s += S[to];
      e += E[to];
      const change = s - e;
      if (Math.abs(change) < minChange) continue;
      if (change > 0 ? s < spike * e : s > drop * e) continue;
      // The Poisson score alone (no level uncertainty) is the larger: a cheap screen before the exact one.
      if (Math.abs(countScore(s, e, dispersion, 0)) < t.score) continue;
      const z = negativeBinomialScore(s, e, dispersion, levelSd);
      if (Math.abs(z) < t.score) continue;
      if (z > 0 && (!bestUp || z > bestUp.score)) bestUp = { from, to, score: z };
      if (z < 0 && (!bestDown || z < bestDown.score)) bestDown = { from, to, score: z };
    }
  }
  return keepApart(bestUp, bestDown);
}

/**
 * The same for a level (buy box, price): each day's weighted sum V over its
 * weight W, N the days that have one; a run's level is ΣV / ΣW, scored
 * against the baseline level with the daily spread and an uncertainty of
 * the level itself (`levelSd`), kept when it moved by at least `minShift`.
 */
export function scanLevels(
  V: Float64Array,
  W: Float64Array,
  N: Float64Array,
  fit: LevelFit,
  levelSd: number,
  minScore: number,
  minShift: number,
): Segment[] {
  const n = V.length;
  let bestUp: Segment | undefined;
  let bestDown: Segment | undefined;
  for (let from = 0; from < n; from++) {
    let v = 0;
    let w = 0;
    let days = 0;
    for (let to = from; to < n; to++) {
      v += V[to];
      w += W[to];
      days += N[to];
      if (w <= 0 || days === 0) continue;
      const shift = v / w - fit.level;
      if (Math.abs(shift) < minShift) continue;
      const z = shift / Math.sqrt((fit.sd * fit.sd) / days + levelSd * levelSd);
      if (Math.abs(z) < minScore) continue;
      if (z > 0 && (!bestUp || z > bestUp.score)) bestUp = { from, to, score: z };
      if (z < 0 && (!bestDown || z < bestDown.score)) bestDown = { from, to, score: z };
    }
  }
  return keepApart(bestUp, bestDown);
}

function keepApart(up: Segment | undefined, down: Segment | undefined): Segment[] {
  if (up && down && up.from <= down.to && down.from <= up.to)
    return [Math.abs(up.score) >= Math.abs(down.score) ? up : down];
  return [up, down].filter((s): s is Segment => s !== undefined);
}

/**
 * A count's own dispersion against an expectation proportional to another
 * series (units against sessions × conversion, refunds against units × rate)
 * over the baseline's dense days, and how many days it rests on.
 */
function rawDispersion(
  counts: ArrayLike<number>,
  base: ArrayLike<number>,
  factor: number,
  days: number,
): { phi: number; n: number } {
  const squared = new Float64Array(days);
  for (let d = 0; d < days; d++) {
    const expected = base[d] * factor;
    squared[d] = (counts[d] - expected) ** 2 / Math.max(expected, 0.5);
  }
  return { phi: trimmedDispersion(squared), n: days };
}

/** The id of an anomaly: the same for the same product, metric, direction and first day, run after run. */
export function anomalyId(
  accountId: string,
  marketplace: string,
  asin: string,
  metric: string,
  direction: Direction,
  start: string,
): string {
  const digest = createHash("sha1")
    .update([accountId, marketplace, asin, metric, direction, start].join("|"))
    .digest("hex");
  return `anm_${digest.slice(0, 16)}`;
}

function round(value: number): number {
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : value;
}

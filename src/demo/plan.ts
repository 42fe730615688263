import { addDaysIso, weekdayIso } from "../core/dates.js";
import { demoCatalogVocab, type DemoCategoryVocab } from "./catalog.js";
import { Random } from "./random.js";
import { DEMO_SCALES, type DemoScale, type DemoScaleName } from "./scales.js";

/** A marketplace the demo seller sells in, with how it differs from the US. */
export interface DemoMarket {
  code: "US" | "UK" | "DE";
  currency: "USD" | "GBP" | "EUR";
  /** Local price for one US dollar of list price (before .99 rounding). */
  priceFactor: number;
  /** Sales volume relative to the US. */
  volume: number;
  /** Roughly what one unit of the local currency is worth in USD. */
  usdRate: number;
}

export const DEMO_MARKETS: readonly DemoMarket[] = [
  { code: "US", currency: "USD", priceFactor: 1, volume: 1, usdRate: 1 },
  { code: "UK", currency: "GBP", priceFactor: 0.86, volume: 0.34, usdRate: 1.27 },
  { code: "DE", currency: "EUR", priceFactor: 0.98, volume: 0.3, usdRate: 1.08 },
];

export const DEMO_ACCOUNT_ID = "demo";

export type Trend = "growing" | "declining" | "stable";

export interface DemoProduct {
  index: number;
  asin: string;
  sku: string;
  fnsku: string;
  title: string;
  brand: string;
  category: string;
  categoryIndex: number;
  subcategory: string;
  subcategoryIndex: number;
  /** Position among our products in the same subcategory (0 = the lead product). */
  rankInSubcategory: number;
  basePriceUsd: number;
  unitCostUsd: number;
  fbaFeeUsd: number;
  referralPct: number;
  refundRate: number;
  conversion: number;
  /** Expected US units per day at the end date, before seasonality. */
  baseUnits: number;
  trend: Trend;
  growthPerYear: number;
  /** Day index of the launch; negative means before the history starts. */
  launchDay: number;
  /** Price multipliers from a day index on (sorted, none in the last 30 days). */
  priceChanges: { day: number; factor: number }[];
  rating: number;
  ratingPhase: number;
}

export type PlantedSeriesKind =
  | "rating_decline"
  | "low_stock"
  | "overstock"
  | "competitor_undercut"
  | "buy_box_drop"
  | "competitor_price_change"
  | "sales_drop";

/**
 * Anomalies planted in the last two weeks, each on its own product and
 * marketplace, for the anomaly detectors to find (besides sales_drop and
 * buy_box_drop, which are anomalies too).
 */
export type PlantedAnomalyKind =
  | "sales_spike"
  | "traffic_drop"
  | "conversion_drop"
  | "buy_box_loss"
  | "refund_spike"
  | "acos_spike";

export interface PlantedAnomaly {
  kind: PlantedAnomalyKind;
  asin: string;
  marketplace: DemoMarket["code"];
  /** Day indexes of its first and last day (inclusive). */
  fromDay: number;
  toDay: number;
  /**
   * What it does on those days: units × factor (sales_spike, traffic_drop,
   * conversion_drop: sessions kept for the last), refund rate × factor, a
   * share of ad orders lost (acos_spike), the buy box percentage (buy_box_loss).
   */
  factor: number;
}

/** Situation kinds that are anomalies: what `--no-anomalies` leaves out. */
export const ANOMALY_SERIES_KINDS: readonly PlantedSeriesKind[] = ["buy_box_drop", "sales_drop"];

/** A product in one marketplace that carries a planted situation. */
export interface PlantedSeries {
  kind: PlantedSeriesKind;
  asin: string;
  marketplace: DemoMarket["code"];
}

export interface DemoPlan {
  seed: number;
  scale: DemoScale;
  start: string;
  end: string;
  /** Number of days, day index 0 = start, days - 1 = end. */
  days: number;
  adsStartDay: number;
  dates: string[];
  markets: readonly DemoMarket[];
  products: DemoProduct[];
  /** Seasonality per category index: a multiplier per day index (weekly and yearly). */
  season: Float64Array[];
  planted: PlantedSeries[];
  /** kind by `${marketplace}|${asin}`. */
  plantedByKey: Map<string, PlantedSeriesKind>;
  /** Advertised products per marketplace: `${marketplace}|${asin}`. */
  advertised: Set<string>;
  gapSubcategories: { category: string; subcategory: string }[];
  salesDrop: { fromDay: number; factor: number };
  /** Anomalies planted in the last two weeks (none with `anomalies: false`). */
  anomalies: PlantedAnomaly[];
  /** The planted anomaly by `${marketplace}|${asin}`. */
  anomalyByKey: Map<string, PlantedAnomaly>;
}

export interface DemoPlanOptions {
  seed: number;
  /** Last day of history, YYYY-MM-DD. */
  end: string;
  scale?: DemoScaleName | DemoScale;
  /** Plant anomalies (default true); false gives the same seller without any, to measure false alarms on. */
  anomalies?: boolean;
}

/** Lead products per subcategory that carry ads in each marketplace. */
export const ADVERTISED_PER_SUBCATEGORY = 3;

/**
 * The demo seller's catalog and planted situations, derived from the seed and
 * end date only (no database, no clock).
 *
 * @example
 * const plan = planDemo({ seed: 1, end: "2026-11-20" });
 * plan.products.length; // 150
 */
export function planDemo(options: DemoPlanOptions): DemoPlan {
  const scale: DemoScale = typeof options.scale === "object" ? options.scale : DEMO_SCALES[options.scale ?? "default"];
  const seed = options.seed >>> 0;
  const days = scale.days;
  const start = addDaysIso(options.end, -(days - 1));
  const dates = Array.from({ length: days }, (_, i) => addDaysIso(start, i));
  const vocab = demoCatalogVocab();
  const products = planProducts(seed, scale, days, vocab.categories, vocab.variants, vocab.pack_sizes);
  const season = vocab.categories.map((c, i) => seasonality(dates, c, i));
  const advertised = new Set<string>();
  for (const m of DEMO_MARKETS)
    for (const p of products)
      if (p.rankInSubcategory < ADVERTISED_PER_SUBCATEGORY) advertised.add(`${m.code}|${p.asin}`);
  const withAnomalies = options.anomalies ?? scale.anomalies ?? true;
  // Chosen the same way either way, so the seller without anomalies differs only where they were.
  const chosen = plantSeries(seed, products, days, advertised);
  const planted = withAnomalies ? chosen : chosen.filter((s) => !ANOMALY_SERIES_KINDS.includes(s.kind));
  const anomalies = withAnomalies ? plantAnomalies(seed, products, days, advertised, chosen) : [];
  const plantedByKey = new Map(planted.map((s) => [`${s.marketplace}|${s.asin}`, s.kind]));
  return {
    seed,
    scale,
    start,
    end: options.end,
    days,
    adsStartDay: Math.max(0, days - scale.adsDays),
    dates,
    markets: DEMO_MARKETS,
    products,
    season,
    planted,
    plantedByKey,
    advertised,
    gapSubcategories: vocab.categories.flatMap((c) =>
      c.gap_subcategories.map((g) => ({ category: c.name, subcategory: g.name })),
    ),
    salesDrop: { fromDay: days - 10, factor: 0.15 },
    anomalies,
    anomalyByKey: new Map(anomalies.map((a) => [`${a.marketplace}|${a.asin}`, a])),
  };
}

/** Price in a marketplace's currency, ending in .99 as list prices do. */
export function charmPrice(value: number): number {
  return Math.max(0.99, Math.round(value) - 0.01);
}

/** The product's list price in a marketplace on a day. */
export function priceOn(product: DemoProduct, market: DemoMarket, day: number): number {
  let factor = 1;
  for (const change of product.priceChanges) if (change.day <= day) factor *= change.factor;
  return charmPrice(product.basePriceUsd * market.priceFactor * factor);
}

/** Turns a number into a fixed-width base-36 code (upper case). */
function code36(value: number, width: number): string {
  return value.toString(36).toUpperCase().padStart(width, "0").slice(-width);
}

const ASIN_SPACE = 36 ** 8;

/** ASINs look real ("B0" + 8 characters) and are unique: an odd multiplier not divisible by 3 is a bijection mod 36^8. */
export function demoAsin(seed: number, index: number): string {
  const mixed = (index * 2654435761 + (seed % 1000) * 104729 + 7_777_777) % ASIN_SPACE;
  return `B0${code36(mixed, 8)}`;
}

function planProducts(
  seed: number,
  scale: DemoScale,
  days: number,
  categories: DemoCategoryVocab[],
  variants: string[],
  packs: string[],
): DemoProduct[] {
  const products: DemoProduct[] = [];
  const subCounts = new Map<string, number>();
  const titles = new Set<string>();
  const launchWindow = days >= 500;
  for (let index = 0; index < scale.asins; index++) {
    const categoryIndex = index % categories.length;
    const category = categories[categoryIndex];
    const subcategoryIndex = Math.floor(index / categories.length) % category.subcategories.length;
    const sub = category.subcategories[subcategoryIndex];
    const subKey = `${categoryIndex}|${subcategoryIndex}`;
    const rankInSubcategory = subCounts.get(subKey) ?? 0;
    subCounts.set(subKey, rankInSubcategory + 1);
    const rng = Random.for(seed, "product", index);
    const stem = sub.stems[rankInSubcategory % sub.stems.length];
    let title = "";
    for (let attempt = 0; attempt < 20; attempt++) {
      const variant = rng.pick(variants);
      const pack = rng.pick(packs);
      title = `${category.brand} ${stem}${pack ? `, ${pack}` : ""} - ${variant}`;
      if (!titles.has(title)) break;
    }
    if (titles.has(title)) title = `${title} (${index + 1})`;
    titles.add(title);
    const basePriceUsd = charmPrice(rng.between(sub.price[0], sub.price[1]));
    const trendDraw = rng.next();
    const trend: Trend = trendDraw < 0.3 ? "growing" : trendDraw < 0.5 ? "declining" : "stable";
    const growthPerYear =
      trend === "growing"
        ? rng.between(0.3, 0.7)
        : trend === "declining"
          ? -rng.between(0.25, 0.5)
          : rng.between(-0.05, 0.08);
    const launchedInHistory = launchWindow && rng.chance(0.15);
    const launchDay = launchedInHistory ? rng.int(30, days - 400) : -rng.int(60, 900);
    const priceChanges: { day: number; factor: number }[] = [];
    const changes = rng.int(0, 3);
    for (let c = 0; c < changes; c++) {
      const day = rng.int(Math.max(60, launchDay + 30), Math.max(61, days - 45));
      if (day < days - 30) priceChanges.push({ day, factor: rng.pick([0.9, 0.95, 1.05, 1.1]) });
    }
    priceChanges.sort((a, b) => a.day - b.day);
    products.push({
      index,
      asin: demoAsin(seed, index),
      sku: `${category.code}-${sub.name
        .replace(/[^A-Za-z]/g, "")
        .slice(0, 3)
        .toUpperCase()}-${String(index + 1).padStart(4, "0")}`,
      fnsku: `X00${code36(Math.floor(rng.next() * 36 ** 7), 7)}`,
      title,
      brand: category.brand,
      category: category.name,
      categoryIndex,
      subcategory: sub.name,
      subcategoryIndex,
      rankInSubcategory,
      basePriceUsd,
      unitCostUsd: round2(basePriceUsd * rng.between(0.22, 0.38)),
      fbaFeeUsd: round2(sub.fba_fee * rng.between(0.92, 1.1)),
      referralPct: category.name === "Beauty & Personal Care" && basePriceUsd <= 10 ? 8 : 15,
      refundRate: category.refund_rate * rng.between(0.7, 1.3),
      conversion: rng.between(0.08, 0.16),
      // Lead products sell more; everything sells at least a few units a day in the US.
      baseUnits: Math.min(90, Math.max(4, Math.exp(Math.log(rankInSubcategory === 0 ? 16 : 9) + 0.55 * rng.gauss()))),
      trend,
      growthPerYear,
      launchDay,
      priceChanges,
      rating: round1(rng.between(3.9, 4.8)),
      ratingPhase: rng.between(0, Math.PI * 2),
    });
  }
  return products;
}

/** Weekly rhythm (Monday first) and a category's yearly shape: Q4 for all, summer for outdoor, back to school for office. */
function seasonality(dates: string[], category: DemoCategoryVocab, categoryIndex: number): Float64Array {
  const weekly = [1.03, 0.99, 0.97, 0.96, 0.95, 0.98, 1.12];
  const q4Amplitude = [0.55, 0.25, 0.3, 0.5, 1.5, 0.3][categoryIndex] ?? 0.4;
  const out = new Float64Array(dates.length);
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i];
    const doy = dayOfYear(date);
    // Peak around 12 December: slow rise through November, fast fall after Christmas.
    const fromPeak = doy - 346;
    const wrapped = fromPeak < -180 ? fromPeak + 365 : fromPeak;
    const q4 = q4Amplitude * Math.exp(-(wrapped * wrapped) / (2 * (wrapped < 0 ? 26 : 9) ** 2));
    let yearly = 1 + q4;
    if (category.name === "Sports & Outdoors") yearly += 0.35 * Math.exp(-((doy - 172) ** 2) / (2 * 45 ** 2));
    if (category.name === "Office Products") yearly += 0.45 * Math.exp(-((doy - 235) ** 2) / (2 * 14 ** 2));
    out[i] = yearly * weekly[weekdayIso(date)];
  }
  return out;
}

function dayOfYear(date: string): number {
  const t = Date.parse(`${date}T00:00:00Z`);
  return Math.floor((t - Date.parse(`${date.slice(0, 4)}-01-01T00:00:00Z`)) / 86_400_000) + 1;
}

const SERIES_KINDS: readonly PlantedSeriesKind[] = [
  "rating_decline",
  "low_stock",
  "overstock",
  "competitor_undercut",
  "buy_box_drop",
  "competitor_price_change",
  "sales_drop",
];

/** Four instances per kind (two in the US, one in the UK, one in DE), each on its own product and marketplace. */
function plantSeries(seed: number, products: DemoProduct[], days: number, advertised: Set<string>): PlantedSeries[] {
  const rng = Random.for(seed, "plant-series");
  const established = products.filter((p) => p.launchDay < days - 200);
  const order = rng.shuffle(established);
  const used = new Set<string>();
  const planted: PlantedSeries[] = [];
  const quota: DemoMarket["code"][] = ["US", "US", "UK", "DE"];
  for (const kind of SERIES_KINDS) {
    for (const marketplace of quota) {
      const market = DEMO_MARKETS.find((m) => m.code === marketplace)!;
      const found = order.find((p) => {
        const key = `${marketplace}|${p.asin}`;
        if (used.has(key)) return false;
        // A product appears in at most one kind per marketplace set, so each situation reads cleanly.
        if (planted.some((s) => s.asin === p.asin)) return false;
        if (kind === "sales_drop" && advertised.has(key)) return false;
        return p.baseUnits * market.volume >= 3;
      });
      if (!found) continue;
      used.add(`${marketplace}|${found.asin}`);
      planted.push({ kind, asin: found.asin, marketplace });
    }
  }
  return planted;
}

/**
 * How each anomaly kind is planted: its days (counted back from the last
 * day), its factor, and the least a product must sell a day (in that
 * marketplace) to carry it visibly.
 */
const ANOMALY_PLANS: Record<
  PlantedAnomalyKind,
  { fromBack: number; toBack: number; factor: number; minUnits: number; advertised: boolean }
> = {
  sales_spike: { fromBack: 9, toBack: 7, factor: 3, minUnits: 3, advertised: false },
  traffic_drop: { fromBack: 8, toBack: 0, factor: 0.3, minUnits: 6, advertised: false },
  conversion_drop: { fromBack: 6, toBack: 0, factor: 0.3, minUnits: 8, advertised: false },
  buy_box_loss: { fromBack: 5, toBack: 0, factor: 25, minUnits: 4, advertised: false },
  refund_spike: { fromBack: 12, toBack: 3, factor: 6, minUnits: 8, advertised: false },
  // minUnits: ad orders a day (estimated), so a lost share shows in its ACoS.
  acos_spike: { fromBack: 7, toBack: 0, factor: 0.75, minUnits: 6, advertised: true },
};

/** Where each kind is planted: ACoS needs ad volume the smaller marketplaces rarely have. */
const ANOMALY_MARKETS: Record<PlantedAnomalyKind, readonly DemoMarket["code"][]> = {
  sales_spike: ["US", "US", "UK", "DE"],
  traffic_drop: ["US", "US", "UK", "DE"],
  // Few products in DE sell enough without ads for a conversion fall to stand out from ad sales.
  conversion_drop: ["US", "US", "UK", "US"],
  buy_box_loss: ["US", "US", "UK", "DE"],
  refund_spike: ["US", "US", "US", "UK"],
  acos_spike: ["US", "US", "US", "UK"],
};

/** Share of a subcategory's sales its Sponsored Products campaigns bring, by marketplace (as ads.ts sets them up). */
function adShare(market: DemoMarket["code"], subcategoryIndex: number): number {
  if (market !== "US") return subcategoryIndex < 3 ? 0.18 + 0.12 : 0;
  return 0.18 + 0.12 + (subcategoryIndex % 2 === 0 ? 0.08 : 0) + (subcategoryIndex % 3 === 1 ? 0.05 : 0);
}

/**
 * Ad orders a day a lead product gets (roughly, before seasons): its
 * subcategory's advertised sales × the ad share, of which the lead's weight
 * (twice its units against the others').
 */
function estimatedAdOrders(product: DemoProduct, market: DemoMarket, products: DemoProduct[]): number {
  const group = products.filter(
    (p) =>
      p.categoryIndex === product.categoryIndex &&
      p.subcategoryIndex === product.subcategoryIndex &&
      p.rankInSubcategory < ADVERTISED_PER_SUBCATEGORY,
  );
  const units = group.reduce((s, p) => s + p.baseUnits * market.volume, 0);
  const weights = group.reduce((s, p) => s + (p.rankInSubcategory === 0 ? 2 : 1) * p.baseUnits, 0);
  const own = (product.rankInSubcategory === 0 ? 2 : 1) * product.baseUnits;
  return units * adShare(market.code, product.subcategoryIndex) * (weights ? own / weights : 0);
}

/**
 * Four instances per anomaly kind (two in the US, one in the UK, one in DE),
 * on products that carry no other situation and sell enough to show it.
 */
function plantAnomalies(
  seed: number,
  products: DemoProduct[],
  days: number,
  advertised: Set<string>,
  series: PlantedSeries[],
): PlantedAnomaly[] {
  const rng = Random.for(seed, "plant-anomalies");
  const taken = new Set(series.map((s) => s.asin));
  const order = rng.shuffle(products.filter((p) => p.launchDay < days - 200 && !taken.has(p.asin)));
  const last = days - 1;
  const out: PlantedAnomaly[] = [];
  for (const kind of Object.keys(ANOMALY_PLANS) as PlantedAnomalyKind[]) {
    const how = ANOMALY_PLANS[kind];
    for (const marketplace of ANOMALY_MARKETS[kind]) {
      const market = DEMO_MARKETS.find((m) => m.code === marketplace)!;
      const volume = (p: DemoProduct) =>
        how.advertised ? estimatedAdOrders(p, market, products) : p.baseUnits * market.volume;
      const fits = (p: DemoProduct) => !taken.has(p.asin) && volume(p) >= how.minUnits;
      const isAdvertised = (p: DemoProduct) => advertised.has(`${marketplace}|${p.asin}`);
      // Ads blur an organic anomaly (their units come on top), so unadvertised products come first.
      const found = how.advertised
        ? order.find((p) => fits(p) && isAdvertised(p) && p.rankInSubcategory === 0)
        : (order.find((p) => fits(p) && !isAdvertised(p)) ?? order.find(fits));
      if (!found) continue;
      taken.add(found.asin);
      out.push({
        kind,
        asin: found.asin,
        marketplace,
        fromDay: last - how.fromBack,
        toDay: last - how.toBack,
        factor: how.factor,
      });
    }
  }
  return out;
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

// Ground truth for the anomaly detectors: small hand-built sellers (a product
// with a known event among quiet ones), each detector firing on its own case
// and staying quiet on the look-alikes (a weekday rhythm, a steady climb, a
// category's season, small counts, a new or discontinued product).
import { describe, expect, it } from "vitest";
import { addDaysIso, weekdayIso } from "../../src/core/dates.js";
import { Random } from "../../src/demo/random.js";
import {
  detectAnomalies,
  seriesFromDaily,
  seriesLayout,
  type Anomaly,
  type DailyFigures,
} from "../../src/insights/index.js";

const END = "2026-11-20";
const WINDOW = { start: addDaysIso(END, -13), end: END };
const layout = seriesLayout(WINDOW);
const DAYS = 91;
const FIRST = addDaysIso(END, -(DAYS - 1));

interface Shape {
  asin: string;
  units?: number;
  price?: number;
  conversion?: number;
  refundRate?: number;
  buyBox?: number;
  adSpend?: number;
  acos?: number;
  /** Weekly rhythm, Monday first. */
  rhythm?: number[];
  /** Growth per week (0.05 = 5%). */
  growth?: number;
  /** First day with rows (days from the first day). */
  from?: number;
  /** Last day with rows. */
  to?: number;
  /** Changes on some days (index from the first day): what the day's figures become. */
  event?: (day: number, figures: DayPlan) => void;
}

interface DayPlan {
  units: number;
  visits: number;
  price: number;
  refundRate: number;
  buyBox: number;
  adSpend: number;
  adSalesFactor: number;
}

/** A product's daily rows: Poisson units around its level, sessions from them, the rest from its shape. */
function product(shape: Shape, seed = 1): DailyFigures[] {
  const rng = Random.for(seed, shape.asin);
  const rows: DailyFigures[] = [];
  const rhythm = shape.rhythm ?? [1, 1, 1, 1, 1, 1, 1];
  for (let d = shape.from ?? 0; d <= (shape.to ?? DAYS - 1); d++) {
    const date = addDaysIso(FIRST, d);
    const level = (shape.units ?? 20) * (1 + (shape.growth ?? 0)) ** (d / 7) * rhythm[weekdayIso(date)];
    const plan: DayPlan = {
      units: level,
      visits: level,
      price: shape.price ?? 20,
      refundRate: shape.refundRate ?? 0.03,
      buyBox: shape.buyBox ?? 97,
      adSpend: shape.adSpend ?? 0,
      adSalesFactor: 1,
    };
    shape.event?.(d, plan);
    const units = rng.poisson(plan.units);
    const conversion = shape.conversion ?? 0.12;
    const sessions = rng.poisson(plan.visits / conversion);
    const adOrders =
      plan.adSpend > 0 ? rng.poisson(((plan.adSpend / (shape.acos ?? 0.3)) * plan.adSalesFactor) / plan.price) : 0;
    const pageViews = Math.round(sessions * 1.3);
    rows.push({
      marketplace: "US",
      asin: shape.asin,
      date,
      units,
      revenue: units * plan.price,
      sessions,
      refund_units: Math.min(units, rng.poisson(units * plan.refundRate)),
      bb_weighted: (plan.buyBox + rng.between(-2, 2)) * pageViews,
      bb_views: pageViews,
      ad_spend: plan.adSpend ? plan.adSpend * rng.between(0.9, 1.1) : 0,
      ad_sales: adOrders * plan.price,
      ad_clicks: plan.adSpend ? Math.round(plan.adSpend / 0.8) : 0,
      ad_orders: adOrders,
      days: 1,
    });
  }
  return rows;
}

const quiet = (n: number, extra: Partial<Shape> = {}) =>
  Array.from({ length: n }, (_, i) =>
    product({ asin: `B0QUIET${String(i).padStart(3, "0")}`, units: 8 + (i % 5) * 4, ...extra }),
  );

/** Day index of the window's k-th day. */
const windowDay = (k: number) => DAYS - 14 + k;
const within = (from: number, to: number) => (d: number) => d >= windowDay(from) && d <= windowDay(to);

function scan(products: DailyFigures[][], options: Parameters<typeof detectAnomalies>[1] = {}): Anomaly[] {
  return detectAnomalies(seriesFromDaily(layout, products.flat()), { accountId: "test", ...options });
}

const about = (found: Anomaly[], asin: string) => found.filter((a) => a.asin === asin);

describe("anomaly detectors fire on their own case", () => {
  const cases: [string, Shape, { metric: string; direction: "up" | "down"; start: number; driver?: string }][] = [
    [
      "a sales drop (units and revenue fall by two thirds)",
      { asin: "B0CASE0001", event: (d, p) => within(8, 13)(d) && (p.units *= 0.3) && (p.visits *= 0.3) },
      { metric: "units_sold", direction: "down", start: 8, driver: "traffic" },
    ],
    [
      "a two-day sales spike",
      { asin: "B0CASE0002", event: (d, p) => within(4, 5)(d) && (p.units *= 3.5) && (p.visits *= 3.5) },
      { metric: "units_sold", direction: "up", start: 4 },
    ],
    [
      "a traffic drop",
      { asin: "B0CASE0003", event: (d, p) => within(6, 13)(d) && (p.units *= 0.3) && (p.visits *= 0.3) },
      { metric: "sessions", direction: "down", start: 6, driver: "traffic" },
    ],
    [
      "a conversion fall (visits hold, sales do not)",
      { asin: "B0CASE0004", units: 25, event: (d, p) => within(7, 13)(d) && (p.units *= 0.35) },
      { metric: "conversion_rate", direction: "down", start: 7, driver: "conversion" },
    ],
    [
      "a buy box loss",
      {
        asin: "B0CASE0005",
        event: (d, p) => {
          if (!within(9, 13)(d)) return;
          p.buyBox = 25;
          p.units *= 0.6;
        },
      },
      { metric: "buy_box_percentage", direction: "down", start: 9, driver: "buy_box" },
    ],
    [
      "a refund spike",
      { asin: "B0CASE0006", units: 25, event: (d, p) => within(3, 10)(d) && (p.refundRate = 0.2) },
      { metric: "refund_rate", direction: "up", start: 3 },
    ],
    [
      "a price cut",
      { asin: "B0CASE0007", event: (d, p) => within(9, 13)(d) && (p.price = 13) },
      { metric: "price", direction: "down", start: 9, driver: "price" },
    ],
    [
      "an ACoS spike (ads spend on, sales fall)",
      { asin: "B0CASE0008", adSpend: 60, event: (d, p) => within(6, 13)(d) && (p.adSalesFactor = 0.25) },
      { metric: "acos", direction: "up", start: 6, driver: "advertising" },
    ],
    [
      "an ad spend spike",
      { asin: "B0CASE0009", adSpend: 40, event: (d, p) => within(8, 13)(d) && (p.adSpend = 160) },
      { metric: "ad_spend", direction: "up", start: 8, driver: "advertising" },
    ],
  ];

  it.each(cases)("%s", (_label, shape, expected) => {
    const found = scan([product(shape), ...quiet(10)]);
    const hit = about(found, shape.asin).find(
      (a) => a.metric === expected.metric && a.direction === expected.direction,
    );
    expect(hit, JSON.stringify(about(found, shape.asin))).toBeDefined();
    // The run starts on the planted day (a day's slack: the first day may sit inside the noise).
    const start = addDaysIso(FIRST, windowDay(expected.start));
    expect(Math.abs((Date.parse(hit!.start) - Date.parse(start)) / 86_400_000)).toBeLessThanOrEqual(1);
    if (expected.driver) expect(hit!.driver).toBe(expected.driver);
    expect(Math.abs(hit!.score)).toBeGreaterThanOrEqual(5);
    // Observed lies outside the band the expected value is given with.
    expect(hit!.observed < hit!.expected_low || hit!.observed > hit!.expected_high).toBe(true);
    // The quiet products stay quiet.
    expect(found.filter((a) => a.asin !== shape.asin)).toEqual([]);
  });

  it("gives an anomaly the same id on the next day's run while it lasts", () => {
    const shape: Shape = {
      asin: "B0CASE0001",
      event: (d, p) => d >= windowDay(6) && (p.units *= 0.25) && (p.visits *= 0.25),
    };
    const rows = [product(shape), ...quiet(10)].flat();
    const today = detectAnomalies(seriesFromDaily(layout, rows), { accountId: "a" });
    const dayBefore = seriesLayout({ start: addDaysIso(WINDOW.start, -1), end: addDaysIso(END, -1) });
    const yesterday = detectAnomalies(seriesFromDaily(dayBefore, rows), { accountId: "a" });
    const pick = (list: Anomaly[]) => list.find((a) => a.asin === shape.asin && a.metric === "units_sold")!;
    expect(pick(today).id).toBe(pick(yesterday).id);
    expect(pick(today).start).toBe(pick(yesterday).start);
    expect(pick(today).id).toMatch(/^anm_[0-9a-f]{16}$/);
  });
});

describe("anomaly detectors stay quiet on look-alikes", () => {
  const mondayDip = [0.45, 1, 1, 1, 1, 1.1, 1.6];
  const cases: [string, DailyFigures[][], Parameters<typeof detectAnomalies>[1]?][] = [
    [
      "a strong weekday rhythm (a Monday dip, a Sunday peak) shared by the marketplace",
      quiet(12, { rhythm: mondayDip }),
    ],
    ["a steady climb of 6% a week", quiet(12, { growth: 0.06 })],
    ["a steady decline of 5% a week", quiet(12, { growth: -0.05 })],
    [
      "a category's seasonal surge, shared by its products",
      quiet(12, {
        event: (d, p) => {
          if (d < windowDay(0)) return;
          p.units *= 1.8;
          p.visits *= 1.8;
        },
      }),
      {
        categories: new Map(Array.from({ length: 12 }, (_, i) => [`US|B0QUIET${String(i).padStart(3, "0")}`, "Toys"])),
      },
    ],
    [
      "small counts: a product selling one unit every few days that sells two on one day",
      [
        ...quiet(8),
        product({ asin: "B0SMALL001", units: 0.25, event: (d, p) => d === windowDay(10) && (p.units = 2) }),
      ],
    ],
    [
      "a new product (first sales three weeks ago)",
      [...quiet(8), product({ asin: "B0NEW00001", units: 15, from: DAYS - 21 })],
    ],
    [
      "a discontinued product (its rows stop before the window)",
      [...quiet(8), product({ asin: "B0GONE0001", units: 15, to: DAYS - 20 })],
    ],
    ["plain day-to-day noise across thirty products", quiet(30)],
  ];

  it.each(cases)("%s", (_label, products, options) => {
    expect(scan(products, options)).toEqual([]);
  });

  it("leaves out a product no longer listed, whatever its figures do", () => {
    const gone = product({
      asin: "B0GONE0002",
      units: 20,
      event: (d, p) => d >= windowDay(5) && (p.units = 0.5) && (p.visits = 0.5),
    });
    expect(about(scan([gone, ...quiet(8)]), "B0GONE0002").length).toBeGreaterThan(0);
    expect(scan([gone, ...quiet(8)], { inactive: new Set(["US|B0GONE0002"]) })).toEqual([]);
  });
});

describe("sensitivity", () => {
  it("finds more of a range of drops at high than at normal, and more at normal than at low", () => {
    const drops = [0.8, 0.7, 0.6, 0.5, 0.4, 0.3].map((factor, i) =>
      product({
        asin: `B0DROP000${i}`,
        units: 12,
        event: (d, p) => within(9, 13)(d) && (p.units *= factor) && (p.visits *= factor),
      }),
    );
    const count = (sensitivity: "low" | "normal" | "high") =>
      new Set(scan([...drops, ...quiet(10)], { sensitivity }).map((a) => a.asin)).size;
    const [low, normal, high] = [count("low"), count("normal"), count("high")];
    expect(high).toBeGreaterThanOrEqual(normal);
    expect(normal).toBeGreaterThanOrEqual(low);
    expect(high).toBeGreaterThan(low);
  });
});

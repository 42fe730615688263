// Answers on a small fixture mirror checked against numbers computed
// independently: straight SQL over the daily tables, or sums by hand from the
// fixture's formulas. Money must match to the cent.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../helpers/backends.js";
import { buildSmallMirror, GBP_USD, FIXTURE_TODAY, PRODUCTS } from "../helpers/small-mirror.js";
import { answerUnderstanding } from "../../src/answer/answer.js";
import { nowForToday } from "../../src/core/dates.js";
import { INTENT_AREAS, type Filters, type Intent } from "../../src/core/understanding.js";
import type { Mirror } from "../../src/store/open-mirror.js";

describe.each(BACKENDS)("on $name", (backend) => {
  let mirror: Mirror;
  const now = nowForToday(FIXTURE_TODAY);
  const LAST_30 = { start: "2026-10-22", end: "2026-11-20" };
  const PREV_30 = { start: "2026-09-22", end: "2026-10-21" };

  beforeAll(async () => {
    mirror = await buildSmallMirror(await backend.location());
  });
  afterAll(async () => {
    await mirror.close();
  });

  async function ask(intent: Intent, filters: Filters = {}) {
    const answered = await answerUnderstanding(
      { intent, area: INTENT_AREAS[intent], confidence: 1, filters, interpretation: "test" },
      { db: mirror.db, now },
    );
    return answered.body.result as Record<string, any>;
  }

  const cents = (n: number) => Math.round(n * 100) / 100;

  /** Revenue, units, profit of one marketplace and ASIN over a range, straight from the daily tables. */
  async function truth(marketplace: string, asin: string, range: { start: string; end: string }) {
    const row = (
      await sql<{ units: number; revenue: number; refund_units: number; refund_amount: number; sessions: number }>`
        select coalesce(sum(units), 0) as units, coalesce(sum(revenue), 0) as revenue, coalesce(sum(refund_units), 0) as refund_units, coalesce(sum(refund_amount), 0) as refund_amount, coalesce(sum(sessions), 0) as sessions
        from daily_sales where account_id = 'acme' and marketplace = ${marketplace} and asin = ${asin} and date between ${range.start} and ${range.end}`.execute(
        mirror.db,
      )
    ).rows[0];
    const ads = (
      await sql<{
        spend: number;
      }>`select coalesce(sum(spend), 0) as spend from ad_product_daily where account_id = 'acme' and marketplace = ${marketplace} and asin = ${asin} and date between ${range.start} and ${range.end}`.execute(
        mirror.db,
      )
    ).rows[0];
    const p = PRODUCTS.find((x) => x.marketplace === marketplace && x.asin === asin)!;
    const profit =
      row.revenue -
      row.units * p.unit_cost -
      (row.revenue * p.referral) / 100 -
      row.units * p.ff -
      row.refund_amount -
      ads.spend;
    return { ...row, ad_spend: ads.spend, profit };
  }

  describe("sales figures match the daily rows", () => {
    it("sums revenue and profit per marketplace in its own currency and converts the total to the home currency", async () => {
      const r = await ask("sales_summary", { timeframe: "last_30_days", date_range: LAST_30 });
      const us = await Promise.all(["B0KNIFE001", "B0PAN00002", "B0HOSE0003"].map((a) => truth("US", a, LAST_30)));
      const uk = await truth("UK", "B0KNIFE001", LAST_30);
      const usRevenue = us.reduce((s, x) => s + x.revenue, 0);
      const usProfit = us.reduce((s, x) => s + x.profit, 0);
      const usRow = r.marketplaces.find((m: any) => m.marketplace === "US");
      const ukRow = r.marketplaces.find((m: any) => m.marketplace === "UK");
      expect(usRow).toMatchObject({ currency: "USD", revenue: cents(usRevenue), profit: cents(usProfit) });
      expect(ukRow).toMatchObject({ currency: "GBP", revenue: cents(uk.revenue), profit: cents(uk.profit) });
      expect(r.totals.currency).toBe("USD");
      expect(r.totals.revenue).toBe(cents(usRevenue + uk.revenue * GBP_USD));
      expect(r.totals.profit).toBe(cents(usProfit + uk.profit * GBP_USD));
      expect(r.currency).toBe("USD");
    });

    it.each([
      ["revenue", "desc", ["B0KNIFE001", "B0PAN00002", "B0HOSE0003"]],
      ["revenue", "asc", ["B0HOSE0003", "B0PAN00002", "B0KNIFE001"]],
      ["units_sold", "desc", ["B0KNIFE001", "B0PAN00002", "B0HOSE0003"]],
    ] as const)("ranks top products by %s %s", async (metric, sort, order) => {
      const r = await ask("top_products", {
        timeframe: "last_30_days",
        date_range: LAST_30,
        metrics: [metric],
        sort,
        limit: 3,
      });
      expect(r.top_products.map((p: any) => p.asin)).toEqual(order);
    });

    it("states a US product's revenue, margin and growth against the previous 30 days", async () => {
      const r = await ask("top_products", {
        timeframe: "last_30_days",
        date_range: LAST_30,
        marketplace: "US",
        metrics: ["revenue"],
        limit: 5,
      });
      const hose = r.top_products.find((p: any) => p.asin === "B0HOSE0003");
      const cur = await truth("US", "B0HOSE0003", LAST_30);
      const prev = await truth("US", "B0HOSE0003", PREV_30);
      expect(hose).toMatchObject({
        units_sold: cur.units,
        revenue: cents(cur.revenue),
        profit_margin: cents((cur.profit / cur.revenue) * 100),
        growth_rate: cents(((cur.revenue - prev.revenue) / prev.revenue) * 100),
        currency: "USD",
      });
      // The hose stops selling after 2026-10-31: 10 days × 2 units × $30 against 30 × 2 × $30.
      expect(hose.revenue).toBe(600);
      expect(hose.growth_rate).toBe(-66.67);
    });

    it("sums a product across marketplaces in the home currency when no marketplace is asked", async () => {
      const r = await ask("top_products", { timeframe: "last_30_days", date_range: LAST_30, limit: 1 });
      const us = await truth("US", "B0KNIFE001", LAST_30);
      const uk = await truth("UK", "B0KNIFE001", LAST_30);
      expect(r.top_products[0]).toMatchObject({
        asin: "B0KNIFE001",
        currency: "USD",
        revenue: cents(us.revenue + uk.revenue * GBP_USD),
        units_sold: us.units + uk.units,
      });
    });

    it("compares with the previous period and names the product that drove the change", async () => {
      const r = await ask("sales_comparison", {
        timeframe: "last_30_days",
        date_range: LAST_30,
        compare_to: "previous_period",
        marketplace: "US",
      });
      const revenue = r.comparison.find((c: any) => c.metric === "revenue");
      const cur = await Promise.all(["B0KNIFE001", "B0PAN00002", "B0HOSE0003"].map((a) => truth("US", a, LAST_30)));
      const prev = await Promise.all(["B0KNIFE001", "B0PAN00002", "B0HOSE0003"].map((a) => truth("US", a, PREV_30)));
      const c = cur.reduce((s, x) => s + x.revenue, 0);
      const p = prev.reduce((s, x) => s + x.revenue, 0);
      expect(revenue).toMatchObject({
        current: cents(c),
        previous: cents(p),
        change: cents(c - p),
        change_pct: cents(((c - p) / p) * 100),
      });
      expect(r.drivers[0]).toMatchObject({ asin: "B0HOSE0003", change: -1200 });
      expect(r.analysis.summary).toContain("B0HOSE0003");
      expect(r.analysis.summary).not.toContain("periods differ in length");
    });

    it("compares this month so far with the same days of last month, never with all of it", async () => {
      const r = await ask("sales_comparison", {
        timeframe: "this_month",
        date_range: { start: "2026-11-01", end: "2026-11-21" },
        compare_to: "last_month",
        marketplace: "US",
      });
      // The data ends yesterday (2026-11-20): November 1..20 against October 1..20.
      const current = { start: "2026-11-01", end: "2026-11-20" };
      const previous = { start: "2026-10-01", end: "2026-10-20" };
      const asins = ["B0KNIFE001", "B0PAN00002", "B0HOSE0003"];
      const c = (await Promise.all(asins.map((a) => truth("US", a, current)))).reduce((s, x) => s + x.revenue, 0);
      const p = (await Promise.all(asins.map((a) => truth("US", a, previous)))).reduce((s, x) => s + x.revenue, 0);
      const revenue = r.comparison.find((x: { metric: string }) => x.metric === "revenue");
      expect(revenue).toMatchObject({ current: cents(c), previous: cents(p) });
      expect(r.previous_period).toEqual(previous);
      expect(r.analysis.summary).toContain("same 20 days");
      expect(r.analysis.summary).not.toContain("periods differ in length");
    });

    it("computes refund rate as refunded units over units sold", async () => {
      const r = await ask("refund_analysis", { timeframe: "last_30_days", date_range: LAST_30, marketplace: "US" });
      const hose = await truth("US", "B0HOSE0003", LAST_30);
      expect(r.products[0]).toMatchObject({
        asin: "B0HOSE0003",
        refund_units: hose.refund_units,
        refund_rate: cents((hose.refund_units / hose.units) * 100),
      });
    });

    it("computes conversion as units over sessions", async () => {
      const r = await ask("conversion_analysis", { timeframe: "last_30_days", date_range: LAST_30, marketplace: "US" });
      const knife = await truth("US", "B0KNIFE001", LAST_30);
      const row = r.products.find((p: any) => p.asin === "B0KNIFE001");
      expect(row).toMatchObject({
        sessions: knife.sessions,
        conversion_rate: cents((knife.units / knife.sessions) * 100),
      });
    });

    it("weights buy box share by page views", async () => {
      const r = await ask("buy_box_share", { timeframe: "last_30_days", date_range: LAST_30, marketplace: "US" });
      const rows = (
        await sql<{
          w: number;
          v: number;
        }>`select coalesce(sum(buy_box_pct * page_views), 0) as w, coalesce(sum(page_views), 0) as v from daily_sales
          where account_id = 'acme' and marketplace = 'US' and asin = 'B0PAN00002' and date between ${LAST_30.start} and ${LAST_30.end}`.execute(
          mirror.db,
        )
      ).rows[0];
      expect(r.products[0]).toMatchObject({
        asin: "B0PAN00002",
        buy_box_percentage: cents(rows.w / rows.v),
        previous_buy_box_percentage: 95,
      });
    });

    it("splits profit by category with costs, fees, refunds and ad spend", async () => {
      const r = await ask("profit_margin_by_category", {
        timeframe: "last_30_days",
        date_range: LAST_30,
        marketplace: "US",
      });
      const knife = await truth("US", "B0KNIFE001", LAST_30);
      const pan = await truth("US", "B0PAN00002", LAST_30);
      const kitchen = r.categories.find((c: any) => c.category === "Kitchen");
      expect(kitchen).toMatchObject({
        revenue: cents(knife.revenue + pan.revenue),
        profit: cents(knife.profit + pan.profit),
        ad_spend: cents(knife.ad_spend + pan.ad_spend),
      });
    });
  });

  describe("advertising figures follow the formulas of record", () => {
    it("ACoS per campaign is spend over attributed sales", async () => {
      const r = await ask("acos_by_campaign", { timeframe: "last_30_days", date_range: LAST_30 });
      // C2: $8 spend and $16 sales a day; C1: $10 and $40.
      expect(r.campaigns.map((c: any) => [c.campaign, c.spend, c.sales, c.acos])).toEqual([
        ["Pans - Broad", 240, 480, 50],
        ["Knives - Exact", 300, 1200, 25],
      ]);
    });

    it("TACoS is ad spend over total sales and ROAS is ad sales over spend", async () => {
      const r = await ask("advertising_summary", { timeframe: "last_30_days", date_range: LAST_30, marketplace: "US" });
      const total = (
        await Promise.all(["B0KNIFE001", "B0PAN00002", "B0HOSE0003"].map((a) => truth("US", a, LAST_30)))
      ).reduce((s, x) => s + x.revenue, 0);
      expect(r.totals).toMatchObject({
        ad_spend: 540,
        ad_sales: 1680,
        acos: cents((540 / 1680) * 100),
        tacos: cents((540 / total) * 100),
        roas: cents(1680 / 540),
      });
    });

    it("wasted spend is search terms with enough clicks and no order", async () => {
      const r = await ask("wasted_ad_spend", { timeframe: "last_30_days", date_range: LAST_30 });
      expect(r.keywords).toHaveLength(1);
      expect(r.keywords[0]).toMatchObject({ search_term: "cheap knife set", clicks: 240, spend: 120 });
      expect(r.wasted_spend).toBe(120);
    });

    it("a keyword opportunity converts above the median with low impression share", async () => {
      const r = await ask("keyword_opportunities", { timeframe: "last_30_days", date_range: LAST_30 });
      expect(r.keywords.map((k: any) => k.keyword)).toEqual(["chef knife"]);
      expect(r.keywords[0]).toMatchObject({ conversion_rate: cents((60 / 360) * 100), impression_share: 8 });
    });

    it("bids move toward the target ACoS in bounded steps with a reason", async () => {
      const r = await ask("bid_recommendations", { timeframe: "last_30_days", date_range: LAST_30 });
      const byKeyword = Object.fromEntries(r.bids.map((b: any) => [b.keyword, b]));
      // frying pan: ACoS 50% vs 30% wants ×0.6, capped at −25%.
      expect(byKeyword["frying pan"]).toMatchObject({ current_bid: 0.9, recommended_bid: 0.68 });
      // knife set: 240 clicks, no sales: the full step down.
      expect(byKeyword["knife set"]).toMatchObject({ current_bid: 0.6, recommended_bid: 0.45 });
      // chef knife: ACoS 15% vs 30% wants ×2, capped at +25%.
      expect(byKeyword["chef knife"]).toMatchObject({ current_bid: 0.5, recommended_bid: 0.63 });
      for (const b of r.bids) expect(b.reason).toMatch(/\S/);
    });
  });

  describe("inventory follows the settings and the trend-aware demand", () => {
    it("days of supply, stock-out date and restock quantity come from available stock and recent demand", async () => {
      const r = await ask("stockout_risk", { horizon_days: 30 });
      const knife = r.products.find((p: any) => p.asin === "B0KNIFE001" && p.marketplace === "US");
      const units = async (start: string) =>
        (
          await sql<{
            u: number;
          }>`select coalesce(sum(units), 0) as u from daily_sales where account_id = 'acme' and marketplace = 'US' and asin = 'B0KNIFE001' and date between ${start} and '2026-11-19'`.execute(
            mirror.db,
          )
        ).rows[0].u;
      const demand = 0.6 * ((await units("2026-11-06")) / 14) + 0.4 * ((await units("2026-10-21")) / 30);
      expect(knife.days_of_supply).toBe(Math.round((60 / demand) * 10) / 10);
      // Lead time 40 (per product) + coverage 60 + safety 14, less available 60 and inbound 20.
      expect(knife.restock_recommendation).toMatchObject({
        recommended_quantity: Math.ceil(demand * 114 - 80),
        urgency: "critical",
        optimal_po_date: FIXTURE_TODAY,
      });
      expect(Object.keys(knife)).toEqual(
        expect.arrayContaining([
          "asin",
          "sku",
          "fnsku",
          "condition",
          "inventory_level",
          "available_quantity",
          "reserved_quantity",
          "fulfillment_type",
          "inbound_quantity",
          "days_of_supply",
          "restock_recommendation",
        ]),
      );
    });

    it("values stock at cost and at price, converting across marketplaces", async () => {
      const r = await ask("inventory_value", {});
      // US: (60+5+20)×5 + 400×10 + 900×12; UK: 150×4 GBP.
      expect(r.totals).toEqual({
        value_at_cost: cents(85 * 5 + 4000 + 10800 + 150 * 4 * GBP_USD),
        value_at_price: cents(85 * 20 + 400 * 40 + 900 * 30 + 150 * 18 * GBP_USD),
        currency: "USD",
      });
    });

    it("finds the overstocked slow seller", async () => {
      const r = await ask("excess_inventory", { marketplace: "US" });
      expect(r.products[0]).toMatchObject({ asin: "B0HOSE0003" });
    });
  });

  describe("competition", () => {
    it("reports the undercut, the rival's price change and the catalog gap", async () => {
      const pricing = await ask("competitor_pricing", { marketplace: "US" });
      expect(pricing.products[0]).toMatchObject({
        asin: "B0PAN00002",
        your_price: 40,
        lowest_competitor_price: 36,
        buy_box_winner: "Rival Co",
        undercut: true,
      });
      const changes = await ask("price_changes", { timeframe: "last_7_days" });
      expect(changes.changes).toEqual([
        expect.objectContaining({ asin: "B0PAN00002", previous_price: 39, price: 36, date: "2026-11-18" }),
      ]);
      const gaps = await ask("catalog_gaps", {});
      expect(gaps.gaps.map((g: any) => g.subcategory)).toEqual(["Grill Pans"]);
    });
  });

  describe("no data is an answer, not an error", () => {
    it.each([
      [
        "a marketplace the seller does not sell in",
        { marketplace: "DE", timeframe: "last_30_days" },
        /do not sell in the DE marketplace/,
      ],
      [
        "a period before the data starts",
        { timeframe: "2024", date_range: { start: "2024-01-01", end: "2024-12-31" } },
        /your data covers 2026-09-01 to 2026-11-20/,
      ],
    ] as const)("says so plainly for %s", async (_label, filters, pattern) => {
      const r = await ask("sales_summary", filters as Filters);
      expect(r.analysis.summary).toMatch(pattern);
      expect(r.totals).toBeNull();
    });
  });
});

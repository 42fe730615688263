/**
 * A small seller for analytics tests: two marketplaces (US in USD, UK in GBP),
 * four products, 81 days of sales (2026-09-01..2026-11-20), ads, inventory,
 * reviews and competitor offers. Every number is a simple function of the
 * day index so tests can recompute answers by hand or with straight SQL.
 */
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { createAccount } from "../../src/store/accounts.js";
import { addDaysIso } from "../../src/core/dates.js";

export const FIXTURE_TODAY = "2026-11-21";
export const FIXTURE_FIRST = "2026-09-01";
export const FIXTURE_LAST = "2026-11-20";
export const GBP_USD = 1.25;

export const PRODUCTS = [
  {
    marketplace: "US",
    sku: "KN-01",
    asin: "B0KNIFE001",
    title: "Chef Knife",
    category: "Kitchen",
    subcategory: "Knives",
    price: 20,
    unit_cost: 5,
    lead_time_days: 40,
    referral: 15,
    ff: 3,
  },
  {
    marketplace: "US",
    sku: "PN-01",
    asin: "B0PAN00002",
    title: "Frying Pan",
    category: "Kitchen",
    subcategory: "Cookware",
    price: 40,
    unit_cost: 10,
    lead_time_days: null,
    referral: 15,
    ff: 5,
  },
  {
    marketplace: "US",
    sku: "HS-01",
    asin: "B0HOSE0003",
    title: "Garden Hose",
    category: "Garden",
    subcategory: "Watering",
    price: 30,
    unit_cost: 12,
    lead_time_days: null,
    referral: 12,
    ff: 4,
  },
  {
    marketplace: "UK",
    sku: "KN-01-UK",
    asin: "B0KNIFE001",
    title: "Chef Knife",
    category: "Kitchen",
    subcategory: "Knives",
    price: 18,
    unit_cost: 4,
    lead_time_days: 40,
    referral: 15,
    ff: 2.5,
  },
] as const;

/** Units sold of product i on day d (0 = 2026-09-01). The hose stops selling after day 60. */
export function unitsOf(i: number, d: number): number {
  if (i === 2 && d > 60) return 0;
  return [3 + (d % 4), 1 + (d % 3), 2, 2 + (d % 2)][i];
}

export const DAYS = 81;

/** The fixture seller in a new mirror at `location` (SQLite in memory by default; `pglite:memory` for PostgreSQL). */
export async function buildSmallMirror(location = ":memory:"): Promise<Mirror> {
  const mirror = await openStore(location);
  const { db } = mirror;
  await createAccount(db, {
    id: "acme",
    name: "Acme",
    provider: "files",
    homeCurrency: "USD",
    isDefault: true,
    createdAt: "2026-09-01T00:00:00Z",
    marketplaces: [
      { code: "US", currency: "USD" },
      { code: "UK", currency: "GBP" },
    ],
  });
  const load = mirror.beginBulkLoad();
  const w = load.writer;
  try {
    w.write("currency_rates", [
      { currency: "GBP", quote: "USD", date: "2026-01-01", rate: GBP_USD },
      { currency: "EUR", quote: "USD", date: "2026-01-01", rate: 1.1 },
    ]);
    w.write(
      "products",
      PRODUCTS.map((p) => ({
        account_id: "acme",
        marketplace: p.marketplace,
        sku: p.sku,
        asin: p.asin,
        fnsku: `X00${p.sku}`,
        title: p.title,
        category: p.category,
        subcategory: p.subcategory,
        price: p.price,
        unit_cost: p.unit_cost,
        lead_time_days: p.lead_time_days,
        condition: "New",
        fulfillment_type: "FBA",
      })),
    );
    w.write(
      "product_fees",
      PRODUCTS.map((p) => ({
        account_id: "acme",
        marketplace: p.marketplace,
        asin: p.asin,
        referral_fee_pct: p.referral,
        fulfillment_fee: p.ff,
      })),
    );
    const sales: Record<string, unknown>[] = [];
    const ads: Record<string, unknown>[] = [];
    const camp: Record<string, unknown>[] = [];
    const targets: Record<string, unknown>[] = [];
    const terms: Record<string, unknown>[] = [];
    const reviews: Record<string, unknown>[] = [];
    const offers: Record<string, unknown>[] = [];
    for (let d = 0; d < DAYS; d++) {
      const date = addDaysIso("2026-09-01", d);
      PRODUCTS.forEach((p, i) => {
        const units = unitsOf(i, d);
        const sessions = 20 + i * 5 + (d % 5);
        sales.push({
          account_id: "acme",
          marketplace: p.marketplace,
          asin: p.asin,
          date,
          units,
          revenue: units * p.price,
          orders: units,
          refund_units: d % 10 === i ? 1 : 0,
          refund_amount: d % 10 === i ? p.price : 0,
          sessions,
          page_views: sessions * 2,
          buy_box_pct: i === 1 ? (d >= 70 ? 40 : 95) : 100,
        });
        reviews.push({
          account_id: "acme",
          marketplace: p.marketplace,
          asin: p.asin,
          date,
          rating: i === 1 ? 4.6 - d * 0.01 : 4.5,
          review_count: 100 + d * (i === 1 ? 1 : 2),
        });
      });
      // US ads: the knife pays off, the pan campaign wastes money on one search term.
      ads.push({
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C1",
        ad_group_id: "G1",
        asin: "B0KNIFE001",
        sku: "KN-01",
        date,
        impressions: 1000,
        clicks: 20,
        spend: 10,
        sales: 40,
        orders: 2,
        units: 2,
      });
      ads.push({
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C2",
        ad_group_id: "G2",
        asin: "B0PAN00002",
        sku: "PN-01",
        date,
        impressions: 500,
        clicks: 10,
        spend: 8,
        sales: 16,
        orders: 0 + (d % 2),
        units: d % 2,
      });
      camp.push({
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C1",
        date,
        impressions: 1000,
        clicks: 20,
        spend: 10,
        sales: 40,
        orders: 2,
        units: 2,
        top_of_search_is: 30,
      });
      camp.push({
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C2",
        date,
        impressions: 500,
        clicks: 10,
        spend: 8,
        sales: 16,
        orders: d % 2,
        units: d % 2,
        top_of_search_is: 10,
      });
      targets.push({
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C1",
        ad_group_id: "G1",
        target_id: "T1",
        date,
        impressions: 600,
        clicks: 12,
        spend: 6,
        sales: 40,
        orders: 2,
        units: 2,
        top_of_search_is: 8,
      });
      targets.push({
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C1",
        ad_group_id: "G1",
        target_id: "T2",
        date,
        impressions: 400,
        clicks: 8,
        spend: 4,
        sales: 0,
        orders: 0,
        units: 0,
        top_of_search_is: 30,
      });
      targets.push({
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C2",
        ad_group_id: "G2",
        target_id: "T3",
        date,
        impressions: 500,
        clicks: 10,
        spend: 8,
        sales: 16,
        orders: d % 2,
        units: d % 2,
        top_of_search_is: 10,
      });
      terms.push({
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C1",
        ad_group_id: "G1",
        target_id: "T1",
        search_term: "chef knife",
        date,
        impressions: 600,
        clicks: 12,
        spend: 6,
        sales: 40,
        orders: 2,
        units: 2,
      });
      terms.push({
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C1",
        ad_group_id: "G1",
        target_id: "T2",
        search_term: "cheap knife set",
        date,
        impressions: 400,
        clicks: 8,
        spend: 4,
        sales: 0,
        orders: 0,
        units: 0,
      });
      terms.push({
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C2",
        ad_group_id: "G2",
        target_id: "T3",
        search_term: "frying pan",
        date,
        impressions: 500,
        clicks: 10,
        spend: 8,
        sales: 16,
        orders: d % 2,
        units: d % 2,
      });
      if (d >= DAYS - 14) {
        const shift = d >= DAYS - 3 ? -3 : 0;
        offers.push({
          account_id: "acme",
          marketplace: "US",
          asin: "B0PAN00002",
          date,
          seller_id: "RIVAL",
          seller_name: "Rival Co",
          price: 39 + shift,
          shipping: 0,
          is_fba: 1,
          is_buy_box_winner: d >= DAYS - 3 ? 1 : 0,
        });
      }
    }
    w.write("daily_sales", sales);
    w.write("ad_product_daily", ads);
    w.write("ad_campaign_daily", camp);
    w.write("ad_target_daily", targets);
    w.write("ad_search_term_daily", terms);
    w.write("review_snapshots", reviews);
    w.write("competitor_offers", offers);
    w.write("ad_campaigns", [
      {
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C1",
        name: "Knives - Exact",
        targeting_type: "MANUAL",
        daily_budget: 20,
      },
      {
        account_id: "acme",
        marketplace: "US",
        campaign_id: "C2",
        name: "Pans - Broad",
        targeting_type: "MANUAL",
        daily_budget: 15,
      },
    ]);
    w.write("ad_groups", [
      { account_id: "acme", campaign_id: "C1", ad_group_id: "G1", name: "Knives", default_bid: 1 },
      { account_id: "acme", campaign_id: "C2", ad_group_id: "G2", name: "Pans", default_bid: 1 },
    ]);
    w.write("ad_targets", [
      {
        account_id: "acme",
        campaign_id: "C1",
        ad_group_id: "G1",
        target_id: "T1",
        kind: "keyword",
        text: "chef knife",
        match_type: "EXACT",
        bid: 0.5,
      },
      {
        account_id: "acme",
        campaign_id: "C1",
        ad_group_id: "G1",
        target_id: "T2",
        kind: "keyword",
        text: "knife set",
        match_type: "BROAD",
        bid: 0.6,
      },
      {
        account_id: "acme",
        campaign_id: "C2",
        ad_group_id: "G2",
        target_id: "T3",
        kind: "keyword",
        text: "frying pan",
        match_type: "BROAD",
        bid: 0.9,
      },
    ]);
    // Stock today: the knife runs low, the hose is overstocked and no longer sells.
    w.write("inventory_snapshots", [
      {
        account_id: "acme",
        marketplace: "US",
        sku: "KN-01",
        asin: "B0KNIFE001",
        date: FIXTURE_LAST,
        available: 60,
        reserved: 5,
        inbound: 20,
      },
      {
        account_id: "acme",
        marketplace: "US",
        sku: "PN-01",
        asin: "B0PAN00002",
        date: FIXTURE_LAST,
        available: 400,
        reserved: 0,
        inbound: 0,
      },
      {
        account_id: "acme",
        marketplace: "US",
        sku: "HS-01",
        asin: "B0HOSE0003",
        date: FIXTURE_LAST,
        available: 900,
        reserved: 0,
        inbound: 0,
      },
      {
        account_id: "acme",
        marketplace: "UK",
        sku: "KN-01-UK",
        asin: "B0KNIFE001",
        date: FIXTURE_LAST,
        available: 150,
        reserved: 0,
        inbound: 0,
      },
    ]);
    w.write("market_catalog", [
      {
        account_id: "acme",
        marketplace: "US",
        asin: "B0RIVAL001",
        title: "Cast Iron Grill Pan",
        seller_name: "Rival Co",
        category: "Kitchen",
        subcategory: "Grill Pans",
        price: 35,
        estimated_monthly_sales: 300,
      },
      {
        account_id: "acme",
        marketplace: "US",
        asin: "B0RIVAL002",
        title: "Knife Sharpener",
        seller_name: "Rival Co",
        category: "Kitchen",
        subcategory: "Knives",
        price: 15,
        estimated_monthly_sales: 500,
      },
    ]);
    w.write("sync_runs", [
      {
        id: 1,
        account_id: "acme",
        kind: "import",
        source: "fixture",
        status: "ok",
        started_at: "2026-11-21T06:00:00Z",
        finished_at: "2026-11-21T06:01:00Z",
        period_start: FIXTURE_FIRST,
        period_end: FIXTURE_LAST,
      },
    ]);
    load.commit();
  } catch (error) {
    load.rollback();
    throw error;
  }
  return mirror;
}

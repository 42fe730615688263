import { describe, expect, it } from "vitest";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { runImport, withMirror } from "../helpers/import-run.js";

const AMAZON = "fixtures/amazon";
const MADE = "fixtures/import";

async function dailySales(db: string, asin: string) {
  return withMirror(db, (m) =>
    m.db.selectFrom("daily_sales").selectAll().where("asin", "=", asin).orderBy("date").execute(),
  );
}

async function sumSales(db: string, asin: string) {
  const rows = await dailySales(db, asin);
  const sum = (k: "units" | "revenue" | "orders" | "sessions" | "page_views") =>
    Math.round(rows.reduce((a, r) => a + Number(r[k]), 0) * 100) / 100;
  return {
    days: rows.map((r) => r.date),
    units: sum("units"),
    revenue: sum("revenue"),
    orders: sum("orders"),
    sessions: sum("sessions"),
    page_views: sum("page_views"),
    buy_box: rows[0]?.buy_box_pct,
  };
}

describe("all-orders flat file", () => {
  it("aggregates order lines into daily units, revenue and orders, leaving cancelled lines out", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/orders-by-order-date.tsv`]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("All orders flat file");
    expect(run.out).toContain("6 rows read, 5 written, 0 rejected");
    expect(run.out).toContain("1 Non-Amazon");
    const mug = await dailySales(db, "B0MUG00001");
    expect(mug.map((r) => [r.marketplace, r.date, r.units, r.revenue, r.orders])).toEqual([
      ["US", "2024-03-01", 3, 38.97, 2],
      ["US", "2024-03-02", 1, 12.99, 1],
    ]);
    const tea = await dailySales(db, "B0TEA00001");
    expect(tea.map((r) => [r.date, r.units, r.revenue, r.orders])).toEqual([
      ["2024-03-01", 1, 8.5, 1],
      ["2024-03-02", 0, 0, 0],
    ]);
  });

  it("refreshes the running totals with the file's days", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/orders-by-order-date.tsv`]);
    await runImport(db, [`${MADE}/orders-by-last-update.tsv`]);
    const [total, lastDay] = await withMirror(db, (m) =>
      Promise.all([
        m.db
          .selectFrom("rollup_sales")
          .select(["period", "units", "revenue"])
          .where("grain", "=", "C")
          .where("asin", "=", "B0MUG00001")
          .orderBy("period", "desc")
          .executeTakeFirstOrThrow(),
        m.db
          .selectFrom("daily_sales")
          .select((eb) => eb.fn.max("date").as("date"))
          .executeTakeFirstOrThrow(),
      ]),
    );
    expect([total.period, total.units, total.revenue]).toEqual([lastDay.date, 3, 38.97]);
  });

  it("corrects a day when a later status of an order arrives", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/orders-by-order-date.tsv`]);
    expect((await runImport(db, [`${MADE}/orders-by-last-update.tsv`])).code).toBe(0);
    const mug = await dailySales(db, "B0MUG00001");
    expect(mug.map((r) => [r.date, r.units, r.revenue, r.orders])).toEqual([
      ["2024-03-01", 3, 38.97, 2],
      ["2024-03-02", 0, 0, 0],
    ]);
  });

  it("keeps the newer status when an older file is imported after a newer one", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/orders-by-last-update.tsv`]);
    await runImport(db, [`${MADE}/orders-by-order-date.tsv`]);
    const line = await withMirror(db, (m) =>
      m.db
        .selectFrom("order_lines")
        .selectAll()
        .where("order_id", "=", "111-0000004-0000004")
        .executeTakeFirstOrThrow(),
    );
    expect([line.order_status, line.counted]).toEqual(["Cancelled", 0]);
    expect((await dailySales(db, "B0MUG00001")).find((r) => r.date === "2024-03-02")?.units).toBe(0);
  });
});

describe("merchant listings (real sample)", () => {
  it("stores sku, asin, title, price, status and fulfilment channel", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${AMAZON}/GET_MERCHANT_LISTINGS_ALL_DATA.sample.tsv`, "--marketplace", "US"]);
    expect(run.code).toBe(0);
    const products = await withMirror(db, (m) => m.db.selectFrom("products").selectAll().orderBy("sku").execute());
    expect(
      products.map((p) => [
        p.marketplace,
        p.sku,
        p.asin,
        p.title,
        p.price,
        p.status,
        p.fulfillment_type,
        p.launched_on,
      ]),
    ).toEqual([
      ["US", "I0-RALD-N1UR", "B0B68NBQ1Y", "GiftBox", 5, "Active", "FBM", "2022-07-11"],
      ["US", "IA-VREM-8L92", "B0CJ5Q3NLP", "Airbyte T-Shirt Black", 15, "Inactive", "FBA", "2023-09-15"],
      ["US", "MP-V4RG-EDEY", "B000VHRNUW", "House Foods, Organic Firm Tofu, 14 oz", 5, "Inactive", "FBM", "2022-07-05"],
    ]);
  });

  it("asks for --marketplace when neither the file nor the account names one", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${AMAZON}/GET_MERCHANT_LISTINGS_ALL_DATA.sample.tsv`]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/--marketplace/);
  });
});

describe("settlement V2 flat file", () => {
  it("keeps every line of the real sample with the settlement's period", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${AMAZON}/GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE.sample.tsv`]);
    expect(run.code).toBe(0);
    const lines = await withMirror(db, (m) =>
      m.db.selectFrom("settlement_transactions").selectAll().orderBy("line_no").execute(),
    );
    expect(lines.map((l) => [l.settlement_id, l.transaction_type, l.posted_date, l.other_amount, l.currency])).toEqual([
      ["19009771651", null, null, null, "USD"],
      ["19009771651", "Payable to Amazon", "2023-11-13", -39.99, "USD"],
      ["19009771651", "Subscription Fee", "2023-12-09", -39.99, "USD"],
    ]);
    const runRow = await withMirror(db, (m) => m.db.selectFrom("sync_runs").selectAll().executeTakeFirstOrThrow());
    expect([runRow.report_type, runRow.period_start, runRow.period_end, runRow.rows_read]).toEqual([
      "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE",
      "2023-11-13",
      "2023-12-11",
      3,
    ]);
  });

  it("derives fees per unit and daily refunds, mapping SKUs to ASINs through the catalog", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/listings.tsv`, "--marketplace", "US"]);
    const run = await runImport(db, [`${MADE}/settlement-v2.tsv`]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("SKU-GONE");
    const fees = await withMirror(db, (m) => m.db.selectFrom("product_fees").selectAll().execute());
    // Commission 3.90 on 25.98 of principal; 7.34 of FBA fees for 2 units.
    expect(fees.map((f) => [f.asin, f.referral_fee_pct, f.fulfillment_fee])).toEqual([["B0MUG00001", 15.01, 3.67]]);
    const refund = (await dailySales(db, "B0MUG00001")).find((r) => r.date === "2024-03-05");
    expect([refund?.refund_units, refund?.refund_amount, refund?.units]).toEqual([1, 12.99, 0]);
  });
});

describe("Sales and Traffic report JSON (real samples)", () => {
  it("stores the per-SKU section as daily sales over the report's period", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${AMAZON}/example1_DAY_SKU.json`]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("marketplace US, 2021-06-11..2021-06-14");
    expect(await sumSales(db, "B123456789")).toEqual({
      days: ["2021-06-11", "2021-06-12", "2021-06-13", "2021-06-14"],
      units: 1,
      revenue: 16.79,
      orders: 1,
      sessions: 18,
      page_views: 43,
      buy_box: 95.24,
    });
    expect(await sumSales(db, "B345678901")).toMatchObject({
      units: 3,
      revenue: 45,
      orders: 3,
      sessions: 6,
      page_views: 63,
      buy_box: 100,
    });
  });

  it("reads the child-ASIN, weekly variant", async () => {
    const db = tempDbPath();
    expect((await runImport(db, [`${AMAZON}/example2_WEEK_CHILD.json`])).code).toBe(0);
    expect(await sumSales(db, "B234567890")).toMatchObject({
      units: 3,
      revenue: 26.25,
      orders: 2,
      sessions: 28,
      page_views: 63,
      buy_box: 0,
    });
  });

  it("stores a one-day report on its day", async () => {
    const db = tempDbPath();
    const { writeFileSync, readFileSync } = await import("node:fs");
    const report = JSON.parse(readFileSync(`${AMAZON}/example1_DAY_SKU.json`, "utf8"));
    report.reportSpecification.dataStartTime = "2021-06-14";
    // Amazon's misspelt key, as in the sample's by-date section, in place of pageViews.
    const traffic = report.salesAndTrafficByAsin[0].trafficByAsin;
    traffic.browerPageViews = traffic.browserPageViews;
    delete traffic.browserPageViews;
    delete traffic.pageViews;
    const file = db.replace(/mirror\.db$/, "one-day.json");
    writeFileSync(file, JSON.stringify(report));
    expect((await runImport(db, [file])).code).toBe(0);
    const rows = await dailySales(db, "B123456789");
    expect(rows.map((r) => [r.date, r.units, r.revenue, r.sessions, r.page_views])).toEqual([
      ["2021-06-14", 1, 16.79, 18, 43],
    ]);
  });
});

describe("Business Report CSV", () => {
  it("reads quoted, grouped numbers, currency symbols and percentages for the day given", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/business-report.csv`, "--date", "2024-03-04", "--marketplace", "US"]);
    expect(run.code).toBe(0);
    const [row] = await dailySales(db, "B0MUG00001");
    expect([row.date, row.units, row.revenue, row.orders, row.sessions, row.page_views, row.buy_box_pct]).toEqual([
      "2024-03-04",
      57,
      1234.56,
      55,
      1204,
      1876,
      98.5,
    ]);
  });

  it("reads the older headers and German number format over a period", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [
      `${MADE}/business-report-older-headers-de.csv`,
      "--period",
      "2024-03-05..2024-03-06",
      "--marketplace",
      "DE",
    ]);
    expect(run.code).toBe(0);
    expect(await sumSales(db, "B0MUG00001")).toEqual({
      days: ["2024-03-05", "2024-03-06"],
      units: 57,
      revenue: 1234.56,
      orders: 55,
      sessions: 1204,
      page_views: 1876,
      buy_box: 98.5,
    });
    const market = await withMirror(db, (m) => m.db.selectFrom("account_marketplaces").selectAll().execute());
    expect(market.map((x) => [x.marketplace, x.currency])).toEqual([["DE", "EUR"]]);
  });

  it("asks for --date when the report's day is not given: the problem, then the flag that solves it", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/business-report.csv`, "--marketplace", "US"]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(
      /has no date column: say which day \(or days\) it covers\.\n {2}- Give the day with --date YYYY-MM-DD/,
    );
  });
});

describe("FBA inventory reports", () => {
  it.each([
    [
      "Manage Inventory (MYI)",
      "myi-unsuppressed.tsv",
      ["--date", "2024-03-10", "--marketplace", "US"],
      "2024-03-10",
      [120, 17, 50, 3, null, null],
    ],
    ["inventory planning", "inventory-planning.tsv", [], "2024-03-10", [118, 12, 45, 2, null, null]],
    [
      "restock recommendations, with Amazon's advice",
      "restock-recommendations.tsv",
      [],
      "2024-03-20",
      [118, 12, 45, 2, 160, "2024-03-14"],
    ],
  ])("stores the %s snapshot of SKU-MUG", async (_label, file, args, date, expected) => {
    const db = tempDbPath();
    expect((await runImport(db, [`${MADE}/${file}`, ...args])).code).toBe(0);
    const snap = await withMirror(db, (m) =>
      m.db.selectFrom("inventory_snapshots").selectAll().where("sku", "=", "SKU-MUG").executeTakeFirstOrThrow(),
    );
    expect([
      snap.date,
      snap.available,
      snap.reserved,
      snap.inbound,
      snap.unfulfillable,
      snap.amazon_recommended_qty,
      snap.amazon_recommended_date,
    ]).toEqual([date, ...expected]);
  });

  it("dates a snapshot without a date column on the day of the import, and says so", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/myi-unsuppressed.tsv`, "--marketplace", "US"]);
    expect(run.out).toMatch(/snapshot of 2024-03-20/);
    const tea = await withMirror(db, (m) =>
      m.db.selectFrom("inventory_snapshots").selectAll().where("sku", "=", "SKU-TEA").executeTakeFirstOrThrow(),
    );
    expect([tea.date, tea.available]).toEqual(["2024-03-20", 120]);
  });

  it("keeps Amazon's recommendation beside a snapshot imported from another report the same day", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/restock-recommendations.tsv`]);
    await runImport(db, [`${MADE}/myi-unsuppressed.tsv`, "--marketplace", "US"]);
    const snap = await withMirror(db, (m) =>
      m.db.selectFrom("inventory_snapshots").selectAll().where("sku", "=", "SKU-MUG").executeTakeFirstOrThrow(),
    );
    expect([snap.available, snap.amazon_recommended_qty, snap.amazon_recommended_date]).toEqual([
      120,
      160,
      "2024-03-14",
    ]);
  });
});

describe("Sponsored Products reports", () => {
  it("stores spCampaigns daily rows and the campaigns", async () => {
    const db = tempDbPath();
    expect((await runImport(db, [`${MADE}/sp-campaigns.json`])).code).toBe(0);
    const daily = await withMirror(db, (m) =>
      m.db.selectFrom("ad_campaign_daily").selectAll().orderBy("campaign_id").orderBy("date").execute(),
    );
    expect(
      daily.map((d) => [
        d.campaign_id,
        d.date,
        d.impressions,
        d.clicks,
        d.spend,
        d.sales,
        d.orders,
        d.units,
        d.top_of_search_is,
      ]),
    ).toEqual([
      ["158410630682987", "2024-03-01", 2216, 13, 14.5, 25.98, 2, 2, 12.5],
      ["158410630682987", "2024-03-02", 3721, 10, 9.45, 12.99, 1, 1, 10],
      ["27410630682000", "2024-03-01", 800, 4, 2.2, 0, 0, 0, null],
    ]);
    const campaigns = await withMirror(db, (m) =>
      m.db.selectFrom("ad_campaigns").selectAll().orderBy("campaign_id").execute(),
    );
    expect(campaigns.map((c) => [c.campaign_id, c.name, c.state, c.daily_budget, c.marketplace])).toEqual([
      ["158410630682987", "Mugs - Exact", "ENABLED", 25, "US"],
      ["27410630682000", "Tea - Auto", "PAUSED", 10, "US"],
    ]);
  });

  it("sums a summary report grouped by ad group into campaign days that add up to it", async () => {
    const db = tempDbPath();
    expect((await runImport(db, [`${MADE}/sp-campaigns-summary-by-ad-group.json`, "--marketplace", "US"])).code).toBe(
      0,
    );
    const daily = await withMirror(db, (m) => m.db.selectFrom("ad_campaign_daily").selectAll().execute());
    expect(daily.map((d) => d.date).sort()).toEqual([
      "2024-03-01",
      "2024-03-02",
      "2024-03-03",
      "2024-03-04",
      "2024-03-05",
    ]);
    expect(daily.reduce((a, d) => a + d.impressions, 0)).toBe(2216 + 3721);
    expect(daily.reduce((a, d) => a + d.clicks, 0)).toBe(23);
    expect(Math.round(daily.reduce((a, d) => a + d.spend, 0) * 100) / 100).toBe(23.95);
    expect(daily.reduce((a, d) => a + d.orders, 0)).toBe(4);
  });

  it("stores targets with their kind and bid, and their daily metrics", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/sp-targeting.json`]);
    await runImport(db, [`${MADE}/sp-search-term.json`]);
    const targets = await withMirror(db, (m) =>
      m.db.selectFrom("ad_targets").selectAll().orderBy("target_id").execute(),
    );
    expect(targets.map((t) => [t.target_id, t.kind, t.text, t.match_type, t.bid])).toEqual([
      ["301", "keyword", "ceramic mug", "EXACT", 0.85],
      ["302", "product_target", 'asin="B0COMPETE1"', "TARGETING_EXPRESSION", 0.6],
    ]);
    const daily = await withMirror(db, (m) =>
      m.db.selectFrom("ad_target_daily").selectAll().where("target_id", "=", "301").executeTakeFirstOrThrow(),
    );
    expect([
      daily.date,
      daily.impressions,
      daily.clicks,
      daily.spend,
      daily.sales,
      daily.orders,
      daily.top_of_search_is,
    ]).toEqual(["2024-03-01", 1500, 9, 8.1, 25.98, 2, 15.2]);
    const terms = await withMirror(db, (m) =>
      m.db.selectFrom("ad_search_term_daily").selectAll().orderBy("search_term").execute(),
    );
    expect(terms.map((t) => [t.target_id, t.search_term, t.clicks, t.spend, t.sales])).toEqual([
      ["301", "ceramic mug 12 oz", 6, 5.4, 25.98],
      ["301", "white coffee mug", 3, 2.7, 0],
    ]);
  });

  it("stores advertised products per ad group and day", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/sp-advertised-product.json`]);
    const rows = await withMirror(db, (m) => m.db.selectFrom("ad_product_daily").selectAll().execute());
    expect(rows.map((r) => [r.ad_group_id, r.asin, r.sku, r.date, r.spend, r.sales, r.units])).toEqual([
      ["72320882861500", "B0MUG00001", "SKU-MUG", "2024-03-01", 14.5, 25.98, 2],
    ]);
  });

  it.each([
    ["search term", "console-search-term.csv", "ad_search_term_daily", 2, 5.4],
    ["campaign", "console-campaign.csv", "ad_campaign_daily", 1, 14.5],
  ])("reads the Ads console's %s CSV, with ids made from names", async (_label, file, table, count, spend) => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/${file}`]);
    expect(run.code).toBe(0);
    const rows = await withMirror(db, (m) =>
      m.db
        .selectFrom(table as "ad_campaign_daily")
        .selectAll()
        .orderBy("campaign_id")
        .execute(),
    );
    expect(rows).toHaveLength(count);
    expect(rows[0]).toMatchObject({
      campaign_id: "name:Mugs - Exact",
      date: "2024-03-01",
      spend,
      sales: 25.98,
      orders: 2,
    });
  });

  it("tells auto targets from keywords in console files", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/console-search-term.csv`]);
    const targets = await withMirror(db, (m) =>
      m.db.selectFrom("ad_targets").select(["text", "kind"]).orderBy("text").execute(),
    );
    expect(targets).toEqual([
      { text: "ceramic mug", kind: "keyword" },
      { text: "close-match", kind: "auto" },
    ]);
  });
});

describe("product cost sheet", () => {
  it("sets unit cost, category, subcategory and lead time by sku or asin", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/listings.tsv`, "--marketplace", "US"]);
    const run = await runImport(db, [`${MADE}/cost-sheet.csv`]);
    expect(run.code).toBe(0);
    const products = await withMirror(db, (m) => m.db.selectFrom("products").selectAll().orderBy("sku").execute());
    expect(products.map((p) => [p.sku, p.unit_cost, p.category, p.subcategory, p.lead_time_days, p.price])).toEqual([
      ["SKU-MUG", 4.1, "Kitchen", "Mugs", 45, 12.99],
      ["SKU-TEA", 2.05, "Grocery", "Tea", 30, 8.5],
    ]);
  });

  it("adds a product named by sku and asin, and rejects a sku it cannot place", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/cost-sheet.csv`, "--marketplace", "US"]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("cost-sheet.csv:3: sku SKU-TEA is not in the catalog");
    const products = await withMirror(db, (m) => m.db.selectFrom("products").selectAll().execute());
    expect(products.map((p) => [p.sku, p.asin, p.unit_cost])).toEqual([["SKU-MUG", "B0MUG00001", 4.1]]);
  });
});

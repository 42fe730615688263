// The intents of contract v2 answered for real: a P&L, payouts from imported
// settlements, stock levels, settings with their audit trail, alerts listed and
// deleted. On a small imported seller without unit costs, every answer that
// rests on the cost of goods says it is unknown and how to add costs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runImport, withMirror } from "../helpers/import-run.js";
import { buildSmallMirror, FIXTURE_TODAY } from "../helpers/small-mirror.js";
import { answerUnderstanding } from "../../src/answer/answer.js";
import { nowForToday } from "../../src/core/dates.js";
import { INTENT_AREAS, type Filters, type Intent } from "../../src/core/understanding.js";
import type { MirrorDb, Mirror } from "../../src/store/open-mirror.js";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "import");
const IMPORTED_TODAY = "2024-03-20";
let dir: string;
let importedDb: string;
let small: Mirror;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "seller-ai-new-intents-"));
  importedDb = join(dir, "imported.db");
  const files = [
    "listings.tsv",
    "orders-by-order-date.tsv",
    "settlement-v2.tsv",
    "myi-unsuppressed.tsv",
    "sp-campaigns.json",
  ].map((f) => join(FIXTURES, f));
  const run = await runImport(importedDb, [...files, "--marketplace", "US"], { today: IMPORTED_TODAY });
  expect(run.code, run.err).toBe(0);
  small = await buildSmallMirror();
});
afterAll(async () => {
  await small?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function askOn(db: MirrorDb, today: string, intent: Intent, filters: Filters, actor?: string) {
  const answered = await answerUnderstanding(
    { intent, area: INTENT_AREAS[intent], confidence: 1, filters, interpretation: "test" },
    { db, now: nowForToday(today), ...(actor ? { actor } : {}) },
  );
  return { result: answered.body.result as Record<string, any>, primaryKey: answered.primaryKey };
}
const imported = (intent: Intent, filters: Filters) =>
  withMirror(importedDb, (m) => askOn(m.db, IMPORTED_TODAY, intent, filters));
const MARCH = { timeframe: "2024-03", date_range: { start: "2024-03-01", end: "2024-03-31" } } as const;

describe("a seller without unit costs is told its profit is unknown", () => {
  const cases: { intent: Intent; filters: Filters; check: (r: Record<string, any>) => void }[] = [
    {
      intent: "sales_summary",
      filters: MARCH,
      check: (r) => {
        expect(r.totals.profit_margin).toBeNull();
        expect(r.analysis.summary).toMatch(/profit and margin are unknown/);
      },
    },
    {
      intent: "top_products",
      filters: { ...MARCH, metrics: ["profit"] },
      check: (r) => expect(r.top_products.every((p: { profit_margin: null }) => p.profit_margin === null)).toBe(true),
    },
    {
      intent: "profit_margin_by_category",
      filters: MARCH,
      check: (r) => expect(r.categories.every((c: { profit_margin: null }) => c.profit_margin === null)).toBe(true),
    },
    {
      intent: "profit_breakdown",
      filters: MARCH,
      check: (r) => {
        expect(r.net_profit).toBeNull();
        expect(r.profit_margin).toBeNull();
        expect(r.lines.find((l: { line: string }) => l.line === "cost_of_goods").complete).toBe(false);
        expect(r.missing.products_without_cost).toBeGreaterThan(0);
      },
    },
    {
      intent: "profit_breakdown",
      filters: { ...MARCH, group_by: "asin", sort: "asc", metrics: ["profit"] },
      check: (r) => expect(r.products.every((p: { net_profit: null }) => p.net_profit === null)).toBe(true),
    },
  ];
  for (const c of cases) {
    it(`${c.intent} ${JSON.stringify(c.filters.group_by ?? c.filters.metrics ?? "")}: no margin, the count of products without costs and how to add them`, async () => {
      const { result } = await imported(c.intent, c.filters);
      c.check(result);
      const words = `${result.analysis.summary} ${result.analysis.recommendation} ${(result.notes ?? []).join(" ")}`;
      expect(words).toMatch(/\d+ of \d+ products sold have no unit cost/);
      expect(words).toContain("seller-ai import costs.csv");
      expect(words).not.toMatch(/\d+(\.\d+)?% margin/);
    });
  }
});

describe("profit_breakdown on a seller with costs", () => {
  it("lines add up to the net profit and agree with the sales summary's profit", async () => {
    const filters = { timeframe: "last_month", date_range: { start: "2026-10-01", end: "2026-10-31" } };
    const pnl = (await askOn(small.db, FIXTURE_TODAY, "profit_breakdown", filters)).result;
    const summary = (await askOn(small.db, FIXTURE_TODAY, "sales_summary", filters)).result;
    const sum = pnl.lines
      .filter((l: { line: string }) => l.line !== "net_profit")
      .reduce((s: number, l: { amount: number }) => s + l.amount, 0);
    expect(pnl.net_profit).toBeCloseTo(sum, 1);
    // No settlement covers the period: the P&L's profit is the summary's, to the cent.
    expect(pnl.net_profit).toBe(summary.totals.profit);
    expect(pnl.missing.settlements_imported).toBe(false);
  });
  it("which products lose money: lowest profit first, every row's profit its own lines", async () => {
    const { result } = await askOn(small.db, FIXTURE_TODAY, "profit_breakdown", {
      group_by: "asin",
      sort: "asc",
      metrics: ["profit"],
      marketplace: "US",
    });
    const profits = result.products.map((p: { net_profit: number }) => p.net_profit);
    expect(profits).toEqual([...profits].sort((a, b) => a - b));
    for (const p of result.products)
      expect(p.net_profit).toBeCloseTo(
        p.revenue + p.refunds + p.referral_fees + p.fba_fees + p.cost_of_goods + p.ad_spend,
        1,
      );
  });
});

describe("settlement lines in the P&L", () => {
  // UK has no ad reports in the small seller, US has: a settlement's ad charges are the ad spend only where
  // no ad report gives it; a reserve is never a cost.
  const lines = [
    { marketplace: "UK", transaction_type: "ServiceFee", fee_type: "Cost of Advertising", other_amount: -30 },
    { marketplace: "UK", transaction_type: "Current Reserve Amount", fee_type: null, other_amount: -50 },
    { marketplace: "UK", transaction_type: "other-transaction", fee_type: "Storage Fee", other_amount: -12 },
    { marketplace: "US", transaction_type: "ServiceFee", fee_type: "Cost of Advertising", other_amount: -99 },
    { marketplace: "US", transaction_type: "Subscription Fee", fee_type: null, other_amount: -39.99 },
  ];
  const cases: { marketplace: "UK" | "US"; expected: Record<string, number> }[] = [
    { marketplace: "UK", expected: { ad_spend: -30, storage_fees: -12, other_fees: 0 } },
    { marketplace: "US", expected: { storage_fees: 0, other_fees: -39.99 } },
  ];
  for (const c of cases) {
    it(`${c.marketplace}: advertising charges, reserves, storage and other fees each where they belong`, async () => {
      const m = await buildSmallMirror();
      try {
        const october = { timeframe: "2026-10", date_range: { start: "2026-10-01", end: "2026-10-31" } };
        const before = (
          await askOn(m.db, FIXTURE_TODAY, "profit_breakdown", { ...october, marketplace: c.marketplace })
        ).result;
        await m.db
          .insertInto("settlement_transactions")
          .values(
            lines.map((l, i) => ({
              ...l,
              account_id: "acme",
              settlement_id: `S-${l.marketplace}`,
              line_no: i + 1,
              posted_date: "2026-10-10",
              currency: l.marketplace === "UK" ? "GBP" : "USD",
            })),
          )
          .execute();
        const after = (await askOn(m.db, FIXTURE_TODAY, "profit_breakdown", { ...october, marketplace: c.marketplace }))
          .result;
        const amount = (r: Record<string, any>, line: string) =>
          r.lines.find((l: { line: string }) => l.line === line).amount;
        const adSpend = c.expected.ad_spend ?? amount(before, "ad_spend");
        expect(amount(before, "ad_spend") === 0).toBe(c.marketplace === "UK");
        expect(amount(after, "ad_spend")).toBe(adSpend);
        expect(amount(after, "storage_fees")).toBe(c.expected.storage_fees);
        expect(amount(after, "other_fees")).toBe(c.expected.other_fees);
        expect(after.missing.settlements_imported).toBe(true);
      } finally {
        await m.close();
      }
    });
  }
});

describe("payouts come from imported settlements", () => {
  const cases: { asked: string; filters: Filters; payouts: number }[] = [
    { asked: "when was my last deposit", filters: {}, payouts: 1 },
    { asked: "payouts in March 2024", filters: MARCH, payouts: 1 },
    {
      asked: "payouts in January 2024",
      filters: { timeframe: "2024-01", date_range: { start: "2024-01-01", end: "2024-01-31" } },
      payouts: 0,
    },
  ];
  for (const c of cases) {
    it(`${c.asked}: ${c.payouts} settlement(s), with ids and dates`, async () => {
      const { result } = await imported("payouts", c.filters);
      expect(result.payouts).toHaveLength(c.payouts);
      expect(result.total_rows).toBe(c.payouts);
      if (c.payouts) {
        expect(result.payouts[0]).toMatchObject({
          settlement_id: "12345678901",
          start_date: "2024-03-01",
          end_date: "2024-03-15",
          deposit_date: "2024-03-17",
          amount: 13.41,
          currency: "USD",
        });
        expect(result.analysis.summary).toContain("12345678901");
        expect(result.analysis.summary).toContain("2024-03-17");
      } else expect(result.analysis.summary).toMatch(/No payout in 2024-01-01 to 2024-01-31/);
    });
  }
  it("a seller without settlement reports is told where payouts come from", async () => {
    const { result } = await askOn(small.db, FIXTURE_TODAY, "payouts", {});
    expect(result.payouts).toEqual([]);
    expect(result.analysis.summary).toMatch(/no settlement reports/);
    expect(result.analysis.recommendation).toContain("seller-ai import");
  });
});

describe("inventory_levels", () => {
  const cases: { filters: Filters; rows: number }[] = [
    { filters: {}, rows: 4 },
    { filters: { marketplace: "UK" }, rows: 1 },
    { filters: { asin: "B0KNIFE001" }, rows: 2 },
  ];
  for (const c of cases) {
    it(`${JSON.stringify(c.filters)}: available, inbound, reserved and days of supply per product`, async () => {
      const { result } = await askOn(small.db, FIXTURE_TODAY, "inventory_levels", c.filters);
      expect(result.total_rows).toBe(c.rows);
      const available = result.products.reduce(
        (s: number, p: { available_quantity: number }) => s + p.available_quantity,
        0,
      );
      expect(result.totals.available_quantity).toBe(available);
      for (const p of result.products) expect(p).toHaveProperty("days_of_supply");
    });
  }
});

describe("settings and alerts, with the audit trail", () => {
  it("settings changes, alerts created and deleted are recorded with who and when, and shown", async () => {
    const m = await buildSmallMirror();
    try {
      await askOn(m.db, FIXTURE_TODAY, "update_settings", { settings: { lead_time_days: 45 } }, "key_abc");
      const alerts = [
        { metric: "days_of_supply", op: "<", value: 14 },
        { metric: "acos", op: ">", value: 40 },
      ] as const;
      for (const c of alerts) await askOn(m.db, FIXTURE_TODAY, "create_alert", { conditions: [c] });
      const shown = (await askOn(m.db, FIXTURE_TODAY, "show_settings", {})).result;
      expect(shown.settings.find((s: { setting: string }) => s.setting === "lead_time_days").value).toBe(45);
      expect(
        shown.changes.map((c: any) => [c.actor, c.kind, c.subject.startsWith("alert_") ? "alert" : c.subject]),
      ).toEqual([
        ["cli", "alert_created", "alert"],
        ["cli", "alert_created", "alert"],
        ["key_abc", "setting", "lead_time_days"],
      ]);
      expect(shown.changes[2]).toMatchObject({ previous: "30", value: "45" });
      const listed = (await askOn(m.db, FIXTURE_TODAY, "list_alerts", {})).result;
      expect(listed.alerts).toHaveLength(2);
      await expect(askOn(m.db, FIXTURE_TODAY, "delete_alert", {})).rejects.toMatchObject({ code: "invalid_query" });
      await expect(askOn(m.db, FIXTURE_TODAY, "delete_alert", { alert_id: "alert_nope" })).rejects.toMatchObject({
        code: "not_found",
      });
      const byMetric = (await askOn(m.db, FIXTURE_TODAY, "delete_alert", { metrics: ["days_of_supply"] })).result;
      expect(byMetric.deleted.map((a: { metric: string }) => a.metric)).toEqual(["days_of_supply"]);
      expect(byMetric.remaining).toBe(1);
      const rest = (await askOn(m.db, FIXTURE_TODAY, "delete_alert", { limit: 100000 })).result;
      expect(rest.deleted).toHaveLength(1);
      expect((await askOn(m.db, FIXTURE_TODAY, "list_alerts", {})).result.alerts).toEqual([]);
      const trail = (await askOn(m.db, FIXTURE_TODAY, "show_settings", {})).result.changes;
      expect(trail.filter((c: { kind: string }) => c.kind === "alert_deleted")).toHaveLength(2);
    } finally {
      await m.close();
    }
  });
});

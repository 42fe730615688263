// The demo seller is paid: its settlements answer "show my payouts" and "when
// was my last deposit", and each one reconciles with the days it covers, as the
// other answers report them (sales and refunds to the cent, fees within the
// rounding of each fee line, ad charges to the cent). Settlements change no
// other answer: asked again with them removed, every figure is the same.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerUnderstanding } from "../../src/answer/answer.js";
import { nowForToday } from "../../src/core/dates.js";
import { INTENT_AREAS, type Filters, type Intent } from "../../src/core/understanding.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";

const END = "2026-11-20";
const now = nowForToday("2026-11-21");
let mirror: Mirror;

beforeAll(async () => {
  mirror = await openMirror(":memory:");
  await generateDemo(mirror, { seed: 1, end: END, scale: "small", now });
}, 120_000);
afterAll(async () => {
  await mirror?.close();
});

type Row = Record<string, any>;

async function ask(intent: Intent, filters: Filters, on: Mirror = mirror): Promise<Row> {
  const answered = await answerUnderstanding(
    { intent, area: INTENT_AREAS[intent], confidence: 1, filters, interpretation: "test" },
    { db: on.db, now },
  );
  return answered.body.result as Row;
}

const range = (start: string, end: string): Filters => ({ timeframe: `${start}..${end}`, date_range: { start, end } });
const cents = (n: number) => Math.round(n * 100);
/** Every payout, newest first. */
const allPayouts = async () => (await ask("payouts", { limit: 1000 })).payouts as Row[];

describe("payouts on the demo", () => {
  const cases: { asked: string; filters: Filters; check: (r: Row, all: Row[]) => void }[] = [
    {
      asked: "when was my last deposit",
      filters: {},
      check: (r, all) => {
        const latest = all
          .map((p) => p.deposit_date)
          .sort()
          .at(-1);
        expect(r.last_deposit.deposit_date).toBe(latest);
        expect(r.last_deposit.deposit_date <= END).toBe(true);
        const paid = all.find((p) => p.settlement_id === r.last_deposit.settlement_id)!;
        expect(r.last_deposit).toMatchObject({ amount: paid.amount, currency: paid.currency });
        expect(r.analysis.summary).toContain(`was deposited on ${latest}`);
      },
    },
    {
      asked: "show my payouts (the sum by month)",
      filters: {},
      check: (r, all) => {
        expect(r.total_rows).toBe(all.length);
        for (const m of r.by_month) {
          const paid = all.filter((p) => p.deposit_date.startsWith(m.month) && p.currency === m.currency);
          expect(m.deposits).toBe(paid.length);
          expect(cents(m.amount)).toBe(paid.reduce((s, p) => s + cents(p.amount), 0));
        }
        for (const t of r.totals) {
          const months = r.by_month.filter((m: Row) => m.currency === t.currency);
          expect(cents(t.amount)).toBe(months.reduce((s: number, m: Row) => s + cents(m.amount), 0));
        }
        expect(r.totals.map((t: Row) => t.currency).sort()).toEqual(["EUR", "GBP", "USD"]);
      },
    },
    {
      asked: "payouts in October 2026",
      filters: { timeframe: "2026-10", date_range: { start: "2026-10-01", end: "2026-10-31" } },
      check: (r, all) => {
        const october = all.filter((p) => p.deposit_date.startsWith("2026-10"));
        expect(october.length).toBeGreaterThanOrEqual(3);
        expect(r.payouts.map((p: Row) => p.settlement_id)).toEqual(october.map((p) => p.settlement_id));
        expect(r.period).toEqual({ start: "2026-10-01", end: "2026-10-31" });
      },
    },
    {
      asked: "payouts in 2024, before the settlements begin",
      filters: { timeframe: "2024", date_range: { start: "2024-01-01", end: "2024-12-31" } },
      check: (r) => {
        expect(r.payouts).toEqual([]);
        expect(r.analysis.summary).toMatch(/^No payout in 2024-01-01 to 2024-12-31: your settlements run from/);
      },
    },
  ];
  for (const c of cases) {
    it(c.asked, async () => {
      c.check(await ask("payouts", c.filters), await allPayouts());
    });
  }

  it("every marketplace is paid every 14 days in its own currency, a few days after the period ends", async () => {
    const all = await allPayouts();
    const byCurrency = new Map<string, Row[]>();
    for (const p of all) byCurrency.set(p.currency, [...(byCurrency.get(p.currency) ?? []), p]);
    expect([...byCurrency.keys()].sort()).toEqual(["EUR", "GBP", "USD"]);
    for (const paid of byCurrency.values()) {
      const oldestFirst = paid.reverse();
      expect(oldestFirst.length).toBeGreaterThanOrEqual(3);
      for (const [i, p] of oldestFirst.entries()) {
        const lag = daysBetween(p.end_date, p.deposit_date);
        expect(lag >= 2 && lag <= 4, `${p.settlement_id} deposited ${lag} days after its end`).toBe(true);
        if (i === 0) continue;
        expect(daysBetween(oldestFirst[i - 1].end_date, p.start_date)).toBe(1);
        expect(daysBetween(p.start_date, p.end_date)).toBe(13);
      }
    }
  });
});

describe("each demo payout reconciles with the days it covers", () => {
  it("sales and refunds to the cent, fees within each line's rounding, ad charges and reserves to the cent, the total the sum of its parts", async () => {
    const all = await allPayouts();
    const currencyOf: Record<string, string> = { USD: "US", GBP: "UK", EUR: "DE" };
    for (const p of all) {
      const marketplace = currencyOf[p.currency] as never;
      const pnl = await ask("profit_breakdown", { ...range(p.start_date, p.end_date), marketplace });
      expect(pnl.currency).toBe(p.currency);
      const line = (name: string) => pnl.lines.find((l: Row) => l.line === name).amount as number;
      const id = p.settlement_id;
      expect(p.sales, `${id} sales`).toBe(line("revenue"));
      expect(p.refunds, `${id} refunds`).toBe(line("refunds"));
      // The P&L applies the referral rate to the period's sales unrounded; a settlement rounds each commission
      // to the cent (FBA fees, a whole number of cents per unit, need no rounding), and each P&L line is rounded.
      const commissions = await linesOf(id, "fee_type = 'Commission'");
      expect(Math.abs(p.fees - (line("referral_fees") + line("fba_fees"))), `${id} fees`).toBeLessThanOrEqual(
        0.005 * commissions.length + 0.01,
      );
      const reserves = await linesOf(id, "transaction_type like '%Reserve%'");
      const reserve = reserves.reduce((s, l) => s + cents(l.other_amount), 0);
      expect(cents(p.other), `${id} other`).toBe(cents(line("ad_spend")) + reserve);
      expect(cents(p.amount), `${id} total`).toBe(cents(p.sales) + cents(p.refunds) + cents(p.fees) + cents(p.other));
    }
  });

  it("a reserve held back from one payout is paid with the next one of its marketplace", async () => {
    const held = await sql<Row>`select t.settlement_id, t.marketplace, t.other_amount, s.end_date
      from settlement_transactions t join settlements s using (account_id, settlement_id)
      where t.account_id = 'demo' and t.transaction_type = 'Current Reserve Amount'`.execute(mirror.db);
    const released = await sql<Row>`select t.marketplace, t.other_amount, s.start_date
      from settlement_transactions t join settlements s using (account_id, settlement_id)
      where t.account_id = 'demo' and t.transaction_type = 'Previous Reserve Amount Balance'`.execute(mirror.db);
    expect(held.rows.length).toBeGreaterThan(0);
    for (const h of held.rows) {
      const next = released.rows.find(
        (r) => r.marketplace === h.marketplace && daysBetween(h.end_date, r.start_date) === 1,
      );
      expect(next?.other_amount, `reserve of ${h.settlement_id}`).toBe(-h.other_amount);
    }
  });
});

describe("settlements leave every other demo answer as it was", () => {
  const lastMonth = { timeframe: "last_month", date_range: { start: "2026-10-01", end: "2026-10-31" } };
  const cases: { asked: string; intent: Intent; filters: Filters; pick: (r: Row) => unknown }[] = [
    {
      asked: "top products by profit last month",
      intent: "top_products",
      filters: { ...lastMonth, metrics: ["profit"] },
      pick: (r) => r,
    },
    { asked: "sales summary last month", intent: "sales_summary", filters: lastMonth, pick: (r) => r },
    {
      asked: "the P&L last month",
      intent: "profit_breakdown",
      filters: lastMonth,
      pick: (r) => [r.lines.map((l: Row) => [l.line, l.amount]), r.net_profit, r.profit_margin],
    },
    {
      asked: "fees last month",
      intent: "profit_breakdown",
      filters: { ...lastMonth, metrics: ["fees"] },
      pick: (r) => r.lines.map((l: Row) => [l.line, l.amount]),
    },
    {
      asked: "which products lose money",
      intent: "profit_breakdown",
      filters: { ...lastMonth, group_by: "asin", sort: "asc", metrics: ["profit"], limit: 1000 },
      pick: (r) => r.products,
    },
    { asked: "ad spend last month", intent: "advertising_summary", filters: lastMonth, pick: (r) => r },
    { asked: "refunds last month", intent: "refund_analysis", filters: lastMonth, pick: (r) => r },
  ];
  let without: Mirror;
  beforeAll(async () => {
    without = await openMirror(":memory:");
    await generateDemo(without, { seed: 1, end: END, scale: "small", now });
    await without.db.deleteFrom("settlement_transactions").where("account_id", "=", "demo").execute();
    await without.db.deleteFrom("settlements").where("account_id", "=", "demo").execute();
  }, 120_000);
  afterAll(async () => {
    await without?.close();
  });
  for (const c of cases) {
    it(c.asked, async () => {
      const paid = await ask(c.intent, c.filters);
      const unpaid = await ask(c.intent, c.filters, without);
      expect(c.pick(paid)).toEqual(c.pick(unpaid));
    });
  }
});

async function linesOf(settlementId: string, where: string): Promise<Row[]> {
  const rows = await sql<Row>`select * from settlement_transactions
    where account_id = 'demo' and settlement_id = ${settlementId} and ${sql.raw(where)}`.execute(mirror.db);
  return rows.rows;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

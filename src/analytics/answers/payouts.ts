/**
 * payouts: what the marketplace paid out, from imported settlement reports:
 * each settlement with its period, deposit date and amount (the report's
 * total, else the sum of its lines), split into sales, refunds, fees and
 * other, and the deposits by month. A settlement belongs to a period by its
 * deposit date (its end, when the report gave no deposit date).
 */
import { dialectOf } from "../../store/dialect.js";
import { sql } from "kysely";
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney } from "../../core/number-format.js";
import { money } from "../../core/money.js";
import { periodOf } from "../../core/timeframe.js";
import type { IntentResults } from "../results/index.js";
import { endOfDay, limitRows, type Outcome } from "./outcome.js";

type Payout = IntentResults["payouts"]["payouts"][number];

export async function payouts(ctx: AnalyticsContext, understanding: Understanding): Promise<Outcome<"payouts">> {
  const f = understanding.filters;
  // Without a period, every settlement: "when was my last deposit" looks at all of them.
  const range = f.date_range ?? (f.timeframe ? periodOf(f.timeframe, ctx.today) : undefined);
  const { sum } = dialectOf(ctx.db);
  const query = sql<{
    settlement_id: string;
    start_date: string | null;
    end_date: string | null;
    deposit_date: string | null;
    total_amount: number | null;
    currency: string | null;
    first_posted: string | null;
    last_posted: string | null;
    sales: number;
    refunds: number;
    fees: number;
    other: number;
    lines: number;
  }>`select t.settlement_id, s.start_date, s.end_date, s.deposit_date, s.total_amount,
        coalesce(s.currency, max(t.currency)) as currency, min(t.posted_date) as first_posted, max(t.posted_date) as last_posted,
        ${sum(sql`case when t.transaction_type = 'Order' then coalesce(t.price_amount, 0) else 0 end`)} as sales,
        ${sum(sql`case when t.transaction_type = 'Refund' then coalesce(t.price_amount, 0) else 0 end`)} as refunds,
        ${sum(sql`coalesce(t.fee_amount, 0)`)} as fees,
        ${sum(sql`case when t.transaction_type in ('Order', 'Refund') then coalesce(t.other_amount, 0)
          else coalesce(t.price_amount, 0) + coalesce(t.other_amount, 0) end`)} as other,
        count(t.posted_date) as lines
      from settlement_transactions t
      left join settlements s on s.account_id = t.account_id and s.settlement_id = t.settlement_id
      where t.account_id = ${ctx.accountId}
      group by t.settlement_id, s.start_date, s.end_date, s.deposit_date, s.total_amount, s.currency`;
  const compiled = query.compile(ctx.db);
  ctx.sql.push(compiled.sql);
  const lines = (await ctx.db.executeQuery(compiled)).rows;
  const all: Payout[] = lines
    .map((l) => {
      const currency = l.currency ?? ctx.homeCurrency;
      const summed = l.sales + l.refunds + l.fees + l.other;
      return {
        settlement_id: l.settlement_id,
        start_date: l.start_date ?? l.first_posted,
        end_date: l.end_date ?? l.last_posted,
        deposit_date: l.deposit_date,
        amount: money(l.total_amount ?? summed, currency),
        sales: money(l.sales, currency),
        refunds: money(l.refunds, currency),
        fees: money(l.fees, currency),
        other: money(l.other, currency),
        lines: l.lines,
        currency,
      };
    })
    .filter((p) => {
      const day = p.deposit_date ?? p.end_date;
      return !range || (day !== null && day >= range.start && day <= range.end);
    })
    .sort((a, b) => ((b.deposit_date ?? b.end_date ?? "") < (a.deposit_date ?? a.end_date ?? "") ? -1 : 1));
  const { shown, total } = limitRows(all, f.limit, 50);
  const months = new Map<string, { month: string; deposits: number; amount: number; currency: string }>();
  const totals = new Map<string, { currency: string; deposits: number; amount: number }>();
  for (const p of all) {
    const month = (p.deposit_date ?? p.end_date ?? "unknown").slice(0, 7);
    const m = months.get(`${month}|${p.currency}`) ?? { month, deposits: 0, amount: 0, currency: p.currency };
    m.deposits++;
    m.amount += p.amount;
    months.set(`${month}|${p.currency}`, m);
    const t = totals.get(p.currency) ?? { currency: p.currency, deposits: 0, amount: 0 };
    t.deposits++;
    t.amount += p.amount;
    totals.set(p.currency, t);
  }
  const byMonth = [...months.values()]
    .map((m) => ({ ...m, amount: money(m.amount, m.currency) }))
    .sort((a, b) => (a.month < b.month ? -1 : 1));
  const totalRows = [...totals.values()].map((t) => ({ ...t, amount: money(t.amount, t.currency) }));
  const last = all[0];
  const lastDeposit = last
    ? {
        settlement_id: last.settlement_id,
        deposit_date: last.deposit_date,
        amount: last.amount,
        currency: last.currency,
      }
    : null;
  let summary: string;
  let recommendation: string;
  if (!lines.length) {
    summary =
      "The mirror has no settlement reports, so it cannot say what Amazon paid out: payouts come only from settlement reports.";
    recommendation =
      "Download the settlement reports (Seller Central › Reports › Payments › All statements) and run `seller-ai import <file>`.";
  } else if (!all.length) {
    const known = lines.map((l) => l.deposit_date ?? l.end_date ?? l.last_posted).filter(Boolean) as string[];
    summary = `No payout in ${range!.start} to ${range!.end}: your settlements run from ${known.sort()[0]} to ${known.sort().at(-1)}.`;
    recommendation = "Ask about a period your settlement reports cover, or import newer ones.";
  } else {
    summary =
      `${all.length} payout${all.length === 1 ? "" : "s"}${range ? ` in ${range.start} to ${range.end}` : ""}: ` +
      totalRows.map((t) => formatMoney(t.amount, t.currency)).join(" + ") +
      `. The latest, settlement ${last.settlement_id}` +
      (last.deposit_date
        ? `, was deposited on ${last.deposit_date}`
        : `, ended on ${last.end_date ?? "an unknown day"}`) +
      ` for ${formatMoney(last.amount, last.currency)} (sales ${formatMoney(last.sales, last.currency)}, refunds ${formatMoney(last.refunds, last.currency)}, ` +
      `fees ${formatMoney(last.fees, last.currency)}, other ${formatMoney(last.other, last.currency)}).`;
    recommendation = all.some((p) => p.amount < 0)
      ? "A settlement paid out less than nothing: its fees and refunds outweighed sales; look at its other charges first."
      : "Compare the fees of each payout with your P&L (ask for your fees) to see where the money went.";
  }
  return {
    result: {
      payouts: shown,
      by_month: byMonth,
      totals: totalRows,
      last_deposit: lastDeposit,
      period: range ?? null,
      analysis: { summary, recommendation },
    },
    primaryKey: "payouts",
    totalRows: total,
    freshness: last ? endOfDay(last.deposit_date ?? last.end_date ?? ctx.today) : null,
  };
}

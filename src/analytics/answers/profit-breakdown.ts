/**
 * profit_breakdown: where the money went, as a P&L: revenue, refunds, the
 * referral and FBA fees of the fee tables, storage and other account fees
 * from settlements, cost of goods and ad spend, down to net profit; for the
 * period, per product ("which products lose money") or per day, week, month
 * or quarter. A product without a unit cost has an unknown cost of goods: the
 * P&L says so and leaves net profit unknown instead of showing a margin
 * without it.
 */
import { dialectOf } from "../../store/dialect.js";
import { sql } from "kysely";
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatNumber, formatPercent } from "../../core/number-format.js";
import { money, percent, roundTo } from "../../core/money.js";
import { addDaysIso } from "../../core/dates.js";
import { addMonthsIso, type DateRange } from "../../core/timeframe.js";
import { entryForAsin, listingsOf, productFacts, type ProductFacts } from "../facts/product-facts.js";
import { scopeCurrency } from "../facts/product-rows.js";
import { periodWords, scopeOf, type Scope } from "../facts/scope.js";
import { limitRows, noDataInScope, salesFreshness, sortRows, type Outcome } from "./outcome.js";

/** How to add unit costs, said wherever a figure lacks them. */
export const COSTS_HINT = "add unit costs with `seller-ai import costs.csv` (columns sku and unit_cost)";

interface ProductPnl {
  marketplace: string;
  asin: string;
  currency: string;
  units: number;
  revenue: number;
  refunds: number;
  referral: number;
  fba: number;
  cogs: number;
  ad_spend: number;
  has_cost: boolean;
  has_fees: boolean;
}

interface Pnl {
  revenue: number;
  refunds: number;
  referral: number;
  fba: number;
  storage: number;
  other: number;
  cogs: number;
  ad_spend: number;
  without_cost: number;
  without_fees: number;
  sold: number;
}

/** The P&L of each product over a range, in its marketplace's currency. */
async function productPnls(ctx: AnalyticsContext, range: DateRange, scope: Scope): Promise<ProductPnl[]> {
  const facts = await productFacts(ctx, range, scope);
  const rates = await feeRates(ctx);
  return facts.map((f: ProductFacts) => {
    const rate = rates.get(`${f.marketplace}|${f.asin}`);
    // Revenue is a sum of cents; summed from running totals it carries a little float noise, which a
    // percentage of it could carry across a half cent (and engines that sum in another order would differ).
    const revenue = money(f.revenue, f.currency);
    // The referral fee as the fee tables give it (15% without one); the rest of the fees is the FBA fee per unit.
    const referral = ((rate?.referral ?? 15) / 100) * revenue;
    return {
      marketplace: f.marketplace,
      asin: f.asin,
      currency: f.currency,
      units: f.units,
      revenue,
      refunds: money(f.refund_amount, f.currency),
      referral,
      fba: f.fees - referral,
      cogs: f.cogs,
      ad_spend: money(f.ad_spend, f.currency),
      has_cost: Boolean(f.has_cost),
      has_fees: rate?.own === true,
    };
  });
}

/** Referral fee percent per product of the catalog, and whether the fee tables have its own row. */
async function feeRates(ctx: AnalyticsContext): Promise<Map<string, { referral: number; own: boolean }>> {
  return ctx.memo("feeRates", async () => {
    const rows = await ctx.rows(
      ctx.db
        .selectFrom("products as p")
        .leftJoin("product_fees as pf", (j) =>
          j
            .onRef("pf.account_id", "=", "p.account_id")
            .onRef("pf.marketplace", "=", "p.marketplace")
            .onRef("pf.asin", "=", "p.asin"),
        )
        .select(["p.marketplace", "p.asin", "pf.referral_fee_pct", "pf.asin as fee_asin"])
        .where("p.account_id", "=", ctx.accountId),
    );
    const map = new Map<string, { referral: number; own: boolean }>();
    for (const r of rows)
      map.set(`${r.marketplace}|${r.asin}`, { referral: r.referral_fee_pct ?? 15, own: r.fee_asin !== null });
    return map;
  });
}

/**
 * Storage and other account-level fees posted in settlements over a range, per currency (negative = charged).
 * Two kinds of line are not account fees: advertising charges, which are the ad spend the ad reports already
 * give (kept apart, for a P&L without ad reports), and reserves, money held back from one payout and paid with
 * a later one.
 */
async function accountFees(ctx: AnalyticsContext, range: DateRange, marketplace?: string) {
  const { sum } = dialectOf(ctx.db);
  const kind = sql`lower(coalesce(transaction_type, '') || ' ' || coalesce(fee_type, ''))`;
  const amount = sql`coalesce(price_amount, 0) + coalesce(fee_amount, 0) + coalesce(other_amount, 0)`;
  const query = sql<{ currency: string | null; storage: number; other: number; advertising: number; lines: number }>`
    select currency,
      ${sum(sql`case when ${kind} like '%storage%' then ${amount} else 0 end`)} as storage,
      ${sum(sql`case when ${kind} like '%storage%' or ${kind} like '%advertis%' or ${kind} like '%reserve%' then 0
        else ${amount} end`)} as other,
      ${sum(sql`case when ${kind} like '%advertis%' then ${amount} else 0 end`)} as advertising,
      count(*) as lines
    from settlement_transactions
    where account_id = ${ctx.accountId} and posted_date between ${range.start} and ${range.end}
      and coalesce(transaction_type, '') not in ('Order', 'Refund')
      ${marketplace ? sql`and (marketplace = ${marketplace} or marketplace is null)` : sql``}
    group by currency`;
  const compiled = query.compile(ctx.db);
  ctx.sql.push(compiled.sql);
  const rows = (await ctx.db.executeQuery(compiled)).rows;
  const any = await ctx.rows(
    ctx.db
      .selectFrom("settlement_transactions")
      .select("settlement_id")
      .where("account_id", "=", ctx.accountId)
      .where("posted_date", ">=", range.start)
      .where("posted_date", "<=", range.end)
      .limit(1),
  );
  return { rows, imported: any.length > 0 };
}

/** The P&L of a range in one currency: products summed, account fees added. */
async function pnlOf(ctx: AnalyticsContext, range: DateRange, scope: Scope, currency: string) {
  const products = await productPnls(ctx, range, scope);
  const fees = await accountFees(ctx, range, scope.asins ? "" : scope.marketplace);
  const at = (amount: number, from: string) => ctx.exchange(amount, from, currency, range);
  const p: Pnl = {
    revenue: 0,
    refunds: 0,
    referral: 0,
    fba: 0,
    storage: 0,
    other: 0,
    cogs: 0,
    ad_spend: 0,
    without_cost: 0,
    without_fees: 0,
    sold: 0,
  };
  for (const x of products) {
    p.revenue += at(x.revenue, x.currency);
    p.refunds += at(x.refunds, x.currency);
    p.referral += at(x.referral, x.currency);
    p.fba += at(x.fba, x.currency);
    p.cogs += at(x.cogs, x.currency);
    p.ad_spend += at(x.ad_spend, x.currency);
    if (x.units > 0) {
      p.sold++;
      if (!x.has_cost) p.without_cost++;
      if (!x.has_fees) p.without_fees++;
    }
  }
  // Account fees belong to no product: a product filter leaves them out.
  if (!scope.asins) {
    let advertising = 0;
    for (const r of fees.rows) {
      p.storage -= at(r.storage, r.currency ?? currency);
      p.other -= at(r.other, r.currency ?? currency);
      advertising -= at(r.advertising, r.currency ?? currency);
    }
    // The ad reports give the ad spend; without them, what the settlements charged for ads is all there is.
    if (p.ad_spend === 0) p.ad_spend = advertising;
  }
  return { pnl: p, products, settlements: fees.imported };
}

function beforeCogs(p: Pnl): number {
  return p.revenue - p.refunds - p.referral - p.fba - p.storage - p.other - p.ad_spend;
}

const PERIOD_BUCKETS = new Set(["day", "week", "month", "quarter"]);

export async function profitBreakdown(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"profit_breakdown">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const currency = scopeCurrency(ctx, scope);
  const { pnl, products, settlements } = await pnlOf(ctx, scope.range, scope, currency);
  const known = pnl.without_cost === 0;
  const before = beforeCogs(pnl);
  const net = known ? before - pnl.cogs : null;
  const missing = {
    products_without_cost: pnl.without_cost,
    products_without_fees: pnl.without_fees,
    products_sold: pnl.sold,
    settlements_imported: settlements,
  };
  const notes = missingNotes(missing);
  const m = (v: number) => money(v, currency);
  const period = periodWords(scope);
  const noSales = pnl.sold === 0 && pnl.revenue === 0;
  const empty = noSales ? await noDataInScope(ctx, scope, "sales") : undefined;
  const freshness = noSales ? null : await salesFreshness(ctx, scope.range);
  const missingWords = notes.length ? ` ${notes.join(" ")}` : "";

  if (f.group_by === "asin" || f.group_by === "category" || (f.sort === "asc" && f.metrics?.[0] === "profit")) {
    const rows = products
      .filter((x) => x.units > 0 || x.revenue !== 0 || x.refunds !== 0 || x.ad_spend !== 0)
      .map((x) => {
        const c = x.currency;
        const b = x.revenue - x.refunds - x.referral - x.fba - x.ad_spend;
        const profit = x.has_cost || x.units === 0 ? b - x.cogs : null;
        return {
          asin: x.asin,
          title: "",
          marketplace: x.marketplace,
          units_sold: Math.round(x.units),
          revenue: money(x.revenue, c),
          refunds: money(-x.refunds, c),
          referral_fees: money(-x.referral, c),
          fba_fees: money(-x.fba, c),
          cost_of_goods: profit === null ? null : money(-x.cogs, c),
          ad_spend: money(-x.ad_spend, c),
          profit_before_cost_of_goods: money(b, c),
          net_profit: profit === null ? null : money(profit, c),
          profit_margin: profit === null ? null : percent(profit, x.revenue),
          has_unit_cost: x.has_cost,
          currency: c,
          // Ranked in the answer's currency, so products of several marketplaces compare.
          rank: ctx.exchange(profit ?? b, c, currency, scope.range),
        };
      });
    // "Which products lose money": the lowest profit first; products without a cost rank by profit before it.
    const sorted = sortRows(rows, "rank", f.sort ?? "asc", (r) => `${r.marketplace}|${r.asin}`);
    const { shown, total } = limitRows(sorted, f.limit, 20);
    const listings = await listingsOf(
      ctx,
      shown.map((r) => r.asin),
      scope.marketplace,
    );
    const out = shown.map(({ rank: _rank, ...r }) => ({
      ...r,
      title: entryForAsin(listings, r.asin, r.marketplace)?.title ?? "",
    }));
    const losing = sorted.filter((r) => r.net_profit !== null && r.net_profit < 0);
    const losingBefore = rows.filter((r) => r.net_profit === null && r.profit_before_cost_of_goods < 0);
    const w = out[0];
    const summary =
      empty ??
      `${losing.length} of ${rows.length} products lost money in ${period}` +
        (losingBefore.length
          ? `, and ${losingBefore.length} more lose money even before their unknown cost of goods`
          : "") +
        "." +
        (w
          ? ` ${f.sort === "desc" ? "First" : "Lowest"}: ${w.asin}${w.title ? ` (${w.title})` : ""} in ${w.marketplace}, ` +
            (w.net_profit !== null
              ? `${formatMoney(w.net_profit, w.currency)} net profit on ${formatMoney(w.revenue, w.currency)} revenue.`
              : `${formatMoney(w.profit_before_cost_of_goods, w.currency)} before cost of goods (no unit cost) on ${formatMoney(w.revenue, w.currency)} revenue.`)
          : "") +
        missingWords;
    const recommendation = empty
      ? "Ask about a period inside your data."
      : losing[0]
        ? `Fix ${losing[0].asin} first: raise its price, cut its ad spend (${formatMoney(-losing[0].ad_spend, losing[0].currency)}) or its costs, or stop selling it.`
        : pnl.without_cost
          ? `Profit per product is unknown for ${pnl.without_cost} product${pnl.without_cost === 1 ? "" : "s"}: ${COSTS_HINT}.`
          : "No product loses money in this period.";
    return {
      result: {
        products: out,
        net_profit: net === null ? null : m(net),
        missing,
        currency,
        period: scope.range,
        ...(notes.length ? { notes } : {}),
        analysis: { summary, recommendation },
      },
      primaryKey: "products",
      totalRows: total,
      freshness,
    };
  }

  if (f.group_by && PERIOD_BUCKETS.has(f.group_by)) {
    const periods = [];
    for (const bucket of bucketsOf(scope.range, f.group_by as "day" | "week" | "month" | "quarter").slice(-120)) {
      const one = await pnlOf(ctx, bucket, scope, currency);
      const ok = one.pnl.without_cost === 0;
      const b = beforeCogs(one.pnl);
      periods.push({
        period: bucket.start,
        revenue: m(one.pnl.revenue),
        refunds: m(-one.pnl.refunds),
        fees: m(-(one.pnl.referral + one.pnl.fba)),
        storage_and_other_fees: m(-(one.pnl.storage + one.pnl.other)),
        cost_of_goods: ok ? m(-one.pnl.cogs) : null,
        ad_spend: m(-one.pnl.ad_spend),
        net_profit: ok ? m(b - one.pnl.cogs) : null,
        profit_margin: ok ? percent(b - one.pnl.cogs, one.pnl.revenue) : null,
        currency,
      });
    }
    const summary =
      empty ??
      `Your P&L by ${f.group_by} for ${period}: ${formatMoney(m(pnl.revenue), currency)} revenue, ` +
        (net === null
          ? `${formatMoney(m(before), currency)} before cost of goods (net profit unknown).`
          : `${formatMoney(m(net), currency)} net profit (${formatPercent(percent(net, pnl.revenue))}).`) +
        missingWords;
    return {
      result: {
        periods,
        missing,
        currency,
        period: scope.range,
        ...(notes.length ? { notes } : {}),
        analysis: {
          summary,
          recommendation: empty ? "Ask about a period inside your data." : "Ask for a single period to see every line.",
        },
      },
      primaryKey: "periods",
      freshness,
    };
  }

  const share = (v: number | null) => (v === null || !pnl.revenue ? null : roundTo((v / pnl.revenue) * 100, 2));
  const line = (name: string, amount: number | null, complete = true) => ({
    line: name,
    amount: amount === null ? null : m(amount),
    share_of_revenue: share(amount),
    complete,
  });
  const lines = [
    line("revenue", pnl.revenue),
    line("refunds", -pnl.refunds),
    line("referral_fees", -pnl.referral),
    line("fba_fees", -pnl.fba),
    line("storage_fees", -pnl.storage, settlements),
    line("other_fees", -pnl.other, settlements),
    line("cost_of_goods", -pnl.cogs, known),
    line("ad_spend", -pnl.ad_spend),
    line("net_profit", net, known),
  ];
  const asked = f.metrics?.[0];
  const focus = lines.find(
    (l) =>
      l.line === asked ||
      (asked === "fees" && l.line === "referral_fees") ||
      (asked === "cost_of_goods" && l.line === "cost_of_goods"),
  );
  const allFees = -(pnl.referral + pnl.fba + pnl.storage + pnl.other);
  let summary: string;
  if (empty) summary = empty;
  else if (asked === "fees")
    summary =
      `You paid ${formatMoney(m(-allFees), currency)} in Amazon fees in ${period} (${formatPercent(share(-allFees))} of ${formatMoney(m(pnl.revenue), currency)} revenue): ` +
      `${formatMoney(m(pnl.referral), currency)} referral, ${formatMoney(m(pnl.fba), currency)} FBA fulfilment` +
      (settlements
        ? `, ${formatMoney(m(pnl.storage), currency)} storage and ${formatMoney(m(pnl.other), currency)} other.`
        : ".") +
      missingWords;
  else if (focus && focus.line !== "revenue" && focus.line !== "net_profit" && focus.amount !== null)
    summary =
      `${focus.line.replace(/_/g, " ").replace("fba", "FBA")} in ${period}: ${formatMoney(Math.abs(focus.amount), currency)}` +
      (focus.share_of_revenue !== null ? ` (${formatPercent(Math.abs(focus.share_of_revenue))} of revenue)` : "") +
      (focus.complete ? "." : ", incomplete.") +
      missingWords;
  else
    summary =
      `In ${period} you sold ${formatMoney(m(pnl.revenue), currency)}; refunds took ${formatMoney(m(pnl.refunds), currency)}, Amazon fees ` +
      `${formatMoney(m(-allFees), currency)}, ad spend ${formatMoney(m(pnl.ad_spend), currency)}` +
      (known
        ? ` and cost of goods ${formatMoney(m(pnl.cogs), currency)}, leaving ${formatMoney(m(net!), currency)} net profit (${formatPercent(percent(net!, pnl.revenue))} margin).`
        : `, leaving ${formatMoney(m(before), currency)} before cost of goods; net profit and margin are unknown.`) +
      missingWords;
  const biggest = [...lines.slice(1, -1)]
    .filter((l) => l.amount !== null)
    .sort((a, b) => (a.amount ?? 0) - (b.amount ?? 0))[0];
  const recommendation = empty
    ? "Ask about a period inside your data."
    : !known
      ? `Import unit costs to know your profit: ${COSTS_HINT}.`
      : biggest
        ? `${biggest.line.replace(/_/g, " ")} is your largest cost (${formatPercent(Math.abs(biggest.share_of_revenue ?? 0))} of revenue): ask which products lose money to see where to cut it.`
        : "Nothing to cut.";
  return {
    result: {
      lines,
      net_profit: net === null ? null : m(net),
      profit_margin: net === null ? null : percent(net, pnl.revenue),
      profit_before_cost_of_goods: m(before),
      missing,
      currency,
      period: scope.range,
      ...(notes.length ? { notes } : {}),
      analysis: { summary, recommendation },
    },
    primaryKey: "lines",
    freshness,
  };
}

/** What the P&L could not know, in words. */
export function missingNotes(missing: {
  products_without_cost: number;
  products_without_fees: number;
  products_sold: number;
  settlements_imported: boolean;
}): string[] {
  const notes: string[] = [];
  if (missing.products_without_cost)
    notes.push(
      `${formatNumber(missing.products_without_cost)} of ${formatNumber(missing.products_sold)} products sold have no unit cost, so their cost of goods (and net profit) is unknown: ${COSTS_HINT}.`,
    );
  if (missing.products_without_fees)
    notes.push(
      `${formatNumber(missing.products_without_fees)} products have no fee rates of their own: their fees are estimated at a 15% referral fee and no FBA fee (import a settlement or fee preview report).`,
    );
  if (!missing.settlements_imported)
    notes.push("No settlement report covers the period: storage and other account fees are not included.");
  return notes;
}

function bucketsOf(range: DateRange, bucket: "day" | "week" | "month" | "quarter"): DateRange[] {
  const out: DateRange[] = [];
  let start = range.start;
  if (bucket === "month" || bucket === "quarter") start = `${range.start.slice(0, 7)}-01`;
  if (bucket === "quarter") {
    const month = Number(start.slice(5, 7));
    start = `${start.slice(0, 5)}${String(month - ((month - 1) % 3)).padStart(2, "0")}-01`;
  }
  if (bucket === "week") start = addDaysIso(start, -((new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7));
  while (start <= range.end) {
    const next =
      bucket === "day"
        ? addDaysIso(start, 1)
        : bucket === "week"
          ? addDaysIso(start, 7)
          : addMonthsIso(start, bucket === "month" ? 1 : 3);
    const end = addDaysIso(next, -1);
    out.push({ start: start < range.start ? range.start : start, end: end > range.end ? range.end : end });
    start = next;
  }
  return out;
}

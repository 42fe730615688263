/** sales_comparison: one period against another, with the products that drove the change. */
import type { Understanding } from "../../core/understanding.js";
import { comparisonRange } from "../../core/timeframe.js";
import { daysBetweenIso } from "../../core/dates.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatPercent } from "../../core/number-format.js";
import { changePercent, money } from "../../core/money.js";
import { noDataSummary, salesFreshness, type Outcome } from "./outcome.js";
import { comparedFacts, entryForAsin, listingsOf, sumFacts, type ProductFacts } from "../facts/product-facts.js";
import { scopeCurrency } from "../facts/product-rows.js";
import { scopeOf } from "../facts/scope.js";
import { totalsRow } from "./sales-summary.js";

const COMPARED = [
  "revenue",
  "units_sold",
  "orders",
  "profit",
  "profit_margin",
  "refund_rate",
  "conversion_rate",
  "ad_spend",
  "tacos",
] as const;

export async function salesComparison(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"sales_comparison">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding, "last_30_days");
  // A running period is read through its last day with data (today's is partial or absent), and compared
  // with the same days of the earlier one: never a change between periods of different lengths.
  const running = scope.range.end >= ctx.today;
  const last = (await ctx.extent()).last;
  const current =
    running && last && last < scope.range.end && last >= scope.range.start
      ? { start: scope.range.start, end: last }
      : scope.range;
  const previous = comparisonRange(current, f.compare_to, ctx.today, scope.timeframe, running);
  const currency = scopeCurrency(ctx, scope);
  const keyOf = (x: ProductFacts) => (scope.marketplace ? `${x.marketplace}|${x.asin}` : x.asin);
  // Totals from per-marketplace sums made in SQL, both periods in one pass; the drivers need only revenue and units per product.
  const compared = ["revenue", "units", "orders", "profit", "refund_units", "sessions", "ad_spend"] as const;
  const { totals, products } = await comparedFacts(ctx, [current, previous], scope, compared, ["revenue", "units"]);
  const cur = sumFacts(ctx, totals[0], () => "all", currency, current).get("all");
  const prev = sumFacts(ctx, totals[1], () => "all", currency, previous).get("all");
  const [curFacts, prevFacts] = products;
  const curRow = cur ? totalsRow(cur, currency) : undefined;
  const prevRow = prev ? totalsRow(prev, currency) : undefined;
  const isMoney = (m: string) => ["revenue", "profit", "ad_spend"].includes(m);
  const isPct = (m: string) => ["profit_margin", "refund_rate", "conversion_rate", "tacos"].includes(m);
  const metricOrder = [
    ...new Set([...(f.metrics ?? []).filter((m) => (COMPARED as readonly string[]).includes(m)), ...COMPARED]),
  ];
  const comparison = metricOrder.map((m) => {
    const c = (curRow as Record<string, number | null> | undefined)?.[m] ?? (isPct(m) ? null : 0);
    const p = (prevRow as Record<string, number | null> | undefined)?.[m] ?? (isPct(m) ? null : 0);
    const change =
      c === null || p === null
        ? null
        : isMoney(m)
          ? money(c - p, currency)
          : isPct(m)
            ? Math.round((c - p) * 100) / 100
            : c - p;
    return {
      metric: m,
      current: c,
      previous: p,
      change,
      change_pct: c === null || p === null || isPct(m) ? null : changePercent(c, p),
      unit: isMoney(m) ? currency : isPct(m) ? "percentage_points" : "count",
    };
  });
  // Drivers: products whose revenue moved most, in the comparison currency.
  const curBy = sumFacts(ctx, curFacts, keyOf, currency, current);
  const prevBy = sumFacts(ctx, prevFacts, keyOf, currency, previous);
  const keys = new Set([...curBy.keys(), ...prevBy.keys()]);
  const totalChange = (cur?.revenue ?? 0) - (prev?.revenue ?? 0);
  // Every product's move is ranked; only the leading ones are written out in full.
  const moves = [...keys]
    .map((k) => {
      const c = curBy.get(k)?.revenue ?? 0;
      const p = prevBy.get(k)?.revenue ?? 0;
      return { k, asin: scope.marketplace ? k.split("|")[1] : k, c, p, change: money(c - p, currency) };
    })
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || (a.asin < b.asin ? -1 : 1))
    .slice(0, f.limit ?? 5);
  const drivers = moves.map(({ k, asin, c, p, change }) => ({
    asin,
    title: "",
    current_revenue: money(c, currency),
    previous_revenue: money(p, currency),
    change,
    change_pct: changePercent(c, p),
    share_of_change: totalChange ? Math.round(((c - p) / totalChange) * 10000) / 100 : null,
    units_change: Math.round((curBy.get(k)?.units ?? 0) - (prevBy.get(k)?.units ?? 0)),
    currency,
  }));
  const listings = await listingsOf(
    ctx,
    drivers.map((d) => d.asin),
    scope.marketplace,
  );
  for (const d of drivers) d.title = entryForAsin(listings, d.asin, scope.marketplace)?.title ?? "";
  let summary: string;
  let recommendation: string;
  if (!curRow && !prevRow) {
    summary = noDataSummary("sales", current, await ctx.extent(), scope.marketplace, new Set(ctx.currencies.keys()));
    recommendation = "Pick periods inside your data to compare.";
  } else {
    const rev = comparison.find((c) => c.metric === "revenue")!;
    const prof = comparison.find((c) => c.metric === "profit")!;
    const up = (rev.change ?? 0) >= 0;
    const lead = drivers[0];
    const uneven = perDayNote(
      Number(rev.current),
      Number(rev.previous),
      current,
      previous,
      await ctx.extent(),
      currency,
    );
    summary =
      `Revenue ${scope.label ? `${scope.label} ` : ""}was ${formatMoney(Number(rev.current), currency)} for ${current.start} to ${current.end} against ` +
      `${formatMoney(Number(rev.previous), currency)} for ${previous.start} to ${previous.end}: ${up ? "up" : "down"} ${formatMoney(Math.abs(Number(rev.change)), currency)}` +
      (rev.change_pct !== null ? ` (${up ? "+" : ""}${formatPercent(rev.change_pct)})` : "") +
      `; profit ${Number(prof.change) >= 0 ? "rose" : "fell"} ${formatMoney(Math.abs(Number(prof.change)), currency)}.` +
      (lead
        ? ` The biggest mover was ${lead.asin}${lead.title ? ` (${lead.title})` : ""}, ${lead.change >= 0 ? "+" : ""}${formatMoney(lead.change, currency)}.`
        : "") +
      sameDaysNote(current, previous, running) +
      uneven;
    recommendation = uneven
      ? "The two periods have different numbers of days with data, so no product is singled out: compare them per day (above), or ask about two whole periods."
      : lead
        ? lead.change < 0
          ? `Find out why ${lead.asin} dropped ${formatMoney(-lead.change, currency)} (stock, buy box, price, reviews) and fix it first: it explains ${formatPercent(Math.abs(lead.share_of_change ?? 0))} of the change.`
          : `${lead.asin} added ${formatMoney(lead.change, currency)}: make sure its stock and ad budget keep up with the higher demand.`
        : "No product moved enough to single out.";
  }
  return {
    result: {
      comparison,
      drivers,
      current_period: current,
      previous_period: previous,
      currency,
      analysis: { summary, recommendation },
    },
    primaryKey: "comparison",
    freshness: await salesFreshness(ctx, current),
  };
}

/** A period still running is compared with the same days of the other one: the answer says so. */
function sameDaysNote(
  range: { start: string; end: string },
  prior: { start: string; end: string },
  running: boolean,
): string {
  if (!running) return "";
  const days = daysBetweenIso(range.start, range.end) + 1;
  return ` The period is still running, so it is compared with the same ${days} day${days === 1 ? "" : "s"} of the earlier one (${prior.start} to ${prior.end}), not with all of it.`;
}

/**
 * When the data covers one period less than the other (it starts inside the
 * earlier one, or stops inside the later one), totals mislead; the revenue per
 * day with data compares like for like. Two whole calendar months of 31 and 30
 * days are whole periods and get no note.
 */
function perDayNote(
  current: number,
  previous: number,
  range: { start: string; end: string },
  prior: { start: string; end: string },
  extent: { first: string | null; last: string | null },
  currency: string,
): string {
  const withData = (r: { start: string; end: string }) => {
    const start = extent.first && extent.first > r.start ? extent.first : r.start;
    const end = extent.last && extent.last < r.end ? extent.last : r.end;
    return { days: daysBetweenIso(start, end) + 1, whole: start === r.start && end === r.end };
  };
  const now = withData(range);
  const before = withData(prior);
  const currentDays = now.days;
  const previousDays = before.days;
  if ((now.whole && before.whole) || currentDays === previousDays || currentDays <= 0 || previousDays <= 0) return "";
  const perDayNow = current / currentDays;
  const perDayBefore = previous / previousDays;
  const change = changePercent(perDayNow, perDayBefore);
  return (
    ` The periods differ in length (${currentDays} days with data against ${previousDays}): per day, revenue was ` +
    `${formatMoney(money(perDayNow, currency), currency)} against ${formatMoney(money(perDayBefore, currency), currency)}` +
    (change !== null ? ` (${change >= 0 ? "+" : ""}${formatPercent(change)}).` : ".")
  );
}

/** sales_trend: a time series of a sales metric by day, week, month or quarter. */
import { sql } from "kysely";
import type { Understanding } from "../../core/understanding.js";
import { dialectOf, type DateBucket } from "../../store/dialect.js";
import { factsTable, SALES_ROLLUP } from "../../store/rollups.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatPercent } from "../../core/number-format.js";
import { changePercent, money, roundTo } from "../../core/money.js";
import { addDaysIso } from "../../core/dates.js";
import { addMonthsIso, type DateRange } from "../../core/timeframe.js";
import { noDataInScope, salesFreshness, type Outcome } from "./outcome.js";
import { clampToData } from "../facts/scope.js";
import { describeMetric } from "./top-products.js";
import { periodWords, scopeOf } from "../facts/scope.js";
import { scopeWhere } from "../../store/scope-where.js";

const SERIES_METRICS = new Set([
  "revenue",
  "units_sold",
  "orders",
  "profit",
  "profit_margin",
  "refund_rate",
  "conversion_rate",
  "sessions",
  "page_views",
  "buy_box_percentage",
  "ad_spend",
  "ad_sales",
  "acos",
  "tacos",
  "roas",
]);

/** The days of a bucket inside the period asked about: its money's period. */
function bucketPeriod(start: string, bucket: Exclude<DateBucket, "year">, range: DateRange): DateRange {
  const end = bucketEnd(start, bucket);
  return { start: start < range.start ? range.start : start, end: end > range.end ? range.end : end };
}

function bucketEnd(start: string, bucket: Exclude<DateBucket, "year">): string {
  if (bucket === "day") return start;
  if (bucket === "week") return addDaysIso(start, 6);
  return addDaysIso(addMonthsIso(start, bucket === "month" ? 1 : 3), -1);
}

/** A bucket that the period asked about, or the data, covers only in part. */
function isPartial(start: string, bucket: Exclude<DateBucket, "year">, used: DateRange | undefined): boolean {
  if (!used) return true;
  return start < used.start || bucketEnd(start, bucket) > used.end;
}

/** The bucket a series uses: the one asked for, else by span (daily up to ~3 months, weekly up to a year). */
export function bucketFor(groupBy: string | undefined, days: number): Exclude<DateBucket, "year"> {
  if (groupBy === "day" || groupBy === "week" || groupBy === "month" || groupBy === "quarter") return groupBy;
  if (days <= 92) return "day";
  if (days <= 366) return "week";
  return "month";
}

export async function salesTrend(ctx: AnalyticsContext, understanding: Understanding): Promise<Outcome<"sales_trend">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding, "last_30_days");
  const asked = f.metrics?.[0] ?? "revenue";
  const metric = SERIES_METRICS.has(asked) ? asked : "revenue";
  const extent = await ctx.extent();
  const used = clampToData(scope.range, extent);
  const days =
    Math.round((Date.parse(scope.range.end) - Date.parse(used?.start ?? scope.range.start)) / 86_400_000) + 1;
  const bucket = bucketFor(f.group_by, days);
  const currency = scope.marketplace ? (ctx.currencies.get(scope.marketplace) ?? ctx.homeCurrency) : ctx.homeCurrency;
  // Profit needs each product's costs; the join is paid only when profit is what the series shows.
  const withProfit = metric === "profit" || metric === "profit_margin";
  // Without profit or a product filter, the per-marketplace totals serve: a few rows per bucket.
  const facts = factsTable(SALES_ROLLUP, {
    dialect: dialectOf(ctx.db),
    accountId: ctx.accountId,
    range: scope.range,
    where: () => scopeWhere(scope),
    rollups: await ctx.rollups(),
    bucket,
    summed: !withProfit && !scope.asins,
  });
  // Cost of goods and fees per product come from the catalog, joined in SQL so only one row per period and marketplace comes back.
  const costs = sql`(select p.marketplace, p.asin, p.unit_cost, coalesce(pf.referral_fee_pct, 15) as referral_fee_pct, coalesce(pf.fulfillment_fee, 0) as fulfillment_fee
    from products p
    join (select marketplace, asin, min(sku) as sku from products where account_id = ${ctx.accountId} group by marketplace, asin) first_sku
      on first_sku.marketplace = p.marketplace and first_sku.asin = p.asin and first_sku.sku = p.sku
    left join product_fees pf on pf.account_id = p.account_id and pf.marketplace = p.marketplace and pf.asin = p.asin
    where p.account_id = ${ctx.accountId})`;
  const { bucketStart, sum } = dialectOf(ctx.db);
  const measures = [
    "units",
    "revenue",
    "orders",
    "refund_units",
    "refund_amount",
    "sessions",
    "page_views",
    "bb_weighted",
    "bb_views",
    "ad_spend",
    "ad_sales",
  ].map((m) => sql`${sum(sql`f.${sql.ref(m)}`)} as ${sql.ref(m)}`);
  const query = withProfit
    ? sql<Record<string, number> & { bucket: string; marketplace: string }>`
    select ${bucketStart("f.period", bucket)} as bucket, f.marketplace as marketplace, ${sql.join(measures)},
      ${sum(sql`f.units * coalesce(c.unit_cost, 0)`)} as cogs,
      ${sum(sql`f.revenue * c.referral_fee_pct / 100 + f.units * c.fulfillment_fee`)} as fees,
      ${sum(sql`case when c.asin is null then f.revenue * 0.15 else 0 end`)} as default_fees
    from ${facts} as f left join ${costs} as c on c.marketplace = f.marketplace and c.asin = f.asin
    group by bucket, f.marketplace order by bucket`
    : sql<Record<string, number> & { bucket: string; marketplace: string }>`
    select ${bucketStart("f.period", bucket)} as bucket, f.marketplace as marketplace, ${sql.join(measures)}
    from ${facts} as f group by bucket, f.marketplace order by bucket`;
  const compiled = query.compile(ctx.db);
  ctx.sql.push(compiled.sql);
  const raw = (await ctx.db.executeQuery(compiled)).rows;
  const buckets = new Map<string, Record<string, number>>();
  // Each bucket is a period of its own: its money converts at its own rate date, as when it is asked alone.
  const periodOfBucket = (start: string) => bucketPeriod(start, bucket, scope.range);
  await ctx.ensureRates([...new Set(raw.map((r) => r.bucket))].map(periodOfBucket));
  for (const r of raw) {
    const from = ctx.currencies.get(r.marketplace) ?? ctx.homeCurrency;
    const within = periodOfBucket(r.bucket);
    const conv = (v: number) => ctx.exchange(v, from, currency, within);
    // A product missing from the catalog pays the default 15% referral fee, as in productFacts.
    const fees = withProfit ? r.fees + r.default_fees : 0;
    const b = buckets.get(r.bucket) ?? {
      revenue: 0,
      units: 0,
      orders: 0,
      profit: 0,
      refund_units: 0,
      sessions: 0,
      page_views: 0,
      bb_weighted: 0,
      bb_views: 0,
      ad_spend: 0,
      ad_sales: 0,
    };
    b.revenue += conv(r.revenue);
    b.units += r.units;
    b.orders += r.orders;
    if (withProfit) b.profit += conv(r.revenue - r.cogs - fees - r.refund_amount - r.ad_spend);
    b.refund_units += r.refund_units;
    b.sessions += r.sessions;
    b.page_views += r.page_views;
    b.bb_weighted += r.bb_weighted;
    b.bb_views += r.bb_views;
    b.ad_spend += conv(r.ad_spend);
    b.ad_sales += conv(r.ad_sales);
    buckets.set(r.bucket, b);
  }
  const pct = (a: number, b: number) => (b ? roundTo((a / b) * 100, 2) : null);
  const series = [...buckets.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([period, b]) => {
      return {
        period,
        partial: isPartial(period, bucket, used),
        revenue: money(b.revenue, currency),
        units_sold: Math.round(b.units),
        orders: Math.round(b.orders),
        ...(withProfit ? { profit: money(b.profit, currency), profit_margin: pct(b.profit, b.revenue) } : {}),
        refund_rate: pct(b.refund_units, b.units),
        sessions: Math.round(b.sessions),
        page_views: Math.round(b.page_views),
        conversion_rate: pct(b.units, b.sessions),
        buy_box_percentage: b.bb_views ? roundTo(b.bb_weighted / b.bb_views, 2) : null,
        ad_spend: money(b.ad_spend, currency),
        ad_sales: money(b.ad_sales, currency),
        acos: pct(b.ad_spend, b.ad_sales),
        tacos: pct(b.ad_spend, b.revenue),
        roas: b.ad_spend ? roundTo(b.ad_sales / b.ad_spend, 2) : null,
        currency,
      };
    });
  let summary: string;
  let recommendation: string;
  if (series.length === 0) {
    summary = await noDataInScope(ctx, scope, "sales", extent);
    recommendation = "Ask about a period inside your data.";
  } else {
    const metricOf = (row: (typeof series)[number]) => (row as Record<string, unknown>)[metric];
    // Partial buckets (cut by the period or by the data) are shown but never judged: a half week is not the lowest week.
    const whole = series.filter((row) => !row.partial);
    const judged = whole.length >= 2 ? whole : [];
    const values = judged.map((s) => Number(metricOf(s) ?? 0));
    const allValues = series.map((s) => Number(metricOf(s) ?? 0));
    const best = judged[values.indexOf(Math.max(...values))];
    const worst = judged[values.indexOf(Math.min(...values))];
    const partials = series.filter((row) => row.partial).map((row) => row.period);
    const half = Math.floor(values.length / 2);
    const firstHalf = values.slice(0, half).reduce((a, b) => a + b, 0) / Math.max(1, half);
    const secondHalf = values.slice(half).reduce((a, b) => a + b, 0) / Math.max(1, values.length - half);
    const trend = changePercent(secondHalf, firstHalf);
    const total = ["revenue", "profit", "ad_spend", "ad_sales"].includes(metric)
      ? money(
          allValues.reduce((a, b) => a + b, 0),
          currency,
        )
      : undefined;
    const partialNote = partials.length
      ? ` ${partials.join(", ")} ${partials.length === 1 ? "is a partial" : "are partial"} ${bucket}${partials.length === 1 ? "" : "s"}, left out of the comparison.`
      : "";
    summary =
      `${metric.replace(/_/g, " ")} by ${bucket} ${scope.label ? `${scope.label} ` : ""}for ${periodWords(scope)}: ${series.length} ${bucket}s` +
      (total !== undefined ? ` totalling ${formatMoney(total, currency)}` : "") +
      (best && worst
        ? `. Highest ${best.period} (${describeMetric(metric, metricOf(best), currency)}), lowest ${worst.period} (${describeMetric(metric, metricOf(worst), currency)})` +
          (trend !== null
            ? `; the second half averages ${trend >= 0 ? "+" : ""}${formatPercent(trend)} against the first.`
            : ".")
        : `. Fewer than two whole ${bucket}s, too few to judge a trend.`) +
      partialNote;
    recommendation = !worst
      ? `Ask for a longer period or a smaller ${bucket === "day" ? "period" : "bucket"} to see a trend.`
      : trend !== null && trend < -10
        ? `${metric.replace(/_/g, " ")} is falling (${formatPercent(trend)}): compare the top products of the last ${bucket}s with the earlier ones to find what dropped.`
        : trend !== null && trend > 10
          ? `${metric.replace(/_/g, " ")} is rising (+${formatPercent(trend)}): check stock cover on your best sellers so growth does not run them out.`
          : `${metric.replace(/_/g, " ")} is steady; ${worst.period} was the weakest ${bucket}, worth a look for stock-outs or lost buy box.`;
  }
  return {
    result: { series, metric, bucket, currency, period: scope.range, analysis: { summary, recommendation } },
    primaryKey: "series",
    freshness: series.length ? await salesFreshness(ctx, scope.range) : null,
  };
}

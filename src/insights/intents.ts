/**
 * The `insights` and `anomalies` intents of `ask`: the same findings and
 * anomalies as `seller-ai insights` and POST /v1/insights, as answers.
 */
import type { AnalyticsContext } from "../analytics/facts/context.js";
import { formatMoney, formatNumber } from "../core/number-format.js";
import { money } from "../core/money.js";
import { endOfDay, type Outcome } from "../analytics/answers/outcome.js";
import type { IntentResults } from "../analytics/results/index.js";
import { listingsOf } from "../analytics/facts/product-facts.js";
import { addDaysIso } from "../core/dates.js";
import { resolveTimeframe } from "../core/timeframe.js";
import { saveInsightRun } from "../store/insight-runs.js";
import type { Understanding } from "../core/understanding.js";
import { ANOMALY_METRICS, type Anomaly } from "./anomalies/detect.js";
import { scanAnomalies, DEFAULT_WINDOW_DAYS } from "./anomalies/scan.js";
import { isSensitivity } from "./anomalies/sensitivity.js";
import { accountSensitivity, runInsights } from "./run-insights.js";
import { newRunId } from "./run-and-store.js";
import { isDetailLevel, isInsightType, type Finding, type InsightType } from "./types.js";
import { daysWords, marketplaceWords, METRIC_WORDS, productWords, valueWords } from "./words.js";

/** The insight type when a question names none ("what should I focus on"): what could cost money first. */
export const DEFAULT_INSIGHT_TYPE: InsightType = "risks";

/** A finding as one table row: its headline fields first, then what it is about, then the words. */
export function findingRow(f: Finding, rank: number): IntentResults["insights"]["insights"][number] {
  return {
    rank,
    severity: f.severity,
    kind: f.kind,
    title: f.title,
    money_at_stake: f.money_at_stake,
    currency: f.currency,
    confidence: f.confidence,
    asin: f.entities.asin ?? null,
    marketplace: f.entities.marketplace ?? null,
    category: f.entities.category ?? null,
    campaign: f.entities.campaign ?? null,
    keyword: f.entities.keyword ?? null,
    summary: f.summary,
    recommendation: f.recommendation,
    follow_up: f.follow_up,
    id: f.id,
  };
}

export async function insightsIntent(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"insights">> {
  const f = understanding.filters;
  const type = isInsightType(f.insight_type) ? f.insight_type : DEFAULT_INSIGHT_TYPE;
  const detail = isDetailLevel(f.detail_level) ? f.detail_level : "summary";
  const result = await runInsights(ctx, { type, detail, marketplace: f.marketplace });
  // Stored like every run, so a finding shown here can be fetched again by its id.
  const runId = newRunId();
  await saveInsightRun(ctx.db, {
    id: runId,
    accountId: ctx.accountId,
    insightType: result.insight_type,
    detailLevel: result.detail_level,
    marketplace: result.marketplace,
    period: result.period,
    generatedAt: result.generated_at,
    total: result.total,
    result,
    findings: result.insights,
  });
  const shown = result.insights;
  const counts = new Map<string, number>();
  for (const x of shown) counts.set(x.severity, (counts.get(x.severity) ?? 0) + 1);
  const top = shown[0];
  const words = type.replace(/_/g, " ");
  const summary = top
    ? `${result.total} ${words} finding${result.total === 1 ? "" : "s"} for ${result.period.start} to ${result.period.end}` +
      `${shown.length < result.total ? `, the top ${shown.length} shown` : ""} (${[...counts].map(([s, n]) => `${n} ${s}`).join(", ")}). ` +
      `First, with ${formatMoney(top.money_at_stake, top.currency)} at stake: ${top.summary}`
    : `No ${words} findings for ${result.period.start} to ${result.period.end}${f.marketplace ? ` in ${marketplaceWords(f.marketplace)}` : ""}.`;
  const recommendation = top
    ? `${top.recommendation} For detail, ask: "${top.follow_up}".`
    : "Nothing needs your attention here now; ask for another insight type (performance, opportunities, risks, competitor analysis).";
  return {
    result: {
      insights: shown.map((x, i) => findingRow(x, i + 1)),
      insight_type: result.insight_type,
      detail_level: result.detail_level,
      period: result.period,
      generated_at: result.generated_at,
      total: result.total,
      run_id: runId,
      currency: ctx.homeCurrency,
      ...(detail === "summary" ? {} : { findings: shown }),
      analysis: { summary, recommendation },
    },
    primaryKey: "insights",
    freshness: endOfDay(result.period.end),
  };
}

/** An anomaly as one table row. */
function anomalyRow(a: Anomaly, title: string, currency: string): IntentResults["anomalies"]["anomalies"][number] {
  return {
    asin: a.asin,
    title,
    marketplace: a.marketplace,
    metric: a.metric,
    direction: a.direction,
    start: a.start,
    end: a.end,
    days: a.days,
    ongoing: a.ongoing,
    observed: a.observed,
    expected: a.expected,
    expected_low: a.expected_low,
    expected_high: a.expected_high,
    change_pct: a.change_pct,
    score: a.score,
    driver: a.driver,
    money_impact: a.money_impact,
    currency,
    id: a.id,
  };
}

export async function anomaliesIntent(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"anomalies">> {
  const f = understanding.filters;
  const window =
    f.date_range?.start && f.date_range.end
      ? { start: f.date_range.start, end: f.date_range.end }
      : ((f.timeframe && f.timeframe !== "all_time" ? resolveTimeframe(f.timeframe, ctx.today) : undefined) ?? {
          start: addDaysIso(ctx.today, -DEFAULT_WINDOW_DAYS),
          end: addDaysIso(ctx.today, -1),
        });
  const sensitivity = isSensitivity(f.sensitivity) ? f.sensitivity : await accountSensitivity(ctx);
  const asins = f.asin ? [String(f.asin).toUpperCase()] : undefined;
  const scan = await scanAnomalies(ctx, { window, sensitivity, marketplace: f.marketplace, asins });
  const metrics = (f.metrics ?? []).filter((m) => (ANOMALY_METRICS as readonly string[]).includes(m));
  const wanted = metrics.length ? scan.anomalies.filter((a) => metrics.includes(a.metric)) : scan.anomalies;
  await ctx.ensureRates(scan.window.end || ctx.today);
  const currencyOf = (m: string) => ctx.currencies.get(m) ?? ctx.homeCurrency;
  const inHome = (a: Anomaly) =>
    Math.abs(ctx.convert(a.money_impact, currencyOf(a.marketplace), ctx.homeCurrency, scan.window.end || ctx.today));
  const ranked = wanted
    .map((a) => ({ a, weight: inHome(a) }))
    .sort((x, y) => y.weight - x.weight || Math.abs(y.a.score) - Math.abs(x.a.score) || (x.a.id < y.a.id ? -1 : 1))
    .slice(0, f.limit ?? 50);
  const listings = await listingsOf(
    ctx,
    ranked.map(({ a }) => a.asin),
    f.marketplace,
  );
  const rows = ranked.map(({ a }) =>
    anomalyRow(a, listings.get(`${a.marketplace}|${a.asin}`)?.title ?? "", currencyOf(a.marketplace)),
  );
  const top = ranked[0]?.a;
  const lost = wanted.reduce(
    (s, a) =>
      s +
      Math.min(
        0,
        ctx.convert(a.money_impact, currencyOf(a.marketplace), ctx.homeCurrency, scan.window.end || ctx.today),
      ),
    0,
  );
  let summary: string;
  let recommendation: string;
  if (!scan.window.start) {
    summary = "The mirror has no sales data for this account yet, so nothing can be unusual.";
    recommendation = "Import your reports (`seller-ai import FILE`) or generate the demo seller (`seller-ai demo`).";
  } else if (!top) {
    summary = `Nothing unusual ${daysWords(scan.window.start, scan.window.end)} across ${formatNumber(scan.products)} products: every figure stayed within what its own history, weekday rhythm and trend lead to expect (${sensitivity} sensitivity).`;
    recommendation =
      sensitivity === "high"
        ? "All quiet even at high sensitivity."
        : 'Set a higher sensitivity ("set my anomaly sensitivity to high") to see smaller changes.';
  } else {
    const title = listings.get(`${top.marketplace}|${top.asin}`)?.title;
    const unit =
      top.metric === "revenue" || top.metric === "price" || top.metric === "ad_spend"
        ? "money"
        : ["conversion_rate", "buy_box_percentage", "refund_rate", "acos"].includes(top.metric)
          ? "percent"
          : "count";
    const c = currencyOf(top.marketplace);
    summary =
      `${wanted.length} anomal${wanted.length === 1 ? "y" : "ies"} ${daysWords(scan.window.start, scan.window.end)} across ${formatNumber(scan.products)} products` +
      (lost < 0 ? `, costing about ${formatMoney(-money(lost, ctx.homeCurrency), ctx.homeCurrency)}` : "") +
      `. The largest: ${METRIC_WORDS[top.metric]} of ${productWords(top.asin, title)} in ${marketplaceWords(top.marketplace)} ` +
      `${top.direction === "up" ? "rose" : "fell"} to ${valueWords(top.observed, unit, c)} against ${valueWords(top.expected, unit, c)} expected ${daysWords(top.start, top.end)} (driver: ${top.driver}).`;
    recommendation = `Ask "daily ${METRIC_WORDS[top.metric] === "units sold" ? "units" : METRIC_WORDS[top.metric]} of ${top.asin} in ${marketplaceWords(top.marketplace)} last 30 days" to see it day by day, or run \`seller-ai insights --type risks\` for what to do first.`;
  }
  return {
    result: {
      anomalies: rows,
      window: scan.window.start ? scan.window : null,
      baseline: scan.window.start ? scan.baseline : null,
      sensitivity,
      products_scanned: scan.products,
      total: wanted.length,
      analysis: { summary, recommendation },
    },
    primaryKey: "anomalies",
    freshness: scan.window.end ? endOfDay(scan.window.end) : null,
  };
}

/** acos_by_campaign, keyword_opportunities, bid_recommendations, wasted_ad_spend and advertising_summary. */
import { sql } from "kysely";
import type { Understanding } from "../nlu/understanding.js";
import { factsTable, SALES_ROLLUP } from "../store/rollups.js";
import type { AnalyticsContext } from "./context.js";
import { formatMoney, formatNumber, formatPercent, money, roundTo } from "./money.js";
import { applyConditions, conditionNotes, noDataSummary, sortRows, type IntentOutcome } from "./outcome.js";
import { adFreshness, campaignFacts, campaignIdsFor, campaignsOf, searchTermFacts, targetFacts, targetsOf, type AdFacts } from "./ad-facts.js";
import { periodWords, scopeOf, scopeWhere } from "./scope.js";

const pct = (a: number, b: number) => (b ? roundTo((a / b) * 100, 2) : null);

/** Minimum clicks before a keyword's conversion or waste is judged. */
export const MIN_CLICKS = 15;
/** Top-of-search impression share (percent) below which a keyword has room to grow. */
export const IMPRESSION_SHARE_THRESHOLD = 20;
/** Largest bid move in one recommendation, as a fraction of the current bid. */
export const MAX_BID_STEP = 0.25;
export const MIN_BID = 0.02;

function adMetrics(x: AdFacts, currency: string) {
  return {
    impressions: Math.round(x.impressions),
    clicks: Math.round(x.clicks),
    spend: money(x.spend, currency),
    sales: money(x.sales, currency),
    orders: Math.round(x.orders),
    acos: pct(x.spend, x.sales),
    roas: x.spend ? roundTo(x.sales / x.spend, 2) : null,
    ctr: pct(x.clicks, x.impressions),
    cpc: x.clicks ? money(x.spend / x.clicks, currency) : null,
    conversion_rate: pct(x.orders, x.clicks),
    impression_share: x.tos_impressions ? roundTo((x.tos_weighted ?? 0) / x.tos_impressions, 2) : null,
    currency,
  };
}

async function noAds(ctx: AnalyticsContext, scope: { range: { start: string; end: string }; marketplace?: string }): Promise<string> {
  const row = (await ctx.rows(ctx.db.selectFrom("ad_campaign_daily").select((eb) => [eb.fn.min("date").as("first"), eb.fn.max("date").as("last")]).where("account_id", "=", ctx.accountId)))[0];
  return noDataSummary("advertising data", scope.range, { first: (row?.first as string) ?? null, last: (row?.last as string) ?? null }, scope.marketplace, new Set(ctx.currencies.keys()));
}

export async function acosByCampaign(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const ids = await campaignIdsFor(ctx, f.campaign);
  const facts = await campaignFacts(ctx, scope.range, scope, ids);
  const info = await campaignsOf(ctx);
  const target = f.target_acos ?? ctx.settings.target_acos;
  const rows = facts.map((x) => {
    const c = info.get(x.campaign_id);
    const currency = ctx.currencies.get(x.marketplace) ?? ctx.homeCurrency;
    return { campaign: c?.name ?? x.campaign_id, campaign_id: x.campaign_id, marketplace: x.marketplace, state: c?.state ?? null, ...adMetrics(x, currency), target_acos: target };
  });
  const metric = f.metrics?.[0] && ["acos", "roas", "ad_spend", "ad_sales", "clicks", "impressions", "ctr", "cpc"].includes(f.metrics[0]) ? ({ ad_spend: "spend", ad_sales: "sales" } as Record<string, string>)[f.metrics[0]] ?? f.metrics[0] : "acos";
  const campaigns = sortRows(applyConditions(rows, f.conditions), metric, f.sort ?? "desc", (r) => r.campaign_id).slice(0, f.limit ?? 50);
  const home = scope.marketplace ? ctx.currencies.get(scope.marketplace) ?? ctx.homeCurrency : ctx.homeCurrency;
  const spend = facts.reduce((s, x) => s + ctx.convert(x.spend, ctx.currencies.get(x.marketplace) ?? home, home, scope.range.end), 0);
  const sales = facts.reduce((s, x) => s + ctx.convert(x.sales, ctx.currencies.get(x.marketplace) ?? home, home, scope.range.end), 0);
  let summary: string;
  let recommendation: string;
  if (!rows.length) {
    summary = await noAds(ctx, scope);
    recommendation = "Import your Sponsored Products reports to see campaign ACoS.";
  } else {
    const over = rows.filter((r) => r.acos !== null && r.acos > target).sort((a, b) => b.spend - a.spend);
    const none = rows.filter((r) => r.acos === null && r.spend > 0);
    const best = [...rows].filter((r) => r.acos !== null).sort((a, b) => (a.acos ?? 0) - (b.acos ?? 0))[0];
    const worst = [...rows].filter((r) => r.acos !== null).sort((a, b) => (b.acos ?? 0) - (a.acos ?? 0))[0];
    summary =
      `${rows.length} campaigns spent ${formatMoney(money(spend, home), home)} for ${formatMoney(money(sales, home), home)} of ad sales in ${periodWords(scope)}: ACoS ${formatPercent(pct(spend, sales))} against your ${formatPercent(target)} target. ` +
      (worst ? `Highest ACoS: ${worst.campaign} (${worst.marketplace}) at ${formatPercent(worst.acos)} on ${formatMoney(worst.spend, worst.currency)}` : "") +
      (best && best !== worst ? `; lowest: ${best.campaign} at ${formatPercent(best.acos)}.` : ".") +
      (none.length ? ` ${none.length} campaign${none.length === 1 ? "" : "s"} spent without any sale.` : "");
    recommendation = over.length
      ? `Lower bids or add negative keywords in ${over[0].campaign}: at ${formatPercent(over[0].acos)} ACoS it spends ${formatMoney(over[0].spend, over[0].currency)}, ${formatPercent(roundTo((over[0].acos ?? 0) - target, 1))} points over target` +
        (best && best.acos !== null && best.acos < target * 0.7 ? `; move budget to ${best.campaign} (${formatPercent(best.acos)}).` : ".")
      : `Every campaign is within your ${formatPercent(target)} target; raise budgets on ${best?.campaign ?? "the best campaign"} to grow sales.`;
  }
  const notes = conditionNotes(rows, f.conditions);
  return {
    result: { campaigns, totals: { spend: money(spend, home), sales: money(sales, home), acos: pct(spend, sales), currency: home }, target_acos: target, currency: home, period: scope.range, ...(notes.length ? { notes } : {}), analysis: { summary, recommendation } },
    primaryKey: "campaigns",
    freshness: rows.length ? await adFreshness(ctx, scope.range) : null,
  };
}

/** Median of numbers (0 for none). */
export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

async function keywordRows(ctx: AnalyticsContext, understanding: Understanding) {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const ids = await campaignIdsFor(ctx, f.campaign);
  const facts = await targetFacts(ctx, scope.range, scope, ids);
  const targets = await targetsOf(ctx);
  const campaigns = await campaignsOf(ctx);
  const rows = facts.map((x) => {
    const t = targets.get(x.target_id!);
    const currency = ctx.currencies.get(x.marketplace) ?? ctx.homeCurrency;
    return {
      keyword: t?.text ?? x.target_id!,
      match_type: t?.match_type ?? null,
      kind: t?.kind ?? "keyword",
      target_id: x.target_id!,
      campaign: campaigns.get(x.campaign_id)?.name ?? x.campaign_id,
      campaign_id: x.campaign_id,
      marketplace: x.marketplace,
      bid: t?.bid ?? t?.default_bid ?? null,
      ...adMetrics(x, currency),
      raw: x,
    };
  });
  return { scope, rows };
}

export async function keywordOpportunities(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const { scope, rows } = await keywordRows(ctx, understanding);
  const judged = rows.filter((r) => r.clicks >= MIN_CLICKS);
  const med = median(judged.map((r) => r.conversion_rate ?? 0));
  const isCond = f.conditions?.find((c) => c.metric === "impression_share");
  const threshold = isCond && (isCond.op === "<" || isCond.op === "<=") ? isCond.value : IMPRESSION_SHARE_THRESHOLD;
  const found = judged.filter((r) => (r.conversion_rate ?? 0) > med && r.impression_share !== null && r.impression_share < threshold);
  const keywords = sortRows(applyConditions(found, f.conditions?.filter((c) => c !== isCond)), "conversion_rate", f.sort ?? "desc", (r) => r.target_id)
    .slice(0, f.limit ?? 25)
    .map(({ raw: _raw, ...r }) => ({
      ...r,
      account_median_conversion_rate: roundTo(med, 2),
      suggested_bid: r.bid !== null ? money(r.bid * (1 + MAX_BID_STEP), r.currency) : null,
    }));
  let summary: string;
  let recommendation: string;
  if (!rows.length) {
    summary = await noAds(ctx, scope);
    recommendation = "Import your Sponsored Products keyword reports.";
  } else if (!keywords.length) {
    summary = `No keyword with at least ${MIN_CLICKS} clicks converts above your ${formatPercent(med)} median while showing under ${formatPercent(threshold)} top-of-search impression share in ${periodWords(scope)}.`;
    recommendation = "Your best converters already get their share of impressions; look for new keywords in your search term report.";
  } else {
    const k = keywords[0];
    summary =
      `${keywords.length} keyword${keywords.length === 1 ? "" : "s"} convert above your ${formatPercent(med)} median but win under ${formatPercent(threshold)} of top-of-search impressions. ` +
      `Best: "${k.keyword}" (${k.match_type ?? k.kind}, ${k.campaign}) converts ${formatPercent(k.conversion_rate)} of ${formatNumber(k.clicks)} clicks at ${formatPercent(k.acos)} ACoS with only ${formatPercent(k.impression_share)} impression share.`;
    recommendation = `Raise the bid on "${k.keyword}" from ${k.bid !== null ? formatMoney(k.bid, k.currency) : "its default"} to ${k.suggested_bid !== null ? formatMoney(k.suggested_bid, k.currency) : "a higher bid"} (+${MAX_BID_STEP * 100}%) and watch its ACoS for a week.`;
  }
  return {
    result: { keywords, account_median_conversion_rate: roundTo(med, 2), impression_share_threshold: threshold, min_clicks: MIN_CLICKS, period: scope.range, analysis: { summary, recommendation } },
    primaryKey: "keywords",
    freshness: rows.length ? await adFreshness(ctx, scope.range) : null,
  };
}

/**
 * A bid moved toward the target ACoS: new bid = bid × target / ACoS, bounded
 * to ±25% per step; no sales after enough clicks lowers by the full step.
 */
export function recommendBid(bid: number, acos: number | null, clicks: number, sales: number, target: number, impressionShare: number | null): { bid: number; reason: string } | undefined {
  if (sales === 0) {
    if (clicks < MIN_CLICKS) return undefined;
    return { bid: Math.max(MIN_BID, bid * (1 - MAX_BID_STEP)), reason: `${clicks} clicks and no sales: lower by ${MAX_BID_STEP * 100}% (the largest step)` };
  }
  if (acos === null) return undefined;
  const ratio = target / acos;
  if (acos > target * 1.05) {
    const factor = Math.max(1 - MAX_BID_STEP, ratio);
    return { bid: Math.max(MIN_BID, bid * factor), reason: `ACoS ${roundTo(acos, 1)}% is above the ${target}% target: lower toward it${factor === 1 - MAX_BID_STEP ? ` (capped at ${MAX_BID_STEP * 100}% this step)` : ""}` };
  }
  if (acos < target * 0.8 && (impressionShare === null || impressionShare < 50)) {
    const factor = Math.min(1 + MAX_BID_STEP, ratio);
    return { bid: bid * factor, reason: `ACoS ${roundTo(acos, 1)}% is well below the ${target}% target${impressionShare !== null ? ` and impression share is ${roundTo(impressionShare, 1)}%` : ""}: raise to win more traffic${factor === 1 + MAX_BID_STEP ? ` (capped at ${MAX_BID_STEP * 100}% this step)` : ""}` };
  }
  return undefined;
}

export async function bidRecommendations(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const target = f.target_acos ?? ctx.settings.target_acos;
  const { scope, rows } = await keywordRows(ctx, understanding);
  const bids = [];
  for (const r of rows) {
    if (r.bid === null) continue;
    const rec = recommendBid(r.bid, r.acos, r.clicks, r.raw.sales, target, r.impression_share);
    if (!rec) continue;
    const newBid = money(rec.bid, r.currency);
    if (newBid === r.bid) continue;
    bids.push({
      keyword: r.keyword, match_type: r.match_type, target_id: r.target_id, campaign: r.campaign, marketplace: r.marketplace,
      current_bid: r.bid, recommended_bid: newBid, change_pct: roundTo(((newBid - r.bid) / r.bid) * 100, 2),
      acos: r.acos, target_acos: target, clicks: r.clicks, orders: r.orders, spend: r.spend, sales: r.sales, impression_share: r.impression_share,
      reason: rec.reason, currency: r.currency,
    });
  }
  const sorted = applyConditions(bids, f.conditions)
    .sort((a, b) => Math.abs(b.change_pct) * b.spend - Math.abs(a.change_pct) * a.spend || (a.target_id < b.target_id ? -1 : 1))
    .slice(0, f.limit ?? 50);
  let summary: string;
  let recommendation: string;
  if (!rows.length) {
    summary = await noAds(ctx, scope);
    recommendation = "Import your Sponsored Products keyword reports.";
  } else if (!sorted.length) {
    summary = `All ${rows.length} keywords are within reach of your ${formatPercent(target)} ACoS target in ${periodWords(scope)}; no bid needs to move.`;
    recommendation = "Keep the current bids and check again next week.";
  } else {
    const down = sorted.filter((b) => b.change_pct < 0).length;
    const b = sorted[0];
    summary =
      `${sorted.length} bid change${sorted.length === 1 ? "" : "s"} toward your ${formatPercent(target)} ACoS target (${down} down, ${sorted.length - down} up). Largest: "${b.keyword}" in ${b.campaign}, ` +
      `${formatMoney(b.current_bid, b.currency)} → ${formatMoney(b.recommended_bid, b.currency)} (${b.change_pct > 0 ? "+" : ""}${formatPercent(b.change_pct)}), ACoS ${formatPercent(b.acos)} on ${formatMoney(b.spend, b.currency)} spend.`;
    recommendation = `Apply the ${sorted.length} changes, starting with "${b.keyword}" (${b.reason}), then re-check after 7 days before the next step.`;
  }
  return {
    result: { bids: sorted, target_acos: target, max_step_pct: MAX_BID_STEP * 100, period: scope.range, analysis: { summary, recommendation } },
    primaryKey: "bids",
    freshness: rows.length ? await adFreshness(ctx, scope.range) : null,
  };
}

export async function wastedAdSpend(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const ids = await campaignIdsFor(ctx, f.campaign);
  const facts = await searchTermFacts(ctx, scope.range, scope, ids);
  const targets = await targetsOf(ctx);
  const campaigns = await campaignsOf(ctx);
  const minClicks = f.conditions?.find((c) => c.metric === "clicks" && (c.op === ">" || c.op === ">="))?.value ?? MIN_CLICKS;
  const wasted = facts
    .filter((x) => x.orders === 0 && x.clicks >= minClicks)
    .map((x) => {
      const currency = ctx.currencies.get(x.marketplace) ?? ctx.homeCurrency;
      return {
        search_term: x.search_term!,
        keyword: targets.get(x.target_id!)?.text ?? x.target_id!,
        target_id: x.target_id!,
        campaign: campaigns.get(x.campaign_id)?.name ?? x.campaign_id,
        campaign_id: x.campaign_id,
        marketplace: x.marketplace,
        impressions: Math.round(x.impressions),
        clicks: Math.round(x.clicks),
        spend: money(x.spend, currency),
        orders: 0,
        cpc: x.clicks ? money(x.spend / x.clicks, currency) : null,
        currency,
      };
    });
  const keywords = applyConditions(wasted, f.conditions?.filter((c) => c.metric !== "clicks"))
    .sort((a, b) => b.spend - a.spend || (a.search_term < b.search_term ? -1 : 1))
    .slice(0, f.limit ?? 50);
  const home = scope.marketplace ? ctx.currencies.get(scope.marketplace) ?? ctx.homeCurrency : ctx.homeCurrency;
  const total = money(wasted.reduce((s, w) => s + ctx.convert(w.spend, w.currency, home, scope.range.end), 0), home);
  const allSpend = facts.reduce((s, x) => s + ctx.convert(x.spend, ctx.currencies.get(x.marketplace) ?? home, home, scope.range.end), 0);
  let summary: string;
  let recommendation: string;
  if (!facts.length) {
    summary = await noAds(ctx, scope);
    recommendation = "Import your Sponsored Products search term reports.";
  } else if (!keywords.length) {
    summary = `No search term took ${minClicks} or more clicks without an order in ${periodWords(scope)}.`;
    recommendation = "No negative keywords needed right now.";
  } else {
    const w = keywords[0];
    summary =
      `${wasted.length} search term${wasted.length === 1 ? "" : "s"} took at least ${minClicks} clicks without a single order in ${periodWords(scope)}, wasting ${formatMoney(total, home)} ` +
      `(${formatPercent(pct(total, allSpend))} of search term spend). Worst: "${w.search_term}" (keyword "${w.keyword}", ${w.campaign}) with ${w.clicks} clicks for ${formatMoney(w.spend, w.currency)}.`;
    recommendation = `Add "${w.search_term}" as a negative exact keyword in ${w.campaign}` + (keywords.length > 1 ? `, and review the other ${keywords.length - 1} terms listed.` : ".");
  }
  return {
    result: { keywords, wasted_spend: total, min_clicks: minClicks, currency: home, period: scope.range, analysis: { summary, recommendation } },
    primaryKey: "keywords",
    freshness: facts.length ? await adFreshness(ctx, scope.range) : null,
  };
}

export async function advertisingSummary(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const ids = await campaignIdsFor(ctx, f.campaign);
  const facts = await campaignFacts(ctx, scope.range, scope, ids);
  // Total sales per marketplace, for TACoS.
  const sales = factsTable(SALES_ROLLUP, { accountId: ctx.accountId, range: scope.range, where: () => scopeWhere({ marketplace: scope.marketplace }), rollups: await ctx.rollups() });
  const q = sql<{ marketplace: string; revenue: number }>`select marketplace, total(revenue) as revenue from ${sales} as s group by marketplace`;
  const compiled = q.compile(ctx.db);
  ctx.sql.push(compiled.sql);
  const revenue = new Map((await ctx.db.executeQuery(compiled)).rows.map((r) => [r.marketplace, r.revenue]));
  const byMarket = new Map<string, AdFacts>();
  for (const x of facts) {
    const m = byMarket.get(x.marketplace) ?? { marketplace: x.marketplace, campaign_id: "", impressions: 0, clicks: 0, spend: 0, sales: 0, orders: 0, units: 0, tos_weighted: 0, tos_impressions: 0 };
    for (const k of ["impressions", "clicks", "spend", "sales", "orders", "units", "tos_weighted", "tos_impressions"] as const) m[k] = (m[k] ?? 0) + (x[k] ?? 0);
    byMarket.set(x.marketplace, m);
  }
  const marketplaces = [...byMarket.values()].sort((a, b) => (a.marketplace < b.marketplace ? -1 : 1)).map((m) => {
    const currency = ctx.currencies.get(m.marketplace) ?? ctx.homeCurrency;
    const total = revenue.get(m.marketplace) ?? 0;
    return { marketplace: m.marketplace, ...adMetrics(m, currency), ad_spend: money(m.spend, currency), ad_sales: money(m.sales, currency), total_sales: money(total, currency), tacos: pct(m.spend, total) };
  });
  const home = scope.marketplace ? ctx.currencies.get(scope.marketplace) ?? ctx.homeCurrency : ctx.homeCurrency;
  const conv = (v: number, m: string) => ctx.convert(v, ctx.currencies.get(m) ?? home, home, scope.range.end);
  const spend = [...byMarket.values()].reduce((s, m) => s + conv(m.spend, m.marketplace), 0);
  const adSales = [...byMarket.values()].reduce((s, m) => s + conv(m.sales, m.marketplace), 0);
  const totalSales = [...revenue.entries()].reduce((s, [m, v]) => s + conv(v, m), 0);
  const clicks = [...byMarket.values()].reduce((s, m) => s + m.clicks, 0);
  const impressions = [...byMarket.values()].reduce((s, m) => s + m.impressions, 0);
  const orders = [...byMarket.values()].reduce((s, m) => s + m.orders, 0);
  const totals = {
    ad_spend: money(spend, home), ad_sales: money(adSales, home), total_sales: money(totalSales, home),
    acos: pct(spend, adSales), tacos: pct(spend, totalSales), roas: spend ? roundTo(adSales / spend, 2) : null,
    impressions, clicks, orders, ctr: pct(clicks, impressions), cpc: clicks ? money(spend / clicks, home) : null, currency: home,
  };
  const target = f.target_acos ?? ctx.settings.target_acos;
  let summary: string;
  let recommendation: string;
  if (!facts.length) {
    summary = await noAds(ctx, scope);
    recommendation = "Import your Sponsored Products reports.";
  } else {
    summary =
      `In ${periodWords(scope)} you spent ${formatMoney(totals.ad_spend, home)} on ads for ${formatMoney(totals.ad_sales, home)} of ad sales: ACoS ${formatPercent(totals.acos)}, ` +
      `ROAS ${totals.roas?.toFixed(2) ?? "n/a"}x, TACoS ${formatPercent(totals.tacos)} of ${formatMoney(totals.total_sales, home)} total sales; ${formatNumber(clicks)} clicks at ${totals.cpc !== null ? formatMoney(totals.cpc, home) : "n/a"} each.`;
    const worst = [...marketplaces].filter((m) => m.acos !== null).sort((a, b) => (b.acos ?? 0) - (a.acos ?? 0))[0];
    recommendation = totals.acos !== null && totals.acos > target
      ? `ACoS is ${formatPercent(roundTo(totals.acos - target, 1))} points over your ${formatPercent(target)} target${worst ? `, worst in ${worst.marketplace} (${formatPercent(worst.acos)})` : ""}: see the bid recommendations and wasted spend.`
      : `ACoS is within your ${formatPercent(target)} target; there is room to raise bids on keywords that convert well (see keyword opportunities).`;
  }
  return {
    result: { marketplaces, totals, target_acos: target, currency: home, period: scope.range, analysis: { summary, recommendation } },
    primaryKey: "marketplaces",
    freshness: facts.length ? await adFreshness(ctx, scope.range) : null,
  };
}

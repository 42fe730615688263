/** What the advertising answers share: the ad metrics of a row, keyword rows, thresholds and the words for no ads. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { money, roundTo } from "../../core/money.js";
import { noDataInScope } from "./outcome.js";
import { campaignIdsFor, campaignsOf, targetFacts, targetsOf, type AdFacts } from "../facts/ad-facts.js";
import { scopeOf } from "../facts/scope.js";

export const pct = (a: number, b: number) => (b ? roundTo((a / b) * 100, 2) : null);

/** Minimum clicks before a keyword's conversion or waste is judged. */
export const MIN_CLICKS = 15;

/** Top-of-search impression share (percent) below which a keyword has room to grow. */
export const IMPRESSION_SHARE_THRESHOLD = 20;

/** Largest bid move in one recommendation, as a fraction of the current bid. */
export const MAX_BID_STEP = 0.25;

export const MIN_BID = 0.02;

export function adMetrics(x: AdFacts, currency: string) {
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

export async function noAds(
  ctx: AnalyticsContext,
  scope: { range: { start: string; end: string }; marketplace?: string },
): Promise<string> {
  const row = (
    await ctx.rows(
      ctx.db
        .selectFrom("ad_campaign_daily")
        .select((eb) => [eb.fn.min("date").as("first"), eb.fn.max("date").as("last")])
        .where("account_id", "=", ctx.accountId),
    )
  )[0];
  return noDataInScope(ctx, scope, "advertising data", {
    first: (row?.first as string) ?? null,
    last: (row?.last as string) ?? null,
  });
}

/** Median of numbers (0 for none). */
export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export async function keywordRows(ctx: AnalyticsContext, understanding: Understanding) {
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

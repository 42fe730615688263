/** The results of the advertising intents: campaigns, keywords, bids, wasted spend and the summary. */
import { analysis, notes, period } from "./common.js";
import { count, identifier, list, money, nullable, object, percent, ratio, shape, signed, text } from "./shape.js";

/** The advertising figures of a campaign, keyword or marketplace. */
export const AD_METRICS = {
  impressions: count,
  clicks: count,
  spend: money,
  sales: money,
  orders: count,
  acos: nullable(percent),
  roas: nullable(ratio),
  ctr: nullable(percent),
  cpc: nullable(money),
  conversion_rate: nullable(percent),
  impression_share: nullable(percent),
  currency: text,
} as const;

export const ACOS_BY_CAMPAIGN = shape("campaigns", {
  campaigns: list(
    object({
      campaign: text,
      campaign_id: identifier,
      marketplace: text,
      state: nullable(text),
      ...AD_METRICS,
      target_acos: percent,
    }),
  ),
  totals: object({ spend: money, sales: money, acos: nullable(percent), currency: text }),
  target_acos: percent,
  currency: text,
  period,
  notes,
  analysis,
});

export const KEYWORD_OPPORTUNITIES = shape("keywords", {
  keywords: list(
    object({
      keyword: text,
      match_type: nullable(text),
      kind: text,
      target_id: identifier,
      campaign: text,
      campaign_id: identifier,
      marketplace: text,
      bid: nullable(money),
      ...AD_METRICS,
      account_median_conversion_rate: percent,
      suggested_bid: nullable(money),
    }),
  ),
  account_median_conversion_rate: percent,
  impression_share_threshold: percent,
  min_clicks: count,
  period,
  analysis,
});

export const BID_RECOMMENDATIONS = shape("bids", {
  bids: list(
    object({
      keyword: text,
      match_type: nullable(text),
      target_id: identifier,
      campaign: text,
      marketplace: text,
      current_bid: money,
      recommended_bid: money,
      change_pct: signed(percent),
      acos: nullable(percent),
      target_acos: percent,
      clicks: count,
      orders: count,
      spend: money,
      sales: money,
      impression_share: nullable(percent),
      reason: text,
      currency: text,
    }),
  ),
  target_acos: percent,
  max_step_pct: percent,
  period,
  analysis,
});

export const WASTED_AD_SPEND = shape("keywords", {
  keywords: list(
    object({
      search_term: text,
      keyword: text,
      target_id: identifier,
      campaign: text,
      campaign_id: identifier,
      marketplace: text,
      impressions: count,
      clicks: count,
      spend: money,
      orders: count,
      cpc: nullable(money),
      currency: text,
    }),
  ),
  wasted_spend: money,
  min_clicks: count,
  currency: text,
  period,
  analysis,
});

export const ADVERTISING_SUMMARY = shape("marketplaces", {
  marketplaces: list(
    object({
      marketplace: text,
      ...AD_METRICS,
      ad_spend: money,
      ad_sales: money,
      total_sales: money,
      tacos: nullable(percent),
    }),
  ),
  totals: object({
    ad_spend: money,
    ad_sales: money,
    total_sales: money,
    acos: nullable(percent),
    tacos: nullable(percent),
    roas: nullable(ratio),
    impressions: count,
    clicks: count,
    orders: count,
    ctr: nullable(percent),
    cpc: nullable(money),
    currency: text,
  }),
  target_acos: percent,
  currency: text,
  period,
  analysis,
});

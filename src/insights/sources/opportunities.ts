/**
 * opportunities: restocks that keep sales going, keywords with room to
 * grow, bids to raise, price headroom (the buy box held while competitors
 * sit higher), catalog gaps, and products that convert well on little
 * traffic.
 */
import { bidRecommendations } from "../../analytics/answers/bid-recommendations.js";
import { keywordOpportunities } from "../../analytics/answers/keyword-opportunities.js";
import { catalogGaps } from "../../analytics/answers/catalog-gaps.js";
import { competitorPricing } from "../../analytics/answers/competitor-pricing.js";
import { inventoryStatus } from "../../analytics/facts/inventory-status.js";
import { formatMoney, formatNumber, formatPercent } from "../../core/number-format.js";
import { roundTo } from "../../core/money.js";
import type { MarketplaceCode } from "../../core/understanding.js";
import type { FindingDraft } from "../finding.js";
import { median } from "../anomalies/stats.js";
import {
  adGrowthStake,
  catalogGapStake,
  priceHeadroomStake,
  restockStake,
  trafficGapStake,
} from "../money-at-stake.js";
import { marketplaceWords, productWords, valueWords } from "../words.js";
import { periodFilters, periodPhrase, type SourceContext } from "./context.js";

export async function opportunityDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  return [
    ...(await restockDrafts(sc)),
    ...(await keywordDrafts(sc)),
    ...(await priceHeadroomDrafts(sc)),
    ...(await catalogGapDrafts(sc)),
    ...(await trafficGapDrafts(sc)),
  ];
}

async function restockDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const { ctx } = sc;
  const status = await inventoryStatus(ctx, {
    intent: "restock_recommendations",
    area: "inventory",
    confidence: 1,
    filters: sc.marketplace ? { marketplace: sc.marketplace as MarketplaceCode } : {},
    interpretation: "insights",
  });
  // Critical and overdue ones are risks; here the orders due within the coming weeks.
  const due = status.rows.filter(
    (r) =>
      r.restock_recommendation.recommended_quantity > 0 &&
      (r.restock_recommendation.urgency === "medium" ||
        (r.restock_recommendation.urgency === "high" &&
          (r.restock_recommendation.optimal_po_date === null || r.restock_recommendation.optimal_po_date > ctx.today))),
  );
  const listings = await sc.listings(due.map((r) => `${r.marketplace}|${r.asin}`));
  const safety = ctx.settings.safety_stock_days;
  return due.map((r): FindingDraft => {
    const title = listings.get(`${r.marketplace}|${r.asin}`)?.title;
    const who = productWords(r.asin, title);
    const where = marketplaceWords(r.marketplace);
    const rec = r.restock_recommendation;
    return {
      kind: "restock",
      title: `Reorder ${formatNumber(rec.recommended_quantity)} units of ${who} for ${where} by ${rec.optimal_po_date}`,
      summary: `${who} (SKU ${r.sku}) in ${where} has ${valueWords(r.days_of_supply_with_inbound ?? r.days_of_supply, "days")} of supply (with inbound) at ${r.daily_demand} a day; an order of ${formatNumber(rec.recommended_quantity)} placed by ${rec.optimal_po_date} keeps it in stock through its ${r.lead_time_days}-day lead time.`,
      stake: restockStake(r.daily_demand, r.price ?? 0, safety),
      currency: r.currency,
      confidence: 0.85,
      evidence: {
        metric: "days_of_supply",
        observed: r.days_of_supply_with_inbound ?? r.days_of_supply,
        expected: r.lead_time_days + safety,
        unit: "days",
        period: { start: r.snapshot_date, end: r.snapshot_date },
        score: null,
        details: {
          recommended_quantity: rec.recommended_quantity,
          optimal_po_date: rec.optimal_po_date,
          daily_demand: r.daily_demand,
        },
      },
      entities: { asin: r.asin, sku: r.sku, ...(title ? { title } : {}), marketplace: r.marketplace },
      recommendation: `Place a purchase order for ${formatNumber(rec.recommended_quantity)} units of ${r.sku} by ${rec.optimal_po_date}.`,
      follow_up: `what should I restock in ${where}`,
      identity: [r.marketplace, r.sku],
    };
  });
}

async function keywordDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const filters = { ...periodFilters(sc.period), limit: 200 };
  const found = await sc.run(keywordOpportunities, "keyword_opportunities", filters);
  const keywords = found.result.keywords as Record<string, any>[];
  const drafts: FindingDraft[] = keywords.map((k) => {
    const where = marketplaceWords(k.marketplace);
    return {
      kind: "keyword_opportunity",
      title: `"${k.keyword}" converts ${formatPercent(k.conversion_rate)} but wins ${formatPercent(k.impression_share)} of top-of-search in ${where}`,
      summary: `The keyword "${k.keyword}" (${k.match_type ?? k.kind}) in ${k.campaign} converted ${formatPercent(k.conversion_rate)} of ${formatNumber(k.clicks)} clicks at ${formatPercent(k.acos)} ACoS in the ${periodPhrase(sc)}, above your ${formatPercent(k.account_median_conversion_rate)} median, with only ${formatPercent(k.impression_share)} top-of-search impression share.`,
      stake: adGrowthStake(k.sales),
      currency: k.currency,
      confidence: 0.75,
      evidence: {
        metric: "conversion_rate",
        observed: k.conversion_rate,
        expected: k.account_median_conversion_rate,
        unit: "percent",
        period: sc.period,
        score: null,
        details: {
          impression_share: k.impression_share,
          clicks: k.clicks,
          sales: k.sales,
          acos: k.acos,
          bid: k.bid,
          suggested_bid: k.suggested_bid,
        },
      },
      entities: {
        keyword: k.keyword,
        target_id: k.target_id,
        campaign: k.campaign,
        campaign_id: k.campaign_id,
        marketplace: k.marketplace,
      },
      recommendation: `Raise the bid on "${k.keyword}" from ${k.bid === null ? "its default" : formatMoney(k.bid, k.currency)} to ${k.suggested_bid === null ? "a higher bid" : formatMoney(k.suggested_bid, k.currency)} and watch its ACoS for a week.`,
      follow_up: `keyword opportunities in ${where} ${periodPhrase(sc)}`,
      identity: [k.target_id],
    };
  });
  const seen = new Set(keywords.map((k) => k.target_id));
  const bids = await sc.run(bidRecommendations, "bid_recommendations", filters);
  for (const b of bids.result.bids as Record<string, any>[]) {
    if (b.change_pct <= 0 || seen.has(b.target_id)) continue;
    const where = marketplaceWords(b.marketplace);
    drafts.push({
      kind: "bid_increase",
      title: `Raise the bid on "${b.keyword}" in ${where}: ACoS ${formatPercent(b.acos)} against a ${formatPercent(b.target_acos)} target`,
      summary: `"${b.keyword}" in ${b.campaign} sold ${formatMoney(b.sales, b.currency)} on ${formatMoney(b.spend, b.currency)} of spend (${formatPercent(b.acos)} ACoS) in the ${periodPhrase(sc)}, well under your ${formatPercent(b.target_acos)} target.`,
      stake: adGrowthStake(b.sales, Math.min(0.5, b.change_pct / 100)),
      currency: b.currency,
      confidence: 0.7,
      evidence: {
        metric: "acos",
        observed: b.acos,
        expected: b.target_acos,
        unit: "percent",
        period: sc.period,
        score: null,
        details: {
          current_bid: b.current_bid,
          recommended_bid: b.recommended_bid,
          clicks: b.clicks,
          impression_share: b.impression_share,
        },
      },
      entities: { keyword: b.keyword, target_id: b.target_id, campaign: b.campaign, marketplace: b.marketplace },
      recommendation: `Raise the bid on "${b.keyword}" from ${formatMoney(b.current_bid, b.currency)} to ${formatMoney(b.recommended_bid, b.currency)}: ${b.reason}.`,
      follow_up: `bid recommendations in ${where} ${periodPhrase(sc)}`,
      identity: [b.target_id],
    });
  }
  return drafts;
}

async function priceHeadroomDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const found = await sc.run(competitorPricing, "competitor_pricing", { limit: 100000 });
  const facts = await sc.facts();
  const rows = (found.result.products as Record<string, any>[]).filter(
    (r) => !r.undercut && r.buy_box_winner === "you" && r.price_gap_pct !== null && r.price_gap_pct <= -10,
  );
  return rows.map((r): FindingDraft => {
    const gap = -r.price_gap_pct;
    const units = facts.get(`${r.marketplace}|${r.asin}`)?.units ?? 0;
    const who = productWords(r.asin, r.title);
    const where = marketplaceWords(r.marketplace);
    const raise = Math.min(5, roundTo(gap / 2, 1));
    return {
      kind: "price_headroom",
      title: `${who} holds the buy box in ${where} at ${formatMoney(r.your_price, r.currency)} while the next offer is ${formatPercent(gap)} higher`,
      summary: `On ${r.date}, ${who} in ${where} sold at ${formatMoney(r.your_price, r.currency)} and held the buy box; the cheapest of ${r.competitors} competing offers was ${formatMoney(r.lowest_competitor_price, r.currency)} (${r.lowest_competitor}), and it sold ${formatNumber(units)} units in the ${periodPhrase(sc)}.`,
      stake: priceHeadroomStake(units, r.your_price, gap),
      currency: r.currency,
      confidence: 0.65,
      evidence: {
        metric: "price",
        observed: r.your_price,
        expected: r.lowest_competitor_price,
        unit: "money",
        currency: r.currency,
        period: { start: r.date, end: r.date },
        score: null,
        details: { price_gap_pct: r.price_gap_pct, competitors: r.competitors, units_in_period: units },
      },
      entities: { asin: r.asin, ...(r.title ? { title: r.title } : {}), marketplace: r.marketplace },
      recommendation: `Test a price ${raise}% higher on ${who} in ${where} and watch the buy box for a week; step back if you lose it.`,
      follow_up: `competitor prices for ${r.asin} in ${where}`,
      identity: [r.marketplace, r.asin],
    };
  });
}

export async function catalogGapDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const found = await sc.run(catalogGaps, "catalog_gaps", { ...periodFilters(sc.period), limit: 500 });
  return (found.result.gaps as Record<string, any>[]).map((g): FindingDraft => {
    const where = marketplaceWords(g.marketplace);
    return {
      kind: "catalog_gap",
      title: `Competitors sell ${g.subcategory} (${g.category}) in ${where}; you have nothing there`,
      summary: `${g.competitor_products} competitor products in ${g.category} › ${g.subcategory} in ${where} sell about ${formatNumber(g.estimated_monthly_units)} units (${formatMoney(g.estimated_monthly_revenue, g.currency)}) a month${g.average_price !== null ? ` at ${formatMoney(g.average_price, g.currency)} on average` : ""}; you list none.`,
      stake: catalogGapStake(g.estimated_monthly_revenue),
      currency: g.currency,
      confidence: 0.6,
      evidence: {
        metric: "revenue",
        observed: 0,
        expected: g.estimated_monthly_revenue,
        unit: "money",
        currency: g.currency,
        period: sc.period,
        score: null,
        details: {
          competitor_products: g.competitor_products,
          estimated_monthly_units: g.estimated_monthly_units,
          top_seller: g.top_seller,
        },
      },
      entities: { category: g.category, subcategory: g.subcategory, marketplace: g.marketplace },
      recommendation: `Consider a product in ${g.category} › ${g.subcategory} for ${where}${g.average_price !== null ? ` around ${formatMoney(g.average_price, g.currency)}` : ""}: the demand is proven and it fits your range.`,
      follow_up: `what categories are my competitors selling that I don't in ${where}`,
      identity: [g.marketplace, g.category, g.subcategory],
    };
  });
}

async function trafficGapDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const facts = [...(await sc.facts()).values()].filter((f) => f.sessions > 0 && f.units > 0);
  const groups = new Map<string, typeof facts>();
  for (const f of facts) {
    const key = `${f.marketplace}|${f.category ?? ""}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(f);
  }
  const found: { f: (typeof facts)[number]; sessions: number; conversion: number }[] = [];
  for (const members of groups.values()) {
    if (members.length < 5) continue;
    const sessions = median(members.map((f) => f.sessions));
    const conversion = median(members.map((f) => f.units / f.sessions));
    for (const f of members) {
      if (f.units / f.sessions >= 1.5 * conversion && f.sessions <= 0.5 * sessions && f.units >= 5)
        found.push({ f, sessions, conversion });
    }
  }
  const listings = await sc.listings(found.map(({ f }) => `${f.marketplace}|${f.asin}`));
  return found.map(({ f, sessions, conversion }): FindingDraft => {
    const title = listings.get(`${f.marketplace}|${f.asin}`)?.title;
    const who = productWords(f.asin, title);
    const where = marketplaceWords(f.marketplace);
    const rate = f.units / f.sessions;
    return {
      kind: "converts_on_little_traffic",
      title: `${who} converts ${formatPercent(rate * 100)} in ${where} on few visits`,
      summary: `${who} in ${where} turned ${formatNumber(f.sessions)} sessions into ${formatNumber(f.units)} units (${formatPercent(rate * 100)}) in the ${periodPhrase(sc)}, against a ${formatPercent(conversion * 100)} conversion rate and ${formatNumber(sessions)} sessions for the typical ${f.category ?? "catalog"} product.`,
      stake: trafficGapStake(sessions - f.sessions, rate, f.revenue / f.units),
      currency: f.currency,
      confidence: 0.6,
      evidence: {
        metric: "conversion_rate",
        observed: roundTo(rate * 100, 2),
        expected: roundTo(conversion * 100, 2),
        unit: "percent",
        period: sc.period,
        score: null,
        details: { sessions: f.sessions, category_median_sessions: sessions, units: f.units },
      },
      entities: {
        asin: f.asin,
        ...(title ? { title } : {}),
        marketplace: f.marketplace,
        ...(f.category ? { category: f.category } : {}),
      },
      recommendation: `Send more traffic to ${who} in ${where}: advertise it on its best keywords; shoppers who find it buy.`,
      follow_up: `conversion rate of ${f.asin} in ${where} ${periodPhrase(sc)}`,
      identity: [f.marketplace, f.asin],
    };
  });
}

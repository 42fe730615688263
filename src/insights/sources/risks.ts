/**
 * risks: stock-outs and late purchase orders, anomalies that cost money
 * (drops, buy box losses, refund, ACoS and ad spend spikes, price changes),
 * declining reviews, products losing money, aged stock heading into
 * storage fees.
 */
import { decliningReviews } from "../../analytics/answers/declining-reviews.js";
import { excessInventory } from "../../analytics/answers/excess-inventory.js";
import { inventoryStatus, type InventoryRow } from "../../analytics/facts/inventory-status.js";
import { formatMoney, formatNumber } from "../../core/number-format.js";
import { money } from "../../core/money.js";
import { addDaysIso } from "../../core/dates.js";
import type { MarketplaceCode } from "../../core/understanding.js";
import type { FindingDraft } from "../finding.js";
import { agedStockStake, latePurchaseOrderStake, lossStake, reviewStake, stockoutStake } from "../money-at-stake.js";
import { marketplaceWords, productWords, valueWords } from "../words.js";
import { anomalyDrafts, RISK_KINDS } from "./anomaly-findings.js";
import { periodFilters, periodPhrase, type SourceContext } from "./context.js";

export async function riskDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const scan = await sc.anomalies();
  const keys = new Set(scan.anomalies.map((a) => `${a.marketplace}|${a.asin}`));
  const comprehensive = sc.detail === "comprehensive";
  const drafts = anomalyDrafts(scan, await sc.listings(keys), sc.currencyOf, (k) => RISK_KINDS.has(k), comprehensive);
  drafts.push(...(await stockDrafts(sc)));
  drafts.push(...(await reviewDrafts(sc)));
  drafts.push(...(await lossDrafts(sc)));
  drafts.push(...(await agedStockDrafts(sc)));
  return drafts;
}

async function stockDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const { ctx } = sc;
  const status = await inventoryStatus(ctx, {
    intent: "stockout_risk",
    area: "inventory",
    confidence: 1,
    filters: sc.marketplace ? { marketplace: sc.marketplace as MarketplaceCode } : {},
    interpretation: "insights",
  });
  const at = status.rows.filter(
    (r) =>
      r.restock_recommendation.recommended_quantity > 0 &&
      (r.restock_recommendation.urgency === "critical" ||
        (r.restock_recommendation.urgency === "high" &&
          r.restock_recommendation.optimal_po_date !== null &&
          r.restock_recommendation.optimal_po_date <= ctx.today)),
  );
  const listings = await sc.listings(at.map((r) => `${r.marketplace}|${r.asin}`));
  const { safety_stock_days: safety } = ctx.settings;
  return at.map((r): FindingDraft => {
    const critical = r.restock_recommendation.urgency === "critical";
    const title = listings.get(`${r.marketplace}|${r.asin}`)?.title ?? r.title;
    const who = productWords(r.asin, title);
    const where = marketplaceWords(r.marketplace);
    const cover = r.days_of_supply_with_inbound ?? r.days_of_supply ?? 0;
    const price = r.price ?? 0;
    const stake = critical
      ? stockoutStake(r.daily_demand, price, r.lead_time_days, cover)
      : latePurchaseOrderStake(r.daily_demand, price, r.lead_time_days, safety, cover);
    const kind = critical ? "stockout" : "late_purchase_order";
    const qty = formatNumber(r.restock_recommendation.recommended_quantity);
    return {
      kind,
      title: critical
        ? `${who} runs out in ${where} around ${r.stockout_date}, before an order could arrive`
        : `Purchase order for ${who} in ${where} is due (by ${r.restock_recommendation.optimal_po_date})`,
      summary:
        `${who} (SKU ${r.sku}) in ${where} has ${formatNumber(r.available_quantity)} units available and ${formatNumber(r.inbound_quantity)} inbound: ` +
        `${valueWords(cover, "days")} of supply at ${r.daily_demand} a day against a ${r.lead_time_days}-day lead time` +
        (r.stockout_date ? `, running out around ${r.stockout_date}` : "") +
        ".",
      stake,
      currency: r.currency,
      confidence: 0.9,
      evidence: {
        metric: "days_of_supply",
        observed: cover,
        expected: r.lead_time_days + (critical ? 0 : safety),
        unit: "days",
        period: { start: r.snapshot_date, end: r.snapshot_date },
        compared_with: { start: addDaysIso(r.snapshot_date, -30), end: addDaysIso(r.snapshot_date, -1) },
        score: null,
        details: {
          available_quantity: r.available_quantity,
          inbound_quantity: r.inbound_quantity,
          daily_demand: r.daily_demand,
          lead_time_days: r.lead_time_days,
          stockout_date: r.stockout_date,
          recommended_quantity: r.restock_recommendation.recommended_quantity,
          optimal_po_date: r.restock_recommendation.optimal_po_date,
        },
      },
      entities: {
        asin: r.asin,
        sku: r.sku,
        ...(title ? { title } : {}),
        marketplace: r.marketplace,
        ...(r.category ? { category: r.category } : {}),
      },
      recommendation: critical
        ? `Order ${qty} units of ${r.sku} today and send what stock you have elsewhere to ${where}; consider slowing sales (price, ads) until it arrives.`
        : `Place the purchase order for ${qty} units of ${r.sku} now: waiting eats into its ${safety} days of safety stock.`,
      follow_up: `how many days of supply does ${r.asin} have in ${where}`,
      identity: [r.marketplace, r.sku],
      atLeast: critical && (r.days_of_supply ?? 0) <= 7 ? "critical" : critical ? "high" : "medium",
      ...(sc.detail === "comprehensive" ? { evidence_table: [stockRow(r)] } : {}),
    };
  });
}

function stockRow(r: InventoryRow): Record<string, unknown> {
  return {
    sku: r.sku,
    asin: r.asin,
    marketplace: r.marketplace,
    available_quantity: r.available_quantity,
    inbound_quantity: r.inbound_quantity,
    daily_demand: r.daily_demand,
    days_of_supply: r.days_of_supply,
    days_of_supply_with_inbound: r.days_of_supply_with_inbound,
    lead_time_days: r.lead_time_days,
    stockout_date: r.stockout_date,
    ...r.restock_recommendation,
  };
}

async function reviewDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  // Ratings move slowly: the last 90 days say more than the last 30.
  const period = { start: addDaysIso(sc.period.end, -89), end: sc.period.end };
  const outcome = await sc.run(decliningReviews, "declining_reviews", {
    ...periodFilters(period),
    limit: 500,
  });
  const rows = (outcome.result.products as Record<string, any>[]).filter((r) => r.rating_change <= -0.2);
  const facts = await sc.facts();
  return rows.map((r): FindingDraft => {
    const key = `${r.marketplace}|${r.asin}`;
    const revenue = facts.get(key)?.revenue ?? 0;
    const currency = sc.currencyOf(r.marketplace);
    const who = productWords(r.asin, r.title);
    const where = marketplaceWords(r.marketplace);
    return {
      kind: "declining_reviews",
      title: `Rating of ${who} fell from ${r.rating_start} to ${r.rating_end} in ${where}`,
      summary: `${who} in ${where} went from ${r.rating_start} to ${r.rating_end} stars between ${period.start} and ${period.end} (${r.new_reviews} new reviews, ${r.review_count} in all), on ${formatMoney(revenue, currency)} of revenue in the ${periodPhrase(sc)}.`,
      stake: reviewStake(revenue, r.rating_start - r.rating_end),
      currency,
      confidence: 0.8,
      evidence: {
        metric: "review_rating",
        observed: r.rating_end,
        expected: r.rating_start,
        unit: "count",
        period: { start: period.start, end: period.end },
        compared_with: { start: period.start, end: period.start },
        score: null,
        details: { new_reviews: r.new_reviews, review_count: r.review_count, review_flow_change: r.review_flow_change },
      },
      entities: { asin: r.asin, ...(r.title ? { title: r.title } : {}), marketplace: r.marketplace },
      recommendation: `Read the recent reviews of ${who} in ${where} for a repeated complaint (quality, sizing, the listing promising too much) and fix it at the source; answer the critical ones.`,
      follow_up: `which products have declining reviews in ${where}`,
      identity: [r.marketplace, r.asin],
      ...(sc.detail === "comprehensive" ? { evidence_table: [r] } : {}),
    };
  });
}

async function lossDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const facts = [...(await sc.facts()).values()].filter((f) => f.has_cost && f.revenue > 0 && f.profit < 0);
  const listings = await sc.listings(facts.map((f) => `${f.marketplace}|${f.asin}`));
  return facts.map((f): FindingDraft => {
    const who = productWords(f.asin, listings.get(`${f.marketplace}|${f.asin}`)?.title);
    const where = marketplaceWords(f.marketplace);
    const c = f.currency;
    const title = listings.get(`${f.marketplace}|${f.asin}`)?.title;
    return {
      kind: "losing_money",
      title: `${who} loses ${formatMoney(-f.profit, c)} in ${where}`,
      summary:
        `${who} in ${where} made ${formatMoney(f.revenue, c)} of revenue in the ${periodPhrase(sc)} but cost ${formatMoney(f.cogs, c)} in goods, ` +
        `${formatMoney(f.fees, c)} in fees, ${formatMoney(f.refund_amount, c)} in refunds and ${formatMoney(f.ad_spend, c)} in ads: a loss of ${formatMoney(-f.profit, c)}.`,
      stake: lossStake(f.profit),
      currency: c,
      confidence: 0.9,
      evidence: {
        metric: "profit",
        observed: money(f.profit, c),
        expected: 0,
        unit: "money",
        currency: c,
        period: sc.period,
        score: null,
        details: {
          revenue: money(f.revenue, c),
          cogs: money(f.cogs, c),
          fees: money(f.fees, c),
          refunds: money(f.refund_amount, c),
          ad_spend: money(f.ad_spend, c),
        },
      },
      entities: {
        asin: f.asin,
        ...(title ? { title } : {}),
        marketplace: f.marketplace,
        ...(f.category ? { category: f.category } : {}),
      },
      recommendation:
        f.ad_spend > -f.profit
          ? `Cut the ad spend on ${who} in ${where}: it spent ${formatMoney(f.ad_spend, c)}, more than the loss.`
          : `Raise the price of ${who} in ${where} or lower its costs: at today's price every sale loses money.`,
      follow_up: `bottom 10 products by profit in ${where} ${periodPhrase(sc)}`,
      identity: [f.marketplace, f.asin],
    };
  });
}

async function agedStockDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const outcome = await sc.run(excessInventory, "excess_inventory", { limit: 500 });
  const rows = (outcome.result.products as Record<string, any>[]).filter(
    (r) => r.excess_value_at_cost > 0 && (r.days_of_supply === null || r.days_of_supply > 180),
  );
  return rows.map((r): FindingDraft => {
    const who = productWords(r.asin, r.title);
    const where = marketplaceWords(r.marketplace);
    const months = r.daily_demand > 0 ? r.excess_units / r.daily_demand / 30 : 12;
    return {
      kind: "aged_stock",
      title: `${formatNumber(r.excess_units)} excess units of ${who} in ${where} head into long-term storage`,
      summary:
        `${who} (SKU ${r.sku}) in ${where} holds ${formatNumber(r.available_quantity)} units, ` +
        `${r.days_of_supply === null ? "with no sales in 30 days" : `${valueWords(r.days_of_supply, "days")} of supply`}: ` +
        `${formatNumber(r.excess_units)} more than it needs, ${formatMoney(r.excess_value_at_cost, r.currency)} at cost.`,
      stake: agedStockStake(r.excess_value_at_cost, months),
      currency: r.currency,
      confidence: 0.85,
      evidence: {
        metric: "days_of_supply",
        observed: r.days_of_supply,
        expected: 180,
        unit: "days",
        period: { start: String(outcome.result.snapshot_date), end: String(outcome.result.snapshot_date) },
        score: null,
        details: {
          excess_units: r.excess_units,
          excess_value_at_cost: r.excess_value_at_cost,
          daily_demand: r.daily_demand,
        },
      },
      entities: { asin: r.asin, sku: r.sku, ...(r.title ? { title: r.title } : {}), marketplace: r.marketplace },
      recommendation: `Stop reordering ${r.sku} and sell down the excess in ${where} (a price cut, a coupon or ads), or remove it before long-term storage fees apply.`,
      follow_up: `which products are overstocked in ${where}`,
      identity: [r.marketplace, r.sku],
      ...(sc.detail === "comprehensive" ? { evidence_table: [r] } : {}),
    };
  });
}

/**
 * How much money a finding puts at stake: one documented formula per kind,
 * in the currency of its figures (converted to the account's currency at the
 * end of the period before findings are ranked by it). These are estimates
 * meant to rank findings against each other; each finding states its formula.
 */

export interface Stake {
  amount: number;
  basis: string;
}

const positive = (amount: number) => (Number.isFinite(amount) ? Math.max(0, amount) : 0);

/** A product that will run out before an order placed today could arrive. */
export function stockoutStake(dailyDemand: number, price: number, leadTimeDays: number, coverDays: number): Stake {
  const uncovered = Math.max(0, leadTimeDays - coverDays);
  return {
    amount: positive(dailyDemand * price * uncovered),
    basis:
      "daily demand × price × days without stock before a new order can arrive (lead time − days of supply with inbound)",
  };
}

/** A product whose purchase order is due or late: the safety stock a late order eats. */
export function latePurchaseOrderStake(
  dailyDemand: number,
  price: number,
  leadTimeDays: number,
  safetyDays: number,
  coverDays: number,
): Stake {
  const short = Math.max(0, leadTimeDays + safetyDays - coverDays);
  return {
    amount: positive(dailyDemand * price * short),
    basis:
      "daily demand × price × safety-stock days already used up (lead time + safety stock − days of supply with inbound)",
  };
}

/** A restock due soon: the sales its safety stock protects. */
export function restockStake(dailyDemand: number, price: number, safetyDays: number): Stake {
  return {
    amount: positive(dailyDemand * price * safetyDays),
    basis: "daily demand × price × safety-stock days: the sales an order placed in time keeps covered",
  };
}

/** What an anomaly's money effect (Anomaly.money_impact) is, per metric. */
const ANOMALY_BASIS: Record<string, string> = {
  revenue: "revenue over the anomaly's days against the expected revenue",
  units_sold: "revenue over the anomaly's days against the expected revenue",
  sessions: "revenue over the anomaly's days against the expected revenue",
  conversion_rate: "revenue over the anomaly's days against the expected revenue",
  buy_box_percentage: "revenue over the anomaly's days × (1 − usual buy box share ÷ share held)",
  refund_rate: "refunds beyond the usual refund rate × average price",
  acos: "ad spend beyond what the usual ACoS would have spent for the ad sales made",
  ad_spend: "ad spend against the expected ad spend",
  price: "the price change × units sold over the anomaly's days",
};

/** An anomaly: its own money effect over its days, lost or gained. */
export function anomalyStake(impact: number, metric: string): Stake {
  return {
    amount: positive(Math.abs(impact)),
    basis: ANOMALY_BASIS[metric] ?? "the anomaly's money effect over its days",
  };
}

/** A product losing money: its loss over the period. */
export function lossStake(profit: number): Stake {
  return {
    amount: positive(-profit),
    basis: "the product's loss over the period (revenue − costs − fees − refunds − ad spend)",
  };
}

/**
 * Stock held beyond the cover it needs: the value at cost, times the share
 * of it that a year of storage fees and tied-up capital typically costs
 * (15%), for the months it would take to sell, capped at a year.
 */
export function agedStockStake(excessValueAtCost: number, monthsToSell: number): Stake {
  const months = Math.min(12, Math.max(1, monthsToSell));
  return {
    amount: positive(excessValueAtCost * 0.15 * (months / 12)),
    basis: "excess stock value at cost × 15% a year (storage fees and capital) × months to sell it (up to 12)",
  };
}

/** Declining reviews: the share of sales a lower rating costs (10% per star lost), over the period's revenue. */
export function reviewStake(periodRevenue: number, starsLost: number): Stake {
  return {
    amount: positive(periodRevenue * 0.1 * Math.max(0, starsLost)),
    basis: "the period's revenue × 10% per star of rating lost",
  };
}

/** A keyword or bid to raise: half its ad sales again, the usual gain of a bid step that wins more impressions. */
export function adGrowthStake(adSales: number, share = 0.5): Stake {
  return {
    amount: positive(adSales * share),
    basis: `the period's ad sales × ${Math.round(share * 100)}%: what winning more impressions at the same conversion adds`,
  };
}

/** Room to raise a price while holding the buy box: the period's units × the raise (half the gap, at most 5%). */
export function priceHeadroomStake(units: number, price: number, gapPct: number): Stake {
  const raise = Math.min(0.05, Math.max(0, gapPct / 100 / 2));
  return {
    amount: positive(units * price * raise),
    basis: "the period's units × price × the raise (half the gap to the next offer, at most 5%)",
  };
}

/** A catalog gap: a tenth of the competitors' estimated monthly revenue in the subcategory. */
export function catalogGapStake(monthlyRevenue: number): Stake {
  return {
    amount: positive(monthlyRevenue * 0.1),
    basis: "competitors' estimated monthly revenue in the subcategory × 10% (a new entrant's share)",
  };
}

/** A product that converts well on little traffic: the sales the category's usual traffic would bring. */
export function trafficGapStake(missingSessions: number, conversionRate: number, price: number): Stake {
  return {
    amount: positive(missingSessions * conversionRate * price),
    basis: "(category median sessions − its sessions) × its conversion rate × price, over the period",
  };
}

/** A cheaper landed offer on the listing: half the product's revenue is exposed. */
export function undercutStake(periodRevenue: number): Stake {
  return {
    amount: positive(periodRevenue * 0.5),
    basis: "the period's revenue × 50%: the share a cheaper landed offer typically takes",
  };
}

/** A new seller on the listing: an equal share of the listing's revenue. */
export function newSellerStake(periodRevenue: number, sellers: number): Stake {
  return {
    amount: positive(periodRevenue / Math.max(2, sellers + 1)),
    basis: "the period's revenue ÷ (offers + 1): an equal share for the new seller",
  };
}

/** A competitor's price move: the product's revenue × the size of the move. */
export function priceMoveStake(periodRevenue: number, changePct: number): Stake {
  return {
    amount: positive(periodRevenue * Math.min(1, Math.abs(changePct) / 100)),
    basis: "the period's revenue × the competitor's price change (percent)",
  };
}

/** Buy box share lost over the period: revenue × the points lost. */
export function buyBoxTrendStake(periodRevenue: number, pointsLost: number): Stake {
  return {
    amount: positive((periodRevenue * Math.max(0, pointsLost)) / 100),
    basis: "the period's revenue × buy box points lost ÷ 100",
  };
}

/** A mover: its revenue change against the previous period, like for like. */
export function moverStake(change: number): Stake {
  return {
    amount: positive(Math.abs(change)),
    basis: "the revenue change against the previous period of equal length",
  };
}

/** A best seller: its profit over the period (what keeping it in stock and advertised protects). */
export function bestSellerStake(profit: number): Stake {
  return { amount: positive(profit), basis: "the product's profit over the period" };
}

/** Fields many results share, and the kind of every metric's values. */
import type { Metric } from "../../core/understanding.js";
import { date, list, object, optional, text, type ValueKind } from "./shape.js";

/** What the answer says in words: every result ends with it. */
export const analysis = object({ summary: text, recommendation: text });

/** The days an answer covers. */
export const period = object({ start: date, end: date });

/** What the answer could not do as asked, in words. */
export const notes = optional(list(text));

/** The kind of each metric's values, for rows that name their metric (comparisons, alerts). */
export const METRIC_KINDS: Record<Metric, ValueKind> = {
  revenue: "money",
  units_sold: "count",
  orders: "count",
  profit: "money",
  profit_margin: "percent",
  refund_rate: "percent",
  review_rating: "number",
  review_count: "count",
  conversion_rate: "percent",
  sessions: "count",
  page_views: "count",
  organic_rank: "count",
  growth_rate: "percent",
  buy_box_percentage: "percent",
  price: "money",
  days_of_supply: "number",
  available_quantity: "count",
  inventory_value: "money",
  restock_quantity: "count",
  ad_spend: "money",
  ad_sales: "money",
  acos: "percent",
  tacos: "percent",
  roas: "ratio",
  clicks: "count",
  impressions: "count",
  ctr: "percent",
  cpc: "money",
  impression_share: "percent",
  fees: "money",
  referral_fees: "money",
  fba_fees: "money",
  storage_fees: "money",
  cost_of_goods: "money",
  payout: "money",
};

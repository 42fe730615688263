/** The results of the sales intents: summaries, comparisons, trends, rankings and product lists. */
import { analysis, notes, period } from "./common.js";
import {
  count,
  date,
  flag,
  identifier,
  list,
  measure,
  metric,
  money,
  nullable,
  number,
  object,
  oneOf,
  optional,
  percent,
  points,
  rating,
  ratio,
  shape,
  signed,
  text,
  type Fields,
  type ListOf,
} from "./shape.js";

/** The sales totals of a marketplace, category, product or all of them, in one currency. */
export const SALES_TOTALS = {
  revenue: money,
  units_sold: count,
  orders: count,
  profit: money,
  profit_margin: nullable(percent),
  refund_units: count,
  refund_rate: nullable(percent),
  sessions: count,
  conversion_rate: nullable(percent),
  ad_spend: money,
  tacos: nullable(percent),
  currency: text,
} as const;

/** A sales summary with its rows under `primary`: per marketplace, category or product. */
function salesSummaryBy<const K extends string, const R extends Fields>(primary: K, row: R) {
  const rows = { [primary]: list(object(row)) } as Record<K, ListOf<R>>;
  return shape(primary, { ...rows, totals: nullable(object(SALES_TOTALS)), currency: text, period, analysis });
}

export const SALES_BY_MARKETPLACE = salesSummaryBy("marketplaces", { marketplace: text, ...SALES_TOTALS });
export const SALES_BY_CATEGORY = salesSummaryBy("categories", {
  category: optional(text),
  subcategory: optional(text),
  ...SALES_TOTALS,
});
export const SALES_BY_PRODUCT = salesSummaryBy("products", { asin: identifier, ...SALES_TOTALS });

export const SALES_TREND = shape("series", {
  series: list(
    object({
      period: date,
      /** The bucket is cut by the period asked about or by the data: shown, never judged. */
      partial: flag,
      revenue: money,
      units_sold: count,
      orders: count,
      profit: optional(money),
      profit_margin: optional(nullable(percent)),
      refund_rate: nullable(percent),
      sessions: count,
      page_views: count,
      conversion_rate: nullable(percent),
      buy_box_percentage: nullable(percent),
      ad_spend: money,
      ad_sales: money,
      acos: nullable(percent),
      tacos: nullable(percent),
      roas: nullable(ratio),
      currency: text,
    }),
  ),
  metric: text,
  bucket: oneOf("day", "week", "month", "quarter"),
  currency: text,
  period,
  analysis,
});

export const SALES_COMPARISON = shape("comparison", {
  comparison: list(
    object({
      metric,
      current: nullable(measure),
      previous: nullable(measure),
      change: nullable(signed(measure)),
      change_pct: nullable(signed(percent)),
      /** The currency of money metrics, percentage_points for rates, count for the rest. */
      unit: text,
    }),
  ),
  drivers: list(
    object({
      asin: identifier,
      title: text,
      current_revenue: money,
      previous_revenue: money,
      change: signed(money),
      change_pct: nullable(signed(percent)),
      share_of_change: nullable(signed(points)),
      units_change: signed(count),
      currency: text,
    }),
  ),
  current_period: period,
  previous_period: period,
  currency: text,
  analysis,
});

export const TOP_PRODUCTS = shape("top_products", {
  top_products: list(
    object({
      asin: identifier,
      title: text,
      marketplace: text,
      units_sold: count,
      revenue: money,
      profit: money,
      profit_margin: nullable(percent),
      growth_rate: nullable(signed(percent)),
      orders: count,
      refund_rate: nullable(percent),
      conversion_rate: nullable(percent),
      ad_spend: money,
      acos: nullable(percent),
      currency: text,
    }),
  ),
  currency: text,
  period,
  metric: text,
  notes,
  analysis,
});

export const DECLINING_REVIEWS = shape("products", {
  products: list(
    object({
      asin: identifier,
      title: text,
      marketplace: text,
      rating_start: rating,
      rating_end: rating,
      rating_change: signed(rating),
      review_count: count,
      new_reviews: count,
      previous_new_reviews: count,
      // In percent, and shown as a plain number as it always was.
      review_flow_change: nullable(signed(number)),
      declining: flag,
    }),
  ),
  products_checked: count,
  period,
  analysis,
});

export const PROFIT_BY_CATEGORY = shape("categories", {
  categories: list(
    object({
      category: optional(text),
      subcategory: optional(text),
      products: count,
      units_sold: count,
      revenue: money,
      cost_of_goods: money,
      fees: money,
      // Money, shown as a plain number as it always was.
      refunds: number,
      ad_spend: money,
      profit: money,
      profit_margin: nullable(percent),
      currency: text,
    }),
  ),
  currency: text,
  period,
  analysis,
});

export const REFUND_ANALYSIS = shape("products", {
  products: list(
    object({
      asin: identifier,
      title: text,
      marketplace: text,
      units_sold: count,
      refund_units: count,
      refund_rate: nullable(percent),
      refund_amount: money,
      revenue: money,
      currency: text,
    }),
  ),
  overall_refund_rate: nullable(percent),
  currency: text,
  period,
  analysis,
});

/** Refunds asked "by category": each category's own sums and rate. */
export const REFUND_BY_CATEGORY = shape("categories", {
  categories: list(
    object({
      category: text,
      products: count,
      units_sold: count,
      refund_units: count,
      refund_rate: nullable(percent),
      refund_amount: money,
      revenue: money,
      currency: text,
    }),
  ),
  overall_refund_rate: nullable(percent),
  currency: text,
  period,
  analysis,
});

export const CONVERSION_ANALYSIS = shape("products", {
  products: list(
    object({
      asin: identifier,
      title: text,
      marketplace: text,
      sessions: count,
      page_views: count,
      units_sold: count,
      conversion_rate: nullable(percent),
      buy_box_percentage: nullable(percent),
      revenue: money,
      currency: text,
    }),
  ),
  overall_conversion_rate: nullable(percent),
  currency: text,
  period,
  analysis,
});

/** Conversion asked "by category": each category's own sessions, units and rate. */
export const CONVERSION_BY_CATEGORY = shape("categories", {
  categories: list(
    object({
      category: text,
      products: count,
      sessions: count,
      page_views: count,
      units_sold: count,
      conversion_rate: nullable(percent),
      revenue: money,
      currency: text,
    }),
  ),
  overall_conversion_rate: nullable(percent),
  currency: text,
  period,
  analysis,
});

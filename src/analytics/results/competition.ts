/** The results of the competition intents: prices against competitors, buy box, price changes, catalog gaps. */
import { analysis, notes, period } from "./common.js";
import {
  count,
  date,
  flag,
  identifier,
  list,
  money,
  nullable,
  object,
  percent,
  points,
  shape,
  signed,
  text,
} from "./shape.js";

export const COMPETITOR_PRICING = shape("products", {
  products: list(
    object({
      asin: identifier,
      title: text,
      marketplace: text,
      your_price: nullable(money),
      lowest_competitor_price: money,
      lowest_competitor: nullable(text),
      buy_box_winner: nullable(text),
      buy_box_price: nullable(money),
      price_gap: nullable(money),
      price_gap_pct: nullable(percent),
      competitors: count,
      undercut: flag,
      undercut_since: nullable(date),
      currency: text,
      date,
    }),
  ),
  analysis,
});

export const BUY_BOX_SHARE = shape("products", {
  products: list(
    object({
      asin: identifier,
      title: text,
      marketplace: text,
      buy_box_percentage: percent,
      previous_buy_box_percentage: nullable(percent),
      change: nullable(signed(points)),
      page_views: count,
      revenue: money,
      currency: text,
    }),
  ),
  overall_buy_box_percentage: nullable(percent),
  period,
  analysis,
});

export const PRICE_CHANGES = shape("changes", {
  changes: list(
    object({
      asin: identifier,
      title: text,
      marketplace: text,
      seller: text,
      date,
      previous_price: money,
      price: money,
      change: signed(money),
      change_pct: nullable(signed(percent)),
      your_price: nullable(money),
      below_your_price: flag,
      currency: text,
    }),
  ),
  period,
  notes,
  analysis,
});

export const CATALOG_GAPS = shape("gaps", {
  gaps: list(
    object({
      marketplace: text,
      category: text,
      subcategory: text,
      competitor_products: count,
      estimated_monthly_units: count,
      estimated_monthly_revenue: money,
      average_price: nullable(money),
      top_seller: nullable(text),
      your_products: count,
      currency: text,
    }),
  ),
  analysis,
});

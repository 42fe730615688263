/**
 * The benchmark's questions: one per intent, plus year-to-date and all-time
 * variants where a period applies. bench/answer.bench.mjs times them, and
 * `seller-ai migrate` compares their answers on the two copies of a mirror.
 */
import type { Intent } from "../core/understanding.js";

export interface BenchQuestion {
  /** The intent the question is meant to be understood as. */
  intent: Intent;
  question: string;
}

export const BENCH_QUESTIONS: readonly BenchQuestion[] = [
  { intent: "sales_summary", question: "how much did I sell last month" },
  { intent: "sales_summary", question: "total revenue year to date" },
  { intent: "sales_summary", question: "total revenue all time" },
  { intent: "sales_comparison", question: "this month vs last month" },
  { intent: "sales_comparison", question: "how are sales this year compared to last year" },
  { intent: "sales_trend", question: "daily sales for the last 90 days" },
  { intent: "sales_trend", question: "weekly revenue this year" },
  { intent: "sales_trend", question: "monthly revenue all time" },
  { intent: "top_products", question: "top 5 products by revenue last 30 days" },
  { intent: "top_products", question: "top 10 products by profit year to date" },
  { intent: "top_products", question: "best sellers of all time" },
  { intent: "declining_reviews", question: "which products have declining reviews" },
  { intent: "profit_margin_by_category", question: "profit margin by category last quarter" },
  { intent: "profit_margin_by_category", question: "profit margin by category year to date" },
  { intent: "refund_analysis", question: "which products have the highest refund rate" },
  { intent: "refund_analysis", question: "refund rate by product all time" },
  { intent: "conversion_analysis", question: "conversion rate by product last 30 days" },
  { intent: "stockout_risk", question: "what runs out in the next 2 weeks" },
  { intent: "inventory_value", question: "what is my inventory worth" },
  { intent: "restock_recommendations", question: "what should I restock" },
  { intent: "excess_inventory", question: "which products are overstocked" },
  { intent: "competitor_pricing", question: "how do my prices compare to competitors" },
  { intent: "catalog_gaps", question: "what categories are my competitors selling that I don't" },
  { intent: "buy_box_share", question: "buy box percentage by product last 30 days" },
  { intent: "price_changes", question: "recent competitor price changes" },
  { intent: "acos_by_campaign", question: "ACoS by campaign last 30 days" },
  { intent: "acos_by_campaign", question: "ACoS by campaign year to date" },
  { intent: "keyword_opportunities", question: "keyword opportunities" },
  { intent: "bid_recommendations", question: "bid recommendations to hit 25% ACoS" },
  { intent: "wasted_ad_spend", question: "wasted ad spend last 30 days" },
  { intent: "advertising_summary", question: "advertising summary year to date" },
  { intent: "advertising_summary", question: "total ad spend all time" },
  { intent: "help", question: "what can you do" },
  { intent: "refresh_data", question: "refresh my data" },
  { intent: "create_alert", question: "alert me when any product has under 14 days of supply" },
  { intent: "update_settings", question: "my target ACoS is 30%" },
];

// What an intent's chart shows when the question named no metric.
export const INTENT_METRIC: Partial<Record<string, string>> = {
  stockout_risk: "days_of_supply",
  restock_recommendations: "recommended_quantity",
  excess_inventory: "days_of_supply",
  inventory_value: "inventory_value",
  competitor_pricing: "price",
  buy_box_share: "buy_box_percentage",
  acos_by_campaign: "acos",
  keyword_opportunities: "conversion_rate",
  bid_recommendations: "recommended_bid",
  wasted_ad_spend: "ad_spend",
  refund_analysis: "refund_rate",
  conversion_analysis: "conversion_rate",
  declining_reviews: "review_rating",
  profit_margin_by_category: "profit_margin",
};

// Whose data a question is about, twenty-second set: a seller who writes English as a second language carries over
// more of their own language's seller words than the takings, conversion and payouts of the twenty-first set. Metrics
// ("lucro", "Gewinn", "crescimento", "Sitzungen", "zwroty", "Retourenquote", "pedidos", "Lagergebühren") are metric
// synonyms; the words of what is asked (stock and the warehouse, reordering, overstock and dead stock, advertising,
// bids, keywords, P&L, opportunities, risks, "notify me", alerts, safety stock and lead time, a star product, thanks
// and "and now") are a glossary put in English before the question is read. Each is what the English word asks, and
// a known foreign word must not make a question about the world look like the seller's: it stays refused.
// Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a metric in the seller's own language is that metric", () => {
  it.each([
    ["what was my beneficio in Italia last month", "sales_summary", { metrics: ["profit"], marketplace: "IT" }],
    ["vinst for the UK last week", "sales_summary", { metrics: ["profit"], marketplace: "UK" }],
    ["Zeig mir den Gewinn for last month", "sales_summary", { metrics: ["profit"], timeframe: "last_month" }],
    ["top 5 produits by bénéfice this year", "top_products", { metrics: ["profit"], limit: 5, sort: "desc" }],
    ["which SKU made the most zysk in October", "top_products", { metrics: ["profit"], sort: "desc" }],
    ["which produkty have the biggest wzrost this quarter", "top_products", { metrics: ["growth_rate"], sort: "desc" }],
    [
      "margen by category last month",
      "profit_margin_by_category",
      { metrics: ["profit_margin"], group_by: "category" },
    ],
    ["how many pedidos yesterday", "sales_summary", { metrics: ["orders"], timeframe: "yesterday" }],
    ["Bestellungen in Deutschland last week", "sales_summary", { metrics: ["orders"], marketplace: "DE" }],
    ["sesiones by asin last 14 days", "conversion_analysis", { metrics: ["sessions"], group_by: "asin" }],
    ["impresiones of my campaigns last week", "acos_by_campaign", { metrics: ["impressions"] }],
    [
      "which items have the most Rücksendungen this month",
      "refund_analysis",
      { metrics: ["refund_rate"], sort: "desc" },
    ],
    ["retours by product last month", "refund_analysis", { metrics: ["refund_rate"], group_by: "asin" }],
    ["return rate, i mean the tasa de devoluciones, for each product", "refund_analysis", { metrics: ["refund_rate"] }],
    ["Lagergebühren last quarter", "profit_breakdown", { metrics: ["storage_fees"], timeframe: "last_quarter" }],
    ["gasto publicitario last 30 days", "advertising_summary", { metrics: ["ad_spend"] }],
    ["In which products are the valoraciones falling?", "declining_reviews", { metrics: ["review_rating"] }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("stock, the warehouse, reordering and stock that does not sell, in the seller's own words", () => {
  it.each([
    ["what is my stan magazynowy today", "inventory_levels", { metrics: ["available_quantity"] }],
    ["how much voorraad do I have for Pet Supplies", "inventory_levels", { category: "Pet Supplies" }],
    ["how much estoque is left of each product", "inventory_levels", { group_by: "asin" }],
    ["what is going to end in the almacén in Alemania next 2 weeks", "stockout_risk", { marketplace: "DE" }],
    ["products with less than 10 days of Lagerreichweite", "stockout_risk", {}],
    ["which products to reponer first", "restock_recommendations", { metrics: ["restock_quantity"] }],
    ["what should I nachbestellen this week", "restock_recommendations", {}],
    ["riordinare: which products and how much", "restock_recommendations", {}],
    ["do I have overvoorraad somewhere", "excess_inventory", {}],
    ["list my Ladenhüter", "excess_inventory", {}],
    ["which produtos encalhados take the most space", "excess_inventory", {}],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("ads, bids, keywords, P&L and findings in the seller's own words", () => {
  it.each([
    ["Werbung spend last month", "advertising_summary", { metrics: ["ad_spend"], timeframe: "last_month" }],
    ["how much did I invest in ppc this month", "advertising_summary", { metrics: ["ad_spend"] }],
    ["show my pujas for the yoga campaign", "bid_recommendations", {}],
    ["which gebote should I lower to reach 25% ACoS", "bid_recommendations", { target_acos: 25 }],
    ["which palabras clave are wasting money", "wasted_ad_spend", {}],
    ["zoekwoorden with high ACoS", "acos_by_campaign", { group_by: "keyword" }],
    ["show me the pérdidas y ganancias for last month", "profit_breakdown", { timeframe: "last_month" }],
    ["winst en verlies by product this quarter", "profit_breakdown", { group_by: "asin" }],
    ["any risiken for my business this month", "insights", { insight_type: "risks" }],
    ["what are the biggest riscos in my account", "insights", { insight_type: "risks" }],
    ["opportunités in Beauty", "insights", { insight_type: "opportunities" }],
    ["fırsatlar for my products", "insights", { insight_type: "opportunities" }],
    ["my prodotto di punta this year", "top_products", { limit: 1, sort: "desc" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("alerts and settings in the seller's own words", () => {
  it.each([
    ["powiadom mnie when ACoS goes above 35%", "create_alert", {}],
    ["Notifícame if the refund rate of SO-YOGA-01 is over 8%", "create_alert", {}],
    ["show my alertas", "list_alerts", {}],
    ["delete all my Benachrichtigungen", "delete_alert", {}],
    ["set the sicherheitsbestand to 10 days", "update_settings", { settings: { safety_stock_days: 10 } }],
    ["put the stock de sécurité at 3 weeks", "update_settings", { settings: { safety_stock_days: 21 } }],
    ["change lieferzeit to 45 days", "update_settings", { settings: { lead_time_days: 45 } }],
    ["what is my tiempo de entrega", "show_settings", {}],
    ["show my einstellungen", "show_settings", {}],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("thanks and a follow-up's opening words in the seller's own language", () => {
  it.each([
    ["Danke schön, very helpful"],
    ["Gracias por la ayuda!"],
    ["Mange tak for hjælpen"],
    ["muito obrigado, you helped a lot"],
  ])("%j asks nothing and is refused as chit-chat", refused);
  it.each([
    [["revenue last week", "y ahora by marketplace"], "sales_summary", { group_by: "marketplace" }],
    [["orders this month", "und jetzt only Germany"], "sales_summary", { marketplace: "DE", metrics: ["orders"] }],
  ])("%j", (qs, intent, filters) => expectFrame(qs, { intent, filters }));
});

describe("neighbours keep their frames", () => {
  it.each([
    ["Tak, show me revenue for last week", "sales_summary", { metrics: ["revenue"] }],
    ["Gracias, what is my ACoS this month?", "advertising_summary", { metrics: ["acos"] }],
    ["set my lead time to 30 days", "update_settings", { settings: { lead_time_days: 30 } }],
    ["which bid should I use for yoga mat keyword", "bid_recommendations", {}],
    ["ROAS last month", "advertising_summary", { metrics: ["roas"] }],
    ["which reviews are falling", "declining_reviews", { metrics: ["review_rating"] }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it("an English word one letter from a foreign one is not read as it", () =>
    expect(understand("how deep is the Pacific ocean")).toBeUndefined());
});

describe("a question about the world stays refused, whatever language its seller words are in", () => {
  it.each([
    ["what is the Gewinn of Apple"],
    ["wie viel Gewinn macht Apple"],
    ["¿Cuál es el beneficio de Apple este año?"],
    ["was sind die Risiken von Bitcoin"],
    ["quel est le prix du pétrole aujourd'hui"],
    ["what is the best lager beer in Germany"],
    ["cuál es el mejor restaurante en Madrid"],
    ["Wie hoch ist die Inflation in Deutschland"],
  ])("%j is invalid_query", refused);
});

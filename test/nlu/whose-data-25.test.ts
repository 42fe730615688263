// Whose data a question is about, twenty-fifth set: a seller asking in their own English, Scots or a pidgin or creole
// (Nigerian and Cameroonian Pidgin, Singlish), asks what a seller writing standard English asks. Their function words
// ("the day" for today, "wi" for with, "gonnae", "dinnae", "no" for not; "wey" for that, "suppose" for should, "na"
// that puts the question first, "pass" for the most, "quick quick" for urgently, "lah") were unknown to the parser, so
// it refused the question or lost its period, comparison or follow-up. Those that are English words in another sense
// ("the day before", "wi-fi", "no sales", "NA", "Dem", "Fae", "which ones pass?") keep their frame: the tables at the
// end say so. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { withDialectWordsInEnglish } from "../../src/nlu/dialect-words.js";
import { withLearnerPhrasings } from "../../src/nlu/learner-english.js";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame } = frameChecks(FIXTURE_VOCABULARY);

describe("Scots: the day is today, wi is with, and the question is read as its English", () => {
  it.each([
    ["how many units hae I sold on amazon.co.uk the day", "sales_summary", { timeframe: "today", marketplace: "UK" }],
    ["revenue in France the day so far", "sales_summary", { timeframe: "today", marketplace: "FR" }],
    ["gie us the best 10 sellers in Germany last month", "top_products", { limit: 10, marketplace: "DE" }],
    ["can ye gie's my top 3 by profit this year", "top_products", { limit: 3, metrics: ["profit"] }],
    ["compare profit this month wi last month", "sales_comparison", { compare_to: "last_month" }],
    [
      "what's gonnae go oot o stock in Spain in the next 3 weeks",
      "stockout_risk",
      { marketplace: "ES", horizon_days: 21 },
    ],
    ["whit products are gonnae sell oot afore Christmas", "stockout_risk", {}],
    ["I dinnae ken which products are running low in Italy", "stockout_risk", { marketplace: "IT" }],
    ["hoo much did I make fae the UK last quarter", "sales_summary", { marketplace: "UK", timeframe: "last_quarter" }],
    ["the 5 items costing me the maist in fees last month", "profit_breakdown", { limit: 5, metrics: ["fees"] }],
    ["which products are no shifting in the German warehouse", "excess_inventory", { marketplace: "DE" }],
    ["d'ye ken how much ad spend I've got this month", "advertising_summary", { metrics: ["ad_spend"] }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a Scots follow-up keeps what it does not change", () => {
  it.each([
    [["orders in Germany last week", "aye, and whit aboot France"], "sales_summary", { marketplace: "FR" }],
    [["sales in Spain yesterday", "and fae Italy"], "sales_summary", { marketplace: "IT", timeframe: "yesterday" }],
    [
      ["revenue by month in Germany last quarter", "braw. noo switch it tae weekly"],
      "sales_trend",
      { marketplace: "DE" },
    ],
  ])("%j", (qs, intent, filters) => expectFrame(qs, { intent, filters }));
});

describe("Pidgin and Singlish: wey, suppose, na, pass, quick quick and the particles", () => {
  it.each([
    [
      "abeg, which 5 products I suppose reorder sharp sharp for UK",
      "restock_recommendations",
      { limit: 5, marketplace: "UK" },
    ],
    ["top 3 products wey I suppose restock quick quick for Germany", "restock_recommendations", { limit: 3 }],
    ["wetin be my profit for Germany last month", "sales_summary", { metrics: ["profit"], marketplace: "DE" }],
    ["how far oga, show me sales for France this week", "sales_summary", { marketplace: "FR", timeframe: "this_week" }],
    ["which item don finish for Spain warehouse", "stockout_risk", { marketplace: "ES" }],
    ["na which product sell pass for Germany this month?", "top_products", { limit: 1, sort: "desc" }],
    ["which campaign dey chop my money pass for US", "acos_by_campaign", { limit: 1 }],
    ["make I see my ad spend for last 7 days abeg", "advertising_summary", { timeframe: "last_7_days" }],
    ["I wan know my revenue for amazon.com yesterday", "sales_summary", { marketplace: "US", timeframe: "yesterday" }],
    ["you fit show me return rate for each product?", "refund_analysis", { group_by: "asin" }],
    ["can show me top 5 products by units this week or not", "top_products", { limit: 5, metrics: ["units_sold"] }],
    ["how much revenue I make last month lah", "sales_summary", { timeframe: "last_month" }],
    ["check am for me: units sold in France last week", "sales_summary", { metrics: ["units_sold"] }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it("a Singlish follow-up keeps the question before", () =>
    expectFrame(["sales for UK yesterday", "how about Germany lor"], {
      intent: "sales_summary",
      filters: { marketplace: "DE", timeframe: "yesterday" },
    }));
});

describe("words that are English in another sense keep their frame", () => {
  it.each([
    ["orders the day before yesterday", "sales_summary", { timeframe: "2026-11-19" }],
    ["show me the day with the most orders last month", "top_products", { timeframe: "last_month" }],
    ["the night before Black Friday sales", "sales_summary", { timeframe: "2025-11-28" }],
    ["what is the year to date revenue", "sales_summary", { timeframe: "year_to_date" }],
    ["is my wi-fi bill counted in fees", "profit_breakdown", { metrics: ["fees"] }],
    ["how far are we from running out of stock in Spain", "stockout_risk", { marketplace: "ES" }],
    ["how far ahead should I reorder", "restock_recommendations", {}],
    ["I am checking stock in France", "inventory_levels", { marketplace: "FR" }],
    ["units sold by Fae Beauty last month", "sales_summary", { category: "Beauty & Personal Care" }],
    ["Dem Home revenue last month", "sales_summary", { category: "Home & Kitchen" }],
    ["I suppose the sales in Germany were good last month?", "sales_summary", { marketplace: "DE" }],
    ["no more alerts please", "delete_alert", {}],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([
    [["sales in the UK last week", "no, last month"], { marketplace: "UK", timeframe: "last_month" }],
    [["revenue in Italy yesterday", "no, in France"], { marketplace: "FR", timeframe: "yesterday" }],
  ])("%j: a correction that starts with no", (qs, filters) => expectFrame(qs, { intent: "sales_summary", filters }));
});

describe("the dialect words are rewritten beside their neighbours only", () => {
  it.each([
    ["orders the day so far", "orders today so far"],
    ["compare last week wi the week before", "compare last week with the week before"],
    ["it's no selling in France", "it's not selling in France"],
    ["the product dem wey no sell", "the products that don't sell"],
    ["Na which product I lose the buy box pass for Italy?", "which product I lose the buy box most for Italy?"],
    ["e don finish?", "it has run out?"],
    ["make I see sales abeg", "let me see sales please"],
    ["can show top products or not lah", "can show top products"],
  ])("%j reads %j", (q, english) => expect(withLearnerPhrasings(q)).toBe(english));
  it.each([
    ["the day before yesterday"],
    ["sales on the day"],
    ["how did the year go"],
    ["what happened the day Prime Day started"],
    ["the day's orders"],
    ["in the now"],
    ["is my wi-fi bill a fee"],
    ["go to wi fi settings"],
    ["sales in Wisconsin WI"],
    ["products with no selling price"],
    ["there is no moving stock"],
    ["yes or no"],
    ["NA sales this month"],
    ["n/a values in my report"],
    ["Dem Home revenue"],
    ["did Fae's order ship"],
    ["what's my password"],
    ["which ones pass?"],
    ["which products passed 100 units"],
    ["a pass for the day"],
    ["I suppose the sales were good"],
    ["how far ahead should I reorder"],
    ["can you show me top products or not"],
    ["what does YE mean"],
    ["I am checking stock"],
    ["what's fit for Christmas"],
    ["Don sold"],
    ["make I/O faster"],
    ["e-commerce sales"],
    ["o'clock"],
  ])("%j stays as it is", (q) => expect(withDialectWordsInEnglish(q)).toBe(q));
});

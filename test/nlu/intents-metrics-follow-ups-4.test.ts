// Intents, metrics and follow-ups (classes from blind splits 40 to 42): the same question asked again with one change,
// one figure per period as a series, stock left lying or money stuck in it, ad spend called useless, prices someone
// moved, anything out of the normal, the top and bottom line, and money lost on a cost or by a product. Every phrasing
// is our own, none a held-out question.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { understand, expectFrame } = frameChecks();

describe("the same question again with one change keeps its intent", () => {
  it.each([
    [
      ["top 3 products by units in France last month", "the same but by revenue"],
      { intent: "top_products", filters: { metrics: ["revenue"], limit: 3, marketplace: "FR" } },
    ],
    [
      ["best 10 sellers by revenue this quarter", "same thing but according to units please"],
      { intent: "top_products", filters: { metrics: ["units_sold"], limit: 10 } },
    ],
    [
      ["daily revenue in Germany over the last 30 days", "same thing but for Spain"],
      { intent: "sales_trend", filters: { marketplace: "ES", group_by: "day" } },
    ],
    [
      ["how much should I send in for each product", "same question but for the French warehouse"],
      { intent: "restock_recommendations", filters: { marketplace: "FR" } },
    ],
    [
      ["what runs out in the next 3 weeks", "ok same again but just the German warehouses"],
      { intent: "stockout_risk", filters: { marketplace: "DE", horizon_days: 21 } },
    ],
  ])("%j", (questions, want) => expectFrame(questions, want));
  it("a place's warehouse alone is that place", () =>
    expectFrame(["how much should I reorder of each item", "what about the Italian warehouse?"], {
      intent: "restock_recommendations",
      filters: { marketplace: "IT" },
    }));
  it("the same again with a figure the question before cannot answer is that figure's question", () =>
    expect(understand("what runs out in the next 3 weeks", "same thing but for ACoS")?.intent).toBe(
      "advertising_summary",
    ));
});

describe("money paid out in a remittance's words, and its period changed after", () => {
  it.each([
    [["remittances from amazon.fr last quarter"], { intent: "payouts", filters: { marketplace: "FR" } }],
    [
      ["what got remitted from amazon.de in August?", "and July?"],
      { intent: "payouts", filters: { marketplace: "DE", timeframe: "2026-07" } },
    ],
    [["how much did Amazon pay me in May", "and June?"], { intent: "payouts", filters: { timeframe: "2026-06" } }],
  ])("%j", (questions, want) => expectFrame(questions, want));
});

describe("one figure per day, week, month or quarter is its series", () => {
  it.each([
    ["profit per quarter over the last 2 years", { metrics: ["profit"], group_by: "quarter" }],
    ["net profit by month across 2025", { metrics: ["profit"], group_by: "month", timeframe: "2025" }],
    ["units sold for every single day of October", { metrics: ["units_sold"], group_by: "day" }],
    ["orders each and every week this quarter", { metrics: ["orders"], group_by: "week" }],
    ["my margin month by month since January", { metrics: ["profit_margin"], group_by: "month" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "sales_trend", filters }));
  it.each([
    ["profit breakdown by quarter for 2025"],
    ["storage fees per month this year"],
    ["P&L by quarter for the last 2 years"],
    ["show me where my money went each quarter in 2025"],
  ])("%j, a P&L's lines per period, stays the P&L", (q) => expectFrame([q], { intent: "profit_breakdown" }));
});

describe("stock left lying for long is aged stock", () => {
  it.each([
    ["which items have been sitting at FBA for longer than 9 months"],
    ["stuff lying around in the warehouse for over a year"],
    ["show me what's stuck in storage since more than 200 days"],
  ])("%j", (q) => expectFrame([q], { intent: "excess_inventory" }));
  it("what is in the warehouse now is the stock levels", () =>
    expectFrame(["how many units are in the fba warehouse right now"], { intent: "inventory_levels" }));
});

describe("money stuck in stock is what the stock is worth", () => {
  it.each([
    ["how much cash is stuck in stock in France", { marketplace: "FR" }],
    ["how much capital have we got parked in inventory", {}],
    ["how much money do I have trapped in goods in Italy", { marketplace: "IT" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "inventory_value", filters }));
  it("money made is still sales", () =>
    expectFrame(["how much money did I make in Germany last week"], { intent: "sales_summary" }));
});

describe("ad spend called useless is wasted spend", () => {
  it.each([
    ["pointless ad spend in the UK last week"],
    ["show me the worthless clicks in Spain this month"],
    ["where is my useless spend going in France"],
  ])("%j", (q) => expectFrame([q], { intent: "wasted_ad_spend" }));
  it("ad spend alone is the advertising's total", () =>
    expectFrame(["total ad spend in Italy over the last 2 weeks"], { intent: "advertising_summary" }));
});

describe("a price someone moved is a price change", () => {
  it.each([
    ["did anyone cut the price on B0SOYOGA01 yesterday?", { asin: "B0SOYOGA01" }],
    ["has a competitor raised their prices on B0PSDOGT01 this month", { asin: "B0PSDOGT01" }],
    ["someone slashed the price of B0HKCOOK01 last week?", { asin: "B0HKCOOK01" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "price_changes", filters }));
  it("who is cheaper now is the prices, not their changes", () =>
    expectFrame(["who is selling B0SOYOGA01 cheaper than me"], { intent: "competitor_pricing" }));
});

describe("anything out of the normal is an anomaly", () => {
  it.each([
    ["was anything not normal in France yesterday?", { marketplace: "FR", timeframe: "yesterday" }],
    ["is something out of line in Spain this week", { marketplace: "ES" }],
    ["does anything look out of whack in Germany this month?", { marketplace: "DE" }],
    ["anything amiss in the US over the past 7 days", { marketplace: "US" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "anomalies", filters }));
  it("a figure asked plainly is the figure", () =>
    expectFrame(["what were sales in Poland this week"], { intent: "sales_summary" }));
});

describe("the top line is revenue and the bottom line profit", () => {
  it.each([
    ["what's the top line for October in Spain", "revenue"],
    ["how is my topline looking this month", "revenue"],
    ["how did the bottom-line look in Q3", "profit"],
  ])("%j", (q, metric) => expectFrame([q], { intent: "sales_summary", filters: { metrics: [metric] } }));
  it("the top products stay a ranking", () =>
    expectFrame(["top 3 products by units this month"], { intent: "top_products", filters: { limit: 3 } }));
});

describe("money lost on a cost is that cost; products not making money rank profit from the lowest", () => {
  it.each([
    ["am I bleeding cash on storage fees? what were they in Q3", "storage_fees"],
    ["are we losing money to referral fees this year", "referral_fees"],
  ])("%j", (q, metric) => expectFrame([q], { intent: "profit_breakdown", filters: { metrics: [metric] } }));
  it.each([
    ["which products don't make any money after fees, last 60 days"],
    ["which items are making a loss this quarter"],
    ["which listings aren't turning a profit once COGS comes off"],
    ["which products bleed money once you take out fees and COGS"],
  ])("%j", (q) => expectFrame([q], { intent: "profit_breakdown", filters: { metrics: ["profit"], sort: "asc" } }));
});

// Seller words and marketplace names from more languages, thirty-fifth set: sellers writing English as a second
// language carry words over from Swahili ("Ujerumani" for Germany, "bidhaa" for products, "mauzo" for sales, "malipo"
// for payments, "mwaka huu" for this year), Arabic said in Latin letters ("Masr" for Egypt, "Faransa", "Al-Imarat",
// "Saudia"), Russian written in Latin letters ("tovary", "vyplaty", "v proshlom mesyatse", "za vse vremya") and the
// Spanish of Latin America ("estrellas", "cambios de precio", "de cada semana", "actualizá"). Each means what its
// English twin means; these words were read as nothing (so the marketplace or period was lost), or a refusal.
// Neighbours: English phrasings nearby ("renew my subscription", "ads stop all the time", "sessions in DE") keep
// their frame. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("a marketplace named in Swahili, Arabic or Russian in Latin letters is the marketplace", () => {
  it.each([
    ["revenue in Ujerumani last month", "DE"],
    ["how many orders did I get from Ufaransa this week", "FR"],
    ["stock left in Uhispania warehouse", "ES"],
    ["my profit in Japani for october", "JP"],
    ["Uturuki sales this month", "TR"],
    ["what did I sell in Uholanzi last week", "NL"],
    ["how much I sell in Faransa last month", "FR"],
    ["orders in Amrika yesterday", "US"],
    ["revenue from Emarat this quarter", "AE"],
    ["Al-Imarat sales last 30 days", "AE"],
    ["Saudia: how many units sold this month", "SA"],
    ["profit in Al-Saudiya last month", "SA"],
    ["what are my fees in Masr", "EG"],
    ["top products in Almania by revenue", "DE"],
    ["orders from Uingereza this month", "UK"],
    ["returns in Marekani since january", "US"],
  ])("%j is %s", (q, marketplace) => expect(understand(q)?.filters.marketplace).toBe(marketplace));
});

describe("a period said in Swahili or Russian in Latin letters is the period", () => {
  it.each([
    ["revenue mwaka huu", "year_to_date"],
    ["orders mwezi huu", "this_month"],
    ["profit mwezi uliopita", "last_month"],
    ["units sold wiki hii", "this_week"],
    ["ad spend wiki iliyopita", "last_week"],
    ["how much revenue mwaka jana", "last_year"],
    ["revenue v etom godu", "year_to_date"],
    ["orders v proshlom mesyatse", "last_month"],
    ["sales na etoy nedele", "this_week"],
    ["give me total revenue za vse vremya", "all_time"],
    ["top 5 products for all the time", "all_time"],
    ["profit for all the time", "all_time"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
});

describe("seller words borrowed from Swahili, Russian or Spanish are the English words", () => {
  it.each([
    ["top 10 bidhaa by revenue this month", { intent: "top_products", filters: { limit: 10, metrics: ["revenue"] } }],
    [
      "which tovary have the best margin last month",
      { intent: "top_products", filters: { metrics: ["profit_margin"] } },
    ],
    ["mauzo last week", { intent: "sales_summary", filters: { timeframe: "last_week", metrics: ["revenue"] } }],
    [
      "how much mauzo in Marekani this year",
      { intent: "sales_summary", filters: { marketplace: "US", metrics: ["revenue"] } },
    ],
    ["malipo last month", { intent: "payouts", filters: { timeframe: "last_month" } }],
    ["when is my next malipo", { intent: "payouts" }],
    ["vyplaty for october", { intent: "payouts", filters: { timeframe: "2026-10" } }],
    ["how much vyplaty did amazon send this year", { intent: "payouts", filters: { timeframe: "year_to_date" } }],
    [
      "which products lost estrellas this quarter",
      { intent: "declining_reviews", filters: { metrics: ["review_rating"] } },
    ],
    ["bidhaa zangu losing estrellas in the last 60 days", { intent: "declining_reviews" }],
  ])("%j", (q, frame) => expectFrame([q], frame));
});

describe("price changes said in Spanish, Portuguese, French or Russian are the competitors' price changes", () => {
  it.each([
    ["cambios de precio last week", {}],
    ["any cambios de precios on my competitors this month", { timeframe: "this_month" }],
    ["show the mudanças de preço of competitors", {}],
    ["changements de prix of rivals for HK-UTEN-02", { sku: "HK-UTEN-02" }],
    ["izmeneniya tsen at competitors last 30 days", { timeframe: "last_30_days" }],
    ["were there cambios en el precio by the competition yesterday", { timeframe: "yesterday" }],
    ["alterações de preço in my category this week", { timeframe: "this_week" }],
    ["list the cambios de precio for SO-YOGA-01", { sku: "SO-YOGA-01" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "price_changes", filters }));
});

describe("each week, month or day said in Spanish or Swahili is a breakdown by it", () => {
  it.each([
    ["revenue de cada semana this quarter", "week"],
    ["orders cada semana last 2 months", "week"],
    ["units sold por semana last 3 months", "week"],
    ["profit de cada mes this year", "month"],
    ["sessions cada mes for 2025", "month"],
    ["revenue por día last 2 weeks", "day"],
    ["ad spend cada día this month", "day"],
    ["orders kila wiki last 2 months", "week"],
  ])("%j is by %s", (q, group_by) => expectFrame([q], { intent: "sales_trend", filters: { group_by } }));
});

describe("refresh said in Latin American Spanish or Russian is a refresh", () => {
  it.each([
    ["actualiza the numbers"],
    ["actualizá my data"],
    ["actualicen the data por favor"],
    ["actualiza the dashboard, it is old"],
    ["obnovi the data please"],
    ["pls actualize the figures"],
    ["can you actualizar the numbers"],
    ["actualizá los datos... I mean the data, nothing from today"],
  ])("%j", (q) => expectFrame([q], { intent: "refresh_data" }));
});

describe("greetings, thanks and please in Swahili, Arabic or Russian are courtesies", () => {
  it.each([
    ["jambo, revenue last month", { intent: "sales_summary", filters: { timeframe: "last_month" } }],
    ["privet! orders this week", { intent: "sales_summary", filters: { timeframe: "this_week" } }],
    ["habari, how many units did I sell yesterday", { intent: "sales_summary", filters: { timeframe: "yesterday" } }],
    ["revenue by marketplace, tafadhali", { intent: "sales_summary", filters: { group_by: "marketplace" } }],
    ["salam, what functions do you have", { intent: "help" }],
    ["hello, which capabilities you have?", { intent: "help" }],
  ])("%j", (q, frame) => expectFrame([q], frame));
  it.each([
    ["Asante sana, that helped me a lot"],
    ["asante sana"],
    ["shukran jazeelan for the numbers"],
    ["spasibo bolshoe, bye"],
  ])("%j only thanks", (q) => refused(q));
  it("thanks then a follow-up is still the follow-up", () =>
    expectFrame(["revenue in Germany last month", "asante sana, and what about Marekani?"], {
      intent: "sales_summary",
      filters: { marketplace: "US", timeframe: "last_month" },
    }));
});

describe("a learner's 'how much' before things counted one by one asks how many", () => {
  it.each([
    [
      "ostatki per category, how much units in each one",
      { intent: "inventory_levels", filters: { group_by: "category" } },
    ],
    ["stock by category, how much units", { intent: "inventory_levels", filters: { group_by: "category" } }],
    [
      "inventory per marketplace: how much units in each",
      { intent: "inventory_levels", filters: { group_by: "marketplace" } },
    ],
    ["how much units do I have in stock in Ujerumani", { intent: "inventory_levels", filters: { marketplace: "DE" } }],
    ["how much units did I sell mwezi uliopita", { intent: "sales_summary", filters: { metrics: ["units_sold"] } }],
    [
      "how much orders came wiki hii",
      { intent: "sales_summary", filters: { metrics: ["orders"], timeframe: "this_week" } },
    ],
    ["how much pieces sold in Masr last month", { intent: "sales_summary", filters: { marketplace: "EG" } }],
    ["how much sessions by week this quarter", { intent: "sales_trend", filters: { group_by: "week" } }],
  ])("%j", (q, frame) => expectFrame([q], frame));
  it.each([
    ["how much revenue did my products make last month", "revenue"],
    ["how much profit in Germany this year", "profit"],
  ])("%j still asks an amount (%s)", (q, metric) => expect(understand(q)?.filters.metrics?.[0]).toBe(metric));
});

describe("neighbours keep their frame", () => {
  it.each([["renew my subscription"], ["what is the weather in Masr tomorrow"]])("%j is refused", (q) => refused(q));
  it.each([["why do my ads stop all the time"], ["my buy box keeps dropping all the time, why"]])(
    "%j asks of no all-time period",
    (q) => expect(understand(q)?.filters.timeframe).not.toBe("all_time"),
  );
  it.each([
    ["sessions in DE last week", { intent: "conversion_analysis", filters: { marketplace: "DE" } }],
    ["revenue by week this quarter", { intent: "sales_trend", filters: { group_by: "week" } }],
    ["which products are losing stars? last 2 months", { intent: "declining_reviews" }],
    ["best sellers of all time", { intent: "top_products", filters: { timeframe: "all_time" } }],
    ["refresh the data", { intent: "refresh_data" }],
    ["Italia revenue last month", { intent: "sales_summary", filters: { marketplace: "IT" } }],
    ["top products in Egypt this year", { intent: "top_products", filters: { marketplace: "EG" } }],
  ])("%j", (q, frame) => expectFrame([q], frame));
});

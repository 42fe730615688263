// Whose data a question is about, twenty-seventh set: a seller writing English as a second language names periods,
// numbers and figures in the words of their own language, and means what the English words would. A period said as
// "heuer" (Austrian, Swiss and Bavarian German: this year), "letzte Woche", "el mes pasado" or "gestern" is that period;
// a month named in German (Austrian "Jänner", "Feber"), Dutch, French, Spanish, Portuguese, Italian, Polish, Nordic,
// Turkish or Czech is that month, and "since begin of" a month runs through today as "since the beginning of" it does.
// Belgian and Swiss French tens ("septante", "huitante", "nonante") are numbers; "auffällig" is unusual, "Kategorie" a
// category, a "return quote" the return rate, what "we sold for" the sales, the product "that more sells" the one that
// sells the most, and the seller's own "lager" whose worth or level is asked their stock. Their neighbours keep their
// frames: a month said in English, "since June", a beer called lager, "Mars" and "mayo" that are no month, what a
// product "sells for". Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a period said in the seller's own language is that period", () => {
  it.each([
    ["what profit did we make heuer in Germany", "year_to_date"],
    ["Heuer, how many units went out in the UK?", "year_to_date"],
    ["ad spend dieses Jahr on amazon.de", "year_to_date"],
    ["orders letzte Woche in France", "last_week"],
    ["how much revenue el mes pasado in Spain", "last_month"],
    ["refunds la semaine dernière", "last_week"],
    ["what were the sales gestern", "yesterday"],
    ["orders heute so far", "today"],
    ["profit questo mese in Italy", "this_month"],
    ["revenue vorige maand on amazon.nl", "last_month"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
  it.each([
    ["how did the storage fees go heuer", "profit_breakdown", { metrics: ["storage_fees"] }],
    ["Which Kategorie had the best margin heuer?", "profit_margin_by_category", { group_by: "category", limit: 1 }],
    ["monthly profit heuer, month for month", "sales_trend", { group_by: "month" }],
  ])("%j keeps its figure with the period", (q, intent, filters) =>
    expectFrame([q], { intent, filters: { timeframe: "year_to_date", ...filters } }),
  );
  // A period of last year said against this one is a comparison with it.
  it("this year against the year before, both in German", () =>
    expectFrame(["units heuer compared to vorjahr"], {
      intent: "sales_comparison",
      filters: { timeframe: "year_to_date" },
    }));
  // A watch brand holding the word is no period.
  it("TAG Heuer is a brand, not this year", () =>
    expect(understand("TAG Heuer revenue last month")?.filters.timeframe).toBe("last_month"));
});

describe("a month named in another language is that month", () => {
  it.each([
    ["What was the revenue in Jänner on amazon.de?", "2026-01"],
    ["orders in Feber", "2026-02"],
    ["profit during März in the UK", "2026-03"],
    ["how many returns in avril", "2026-04"],
    ["ad spend in maggio", "2026-05"],
    ["units sold in junho", "2026-06"],
    ["top products in juli", "2026-07"],
    ["refunds in août", "2026-08"],
    ["conversion in settembre", "2026-09"],
    ["sessions in październik", "2026-10"],
    ["sales in diciembre", "2025-12"],
    ["profit for settembre 2025", "2025-09"],
    ["revenue in mars", "2026-03"],
    ["orders in mayo", "2026-05"],
    ["units mai 2025", "2025-05"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
  it.each([
    ["revenue from Jänner to März", "2026-01-01..2026-03-31"],
    ["orders since octubre", "2026-10-01..2026-11-21"],
    ["sales from 1 marzo to 15 marzo", "2026-03-01..2026-03-15"],
    ["refunds on 15. Jänner", "2026-01-15"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
  it("two months in Dutch compared", () =>
    expectFrame(["revenue in oktober vs september"], {
      intent: "sales_comparison",
      filters: { timeframe: "2026-10", compare_to: "2026-09" },
    }));
  // A name that is also English or a product is a month only beside a word of a date.
  it.each([["revenue for mars bars this year"], ["how much mayo did we sell"], ["snickers and mars revenue"]])(
    "%j names no month",
    (q) => expect(understand(q)?.filters.timeframe).not.toMatch(/^2026-0[35]/),
  );
});

describe('"since begin of" a month runs from its first day through today', () => {
  it.each([
    ["profit since begin of August", "2026-08-01..2026-11-21"],
    ["orders in Germany since the begin of October", "2026-10-01..2026-11-21"],
    ["how many units since begin of März", "2026-03-01..2026-11-21"],
    // As English says them, unchanged.
    ["revenue since June", "2026-06-01..2026-11-21"],
    ["revenue since the beginning of September", "2026-09-01..2026-11-21"],
    ["revenue in June", "2026-06"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
  it.each([
    ["revenue since begin of the year", "year_to_date"],
    ["ad spend since begin of the month", "this_month"],
  ])("%j is the running period %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
});

describe("Belgian and Swiss French tens are numbers", () => {
  it.each([
    ["which listings win the buy box less than septante percent of the time", "buy_box_percentage", "<", 70],
    ["products with conversion below nonante percent", "conversion_rate", "<", 90],
    ["campaigns with acos above huitante percent", "acos", ">", 80],
    ["buy box under octante-cinq percent", "buy_box_percentage", "<", 85],
    ["products with a margin under septante deux percent", "profit_margin", "<", 72],
  ])("%j", (q, metric, op, value) =>
    expect(understand(q)?.filters.conditions).toEqual(expect.arrayContaining([{ metric, op, value }])),
  );
});

describe("seller figures in the seller's words", () => {
  it.each([
    ["Did anything auffällig happen with my refunds last week?", "anomalies"],
    ["something opvallend in the UK this month?", "anomalies"],
    ["anything ungewöhnlich in the ad spend yesterday", "anomalies"],
  ])("%j asks what is unusual", (q, intent) => expectFrame([q], { intent }));
  it.each([
    ["which ASINs have the worst return quote in Germany", "refund_analysis", "refund_rate"],
    ["refund quote by product last month", "refund_analysis", "refund_rate"],
    ["what is our conversion quote this week", "conversion_analysis", "conversion_rate"],
  ])("%j is the rate", (q, intent, metric) => expectFrame([q], { intent, filters: { metrics: [metric] } }));
  it.each([
    ["Kategorien with the lowest margin in France", "profit_margin_by_category"],
    ["margin per categoria last quarter", "profit_margin_by_category"],
  ])("%j is by category", (q, intent) => expectFrame([q], { intent, filters: { group_by: "category" } }));
});

describe("what the seller sold for is the sales; what a product sells for is its price", () => {
  it.each([
    ["what did I sell for in France last month", { marketplace: "FR", timeframe: "last_month" }],
    ["Hej, what did we sell for this week, everything together?", { timeframe: "this_week" }],
  ])("%j is revenue", (q, filters) =>
    expectFrame([q], { intent: "sales_summary", filters: { metrics: ["revenue"], ...filters } }),
  );
  it.each([["what does the yoga mat sell for"], ["what did the yoga mat sell for last month"]])(
    "%j is the price",
    (q) => expect(understand(q)?.filters.metrics?.[0]).toBe("price"),
  );
});

describe('the product "that more sells" is the one that sells the most', () => {
  it.each([
    ["which is the article that more sold in Germany last month", { marketplace: "DE", timeframe: "last_month" }],
    ["what product more sells in Pet Supplies since May", { category: "Pet Supplies" }],
    ["which is the listing that more earns in the UK", { marketplace: "UK" }],
  ])("%j is one row", (q, filters) =>
    expectFrame([q], { intent: "top_products", filters: { limit: 1, sort: "desc", ...filters } }),
  );
  it("the more sold products are several, the best sellers", () =>
    expectFrame(["the more sold products this year"], { intent: "top_products", filters: { sort: "desc" } }));
});

describe("the seller's own lager whose worth or level is asked is their stock", () => {
  it.each([
    ["how much is our whole lager worth right now", "inventory_value"],
    ["what's the value of my lager at cost", "inventory_value"],
    ["the lager levels in Germany", "inventory_levels"],
    ["how many units of the yoga mat are on lager", "inventory_levels"],
  ])("%j is %s", (q, intent) => expectFrame([q], { intent }));
  // A beer seller's lager is their product: what it sold stays a sales question.
  it.each([["lager sales last month"], ["how much lager did we sell in October"]])("%j is sales", (q) =>
    expectFrame([q], { intent: "sales_summary" }),
  );
});

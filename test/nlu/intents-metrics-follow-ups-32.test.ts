// Replies and requests for findings, thirty-second set, and marketplaces named in more languages. A seller's reply
// asks what is still to do about the rows just shown ("what quantities do I need to ship to cover them" after the
// products running out in a country: the restock there, not the stock held); a seller announcing a new subject
// ("ok unrelated, …", "side question: …", "otra pregunta: …") keeps nothing of the question before; a depth asked of
// how the whole account went ("the comprehensive version of how the account performed") is the performance findings,
// since only findings come in depths; how exact the answer must be ("ballpark's fine", "doesn't need to be exact")
// asks for nothing. Sellers name their marketplace in their own language: Vietnamese (Mỹ, Đức, Pháp, Nhật Bản, Tây
// Ban Nha, Anh), Azerbaijani (Türkiyə, Almaniya, ABŞ), Lithuanian (Vokietijoje, Jungtinė Karalystė), Romanian
// (Marea Britanie, Franța); the short Vietnamese ones are English words without their marks ("my", "y", "bi"), so
// they count only with their marks, and "Anh" only where a place stands. The neighbours keep their frames: sales
// shipped in the past, stock held now, a follow-up without an announcement, a figure asked "in detail", a seller's
// "my", cosmetics (mỹ phẩm) and a person called Anh. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a quantity still to send in, asked of the rows just shown, is their restock there", () => {
  it.each([
    [
      "which products will run out in the next month in Germany",
      "how many units do I need to send in to cover them",
      "DE",
    ],
    ["what's about to stock out in the UK", "so what quantities should we ship for those", "UK"],
    ["stockout risk in France for the next 3 weeks", "how much stock do we have to order for them then", "FR"],
    ["which SKUs are running low in Italy", "what qty do I need to reorder for these", "IT"],
    ["what will run out in the US within 2 weeks", "ok and how many of each should I send over", "US"],
    ["products at risk of stocking out in Canada", "right, what amounts do we need to ship in to cover those", "CA"],
    ["which items run out first in Spain", "what volumes should I be sending in for them", "ES"],
    ["what's going out of stock soon in Japan", "and what quantities must I order to keep them in stock", "JP"],
  ])("%j then %j", (context, q, marketplace) =>
    expectFrame([context, q], {
      intent: "restock_recommendations",
      filters: { marketplace, metrics: ["restock_quantity"] },
    }),
  );
  it.each([
    ["how many units do I need to send to FBA for the yoga mats"],
    ["what quantity should I reorder of SO-YOGA-01"],
  ])("%j asks for the restock", (q) => expectFrame([q], { intent: "restock_recommendations" }));
});

describe("neighbours: what was shipped, and what is held, stay sales and stock", () => {
  it("units shipped last month are sales", () =>
    expectFrame(["how many units did we ship last month in Germany"], {
      intent: "sales_summary",
      filters: { marketplace: "DE", metrics: ["units_sold"] },
    }));
  it("units left are the stock held", () =>
    expectFrame(["how many units do I have left in Spain"], {
      intent: "inventory_levels",
      filters: { marketplace: "ES" },
    }));
  it.each([
    ["top 5 products by revenue in Germany last month", "what's the refund rate on them", "refund_analysis"],
    ["which products will stock out within 3 weeks in spain", "are any of them overstocked", "excess_inventory"],
    ["which products are overstocked in Italy", "how much are those worth", "inventory_value"],
  ])("%j then %j is %s, in the same place", (context, q, intent) =>
    expect(understand(context, q)?.intent).toBe(intent),
  );
});

describe("a new subject announced keeps nothing of the question before", () => {
  it.each([
    ["top 5 products by revenue in Germany last month", "ok unrelated, what did amazon pay out this month", "payouts"],
    ["best sellers in the UK this quarter", "side question: what about refunds this month", "refund_analysis"],
    [
      "which products will run out in France",
      "totally unrelated but what about my ad spend yesterday",
      "advertising_summary",
    ],
    ["top 3 campaigns by ACoS in Italy last week", "off topic - what about payouts last month", "payouts"],
    ["worst 5 products by margin in Canada", "random question: and the refund rate this month?", "refund_analysis"],
    ["stock levels in Mexico", "quick side q - how much did I spend on ads this week", "advertising_summary"],
    ["top 3 products by units in France last quarter", "otra pregunta: what about payouts this month", "payouts"],
    ["top 3 products by units in France last quarter", "andere Frage - and refunds last week?", "refund_analysis"],
    [
      "top 10 products by units in Japan last month",
      "on a different note, what about inventory value",
      "inventory_value",
    ],
  ])("%j then %j", (context, q, intent) => {
    const u = understand(context, q);
    expect(u?.intent).toBe(intent);
    expect(u?.filters.marketplace).toBeUndefined();
    expect(u?.filters.limit).toBeUndefined();
    expect(u?.filters.sort).toBeUndefined();
  });
});

describe("neighbours: a follow-up without an announcement keeps the place", () => {
  it.each([
    ["top 3 products by units in France last quarter", "ok so what about refunds this month", "FR"],
    ["top 3 products by units in France last quarter", "are the refunds there unrelated to the price change", "FR"],
    ["top 3 products by units in France last quarter", "and in Germany?", "DE"],
  ])("%j then %j keeps %s", (context, q, marketplace) =>
    expect(understand(context, q)?.filters.marketplace).toBe(marketplace),
  );
});

describe("how the whole account went, asked at a depth, is the performance findings", () => {
  it.each([
    ["a detailed write-up of how the business did last quarter", "detailed", "last_quarter"],
    ["in depth please: how did our store perform in August", "detailed", "2026-08"],
    [
      "the full picture of how we fared this year, I'm drafting the shareholder letter",
      "comprehensive",
      "year_to_date",
    ],
    ["how did the account go last week? thorough version please", "detailed", "last_week"],
    ["give me everything on how my shop performed in October", "comprehensive", "2026-10"],
    ["I want a deep dive into how the brand did over the last 90 days", "detailed", "last_90_days"],
    ["brief summary of how the company performed yesterday", "summary", "yesterday"],
    ["short version of how we did this week", "summary", "this_week"],
  ])("%j", (q, detail_level, timeframe) =>
    expectFrame([q], {
      intent: "insights",
      filters: { insight_type: "performance", detail_level, timeframe },
    }),
  );
});

describe("neighbours: without a depth, or with a figure named, it is the figure's answer", () => {
  it("how we did, plainly, is the sales total", () =>
    expectFrame(["how did we do in Q2"], { intent: "sales_summary", filters: { timeframe: "2026-Q2" } }));
  it("profit named, in detail, is the profit", () =>
    expectFrame(["how did my shop do on profit last month, in detail"], {
      intent: "sales_summary",
      filters: { metrics: ["profit"] },
    }));
  it("a monthly sales report is revenue month by month", () =>
    expectFrame(["monthly sales report for this year"], { intent: "sales_trend", filters: { group_by: "month" } }));
  it("a monthly investor newsletter the figure goes into is no breakdown by month", () => {
    const u = understand("revenue this year, it goes in the monthly investor newsletter");
    expect(u?.intent).toBe("sales_summary");
    expect(u?.filters.group_by).toBeUndefined();
  });
  it("a depth asked of a sports match is refused", () =>
    expect(understand("give me a detailed account of how the match went")).toBeUndefined());
});

describe("how exact the answer must be asks for nothing", () => {
  it.each([
    ["orders in Canada last week, ballpark's fine", "sales_summary", "orders"],
    ["ballpark's fine - what did we make in profit last quarter", "sales_summary", "profit"],
    ["units sold on amazon.de this month, a rough number is ok", "sales_summary", "units_sold"],
    ["how much did I spend on ads in October? doesn't need to be exact", "advertising_summary", "ad_spend"],
    ["refunds in the UK last month, no need to be precise", "refund_analysis", "refund_rate"],
    ["payouts this year, an estimate's fine", "payouts", "payout"],
    ["revenue for Q3 - approximate is good enough", "sales_summary", "revenue"],
    ["sessions yesterday (round numbers are fine)", "conversion_analysis", "sessions"],
    ["ad sales in Spain this week, más o menos está bien", "advertising_summary", "ad_sales"],
    ["Umsatz in Germany last month, grob reicht", "sales_summary", "revenue"],
  ])("%j", (q, intent, metric) => expectFrame([q], { intent, filters: { metrics: [metric] } }));
});

describe("neighbours: 'roughly' and an estimate inside the question keep their frames", () => {
  it("roughly how much I sold is the sales total", () =>
    expectFrame(["roughly how much did I sell last week"], {
      intent: "sales_summary",
      filters: { timeframe: "last_week" },
    }));
  it("a rough estimate of the stock's worth is its value", () =>
    expectFrame(["what's a rough estimate of my stock value"], { intent: "inventory_value" }));
  it("whether ACoS is good enough is the ACoS", () =>
    expectFrame(["is my ACoS good enough"], { intent: "advertising_summary", filters: { metrics: ["acos"] } }));
  it("an estimate of next month's sales is a forecast, refused", () =>
    expect(understand("estimate my sales for next month")).toBeUndefined());
});

describe("a marketplace named in Vietnamese, Azerbaijani, Lithuanian or Romanian is that marketplace", () => {
  it.each([
    ["Türkiyədə top 5 products by revenue last month", "TR"],
    ["sales in Almaniya this week", "DE"],
    ["refund rate Fransada last month", "FR"],
    ["ABŞ market units sold yesterday", "US"],
    ["best sellers in Böyük Britaniya this quarter", "UK"],
    ["revenue in İtaliyada last month", "IT"],
    ["orders from Vokietija last week", "DE"],
    ["top 3 products in Prancūzijoje by profit", "FR"],
    ["stock levels in Ispanijoje", "ES"],
    ["units sold in Jungtinė Karalystė this month", "UK"],
    ["ad spend in Marea Britanie last week", "UK"],
    ["revenue in Franța yesterday", "FR"],
    ["top products in Spania this year", "ES"],
    ["sales in Mỹ last week", "US"],
    ["top 5 products in Đức by units last month", "DE"],
    ["refunds in Pháp this month", "FR"],
    ["orders in Nhật Bản yesterday", "JP"],
    ["ad spend in Tây Ban Nha last week", "ES"],
    ["revenue Anh market this quarter", "UK"],
    ["stock in Ý", "IT"],
    ["sales in Úc last month", "AU"],
    ["how are sales in Hà Lan this month", "NL"],
    ["orders from Ấn Độ last week", "IN"],
    ["payouts in Bỉ last month", "BE"],
    ["my acos in Thụy Điển last month", "SE"],
  ])("%j is %s", (q, marketplace) => expect(understand(q)?.filters.marketplace).toBe(marketplace));
});

describe("neighbours: the same letters as a word, a product or a person name no marketplace", () => {
  it.each([
    ["mỹ phẩm sales last month"],
    ["in my shop what sold best last month"],
    ["send the report to Anh, revenue last week"],
    ["how many abs rollers did I sell last month"],
    ["ý kiến: what were my sales last week"],
  ])("%j", (q) => {
    const u = understand(q);
    expect(u).toBeDefined();
    expect(u?.filters.marketplace).toBeUndefined();
  });
});

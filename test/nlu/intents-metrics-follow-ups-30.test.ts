// Words of discourse around a request, thirtieth set: sellers write as they talk, and put an interjection, a word of
// agreement or urging, a hesitation, a greeting or a tag before or after what they ask, in their own language ("hmm",
// "eh", "endaxi", "ajde", "yalla", "mela", "tamam", "sweet as", "ntaxi?", "re?", "brate", "sæl"). They ask nothing:
// the request is read as without them, and a follow-up still follows the question before (left in, an unknown word
// counted as a word of a new question, and "endaxi. and profit?" lost the comparison it followed). With them, the
// same sellers follow up in their own grammar: a country named in its Croatian, Serbian or Bosnian locative ("a u
// Italiji?"), "same product" without its article, a ranking put as a supposition ("and if we count by profit?"), a
// count after a marketplace closes the sentence ("…on amazon.de? give me 5"), "total" said of a list of ad figures,
// and a setting named first and taken up by "it" ("the ACoS target I want it 18%"). Words that make a reply a
// correction ("no, I meant units"), English words that are only sometimes particles, and an afterthought that opens a
// question of its own keep their frames. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

const TOP_UNITS_ES = "top 3 products by units in Spain this month";
const TOP_UNITS_ES_FRAME = { timeframe: "this_month", limit: 3, sort: "desc" };

describe("a word of discourse before or after a follow-up keeps the question before", () => {
  it.each([
    ["endaxi, and by revenue?", { ...TOP_UNITS_ES_FRAME, marketplace: "ES", metrics: ["revenue"] }],
    ["hmm and by revenue eh", { ...TOP_UNITS_ES_FRAME, marketplace: "ES", metrics: ["revenue"] }],
    ["ela re, by revenue", { ...TOP_UNITS_ES_FRAME, marketplace: "ES", metrics: ["revenue"] }],
    ["yalla. what about France?", { ...TOP_UNITS_ES_FRAME, marketplace: "FR", metrics: ["units_sold"] }],
    ["tamam tamam, and in Poland?", { ...TOP_UNITS_ES_FRAME, marketplace: "PL", metrics: ["units_sold"] }],
    ["and in Poland, brate?", { ...TOP_UNITS_ES_FRAME, marketplace: "PL", metrics: ["units_sold"] }],
    ["sweet as bro. last month?", { limit: 3, marketplace: "ES", timeframe: "last_month", metrics: ["units_sold"] }],
    ["achha, and in Germany?", { ...TOP_UNITS_ES_FRAME, marketplace: "DE", metrics: ["units_sold"] }],
    ["ehm... last week instead", { limit: 3, marketplace: "ES", timeframe: "last_week", metrics: ["units_sold"] }],
    ["vabbè, by profit then", { ...TOP_UNITS_ES_FRAME, marketplace: "ES", metrics: ["profit"] }],
    ["naja, and Italy?", { ...TOP_UNITS_ES_FRAME, marketplace: "IT", metrics: ["units_sold"] }],
    ["choice, and France?", { ...TOP_UNITS_ES_FRAME, marketplace: "FR", metrics: ["units_sold"] }],
    ["and in France, hein?", { ...TOP_UNITS_ES_FRAME, marketplace: "FR", metrics: ["units_sold"] }],
  ])("%j after a top-3 list", (q, filters) => expectFrame([TOP_UNITS_ES, q], { intent: "top_products", filters }));
  it.each([
    ["hmm daily would be nicer eh", "day"],
    ["mmm, by month instead, yaar", "month"],
  ])("%j regroups the chart before", (q, group_by) =>
    expectFrame(["weekly revenue this quarter as a chart", q], {
      intent: "sales_trend",
      filters: { timeframe: "this_quarter", group_by, metrics: ["revenue"] },
    }),
  );
  it.each([
    ["ajde, and ROAS?", "roas"],
    ["ok mela. and the TACoS?", "tacos"],
  ])("%j compares the same months", (q, metric) =>
    expectFrame(["how did my ACoS compare this month against last month", q], {
      intent: "sales_comparison",
      filters: { timeframe: "this_month", compare_to: "last_month", metrics: [metric] },
    }),
  );
});

describe("a word of discourse around a request of its own changes nothing", () => {
  it.each([
    ["hmm what were my orders in the UK yesterday", "sales_summary", { marketplace: "UK", timeframe: "yesterday" }],
    ["what were my orders in the UK yesterday eh?", "sales_summary", { marketplace: "UK", metrics: ["orders"] }],
    ["ntaxi, how much profit did I make in September?", "sales_summary", { timeframe: "2026-09", metrics: ["profit"] }],
    ["how much profit did I make in September, re?", "sales_summary", { timeframe: "2026-09", metrics: ["profit"] }],
    ["ajde, which campaigns wasted the most money last month?", "acos_by_campaign", { timeframe: "last_month" }],
    ["yalla show me the stock of SO-YOGA-01 in Germany", "inventory_levels", { sku: "SO-YOGA-01", marketplace: "DE" }],
    ["sæl, which products will run out in the next 2 weeks?", "stockout_risk", { horizon_days: 14 }],
    ["how many units of HK-UTEN-02 are left in France brate", "inventory_levels", { sku: "HK-UTEN-02" }],
    ["endaxi. what's my TACoS this quarter?", "advertising_summary", { timeframe: "this_quarter", metrics: ["tacos"] }],
    ["tamam, set lead time to 45 days", "update_settings", { settings: { lead_time_days: 45 } }],
    ["the TACoS for last week, innit", "advertising_summary", { timeframe: "last_week", metrics: ["tacos"] }],
    [
      "what are my fees in Italy this month? vallahi",
      "profit_breakdown",
      { marketplace: "IT", timeframe: "this_month" },
    ],
    ["theek hai, payouts for October?", "payouts", { timeframe: "2026-10" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a country in its Croatian, Serbian or Bosnian locative moves the question before there", () => {
  const before = "revenue by product in the UK last week";
  it.each([
    ["a u Njemačkoj?", "DE"],
    ["a u Nemačkoj?", "DE"],
    ["i u Italiji?", "IT"],
    ["a u Španjolskoj?", "ES"],
    ["a u Spaniji?", "ES"],
    ["a u Nizozemskoj?", "NL"],
    ["a u Poljskoj?", "PL"],
    ["a u Švedskoj?", "SE"],
    ["a u Kanadi?", "CA"],
    ["a u Japanu?", "JP"],
    ["a u Turskoj?", "TR"],
    ["a u Belgiji?", "BE"],
    ["a u Irskoj?", "IE"],
    ["a u Meksiku?", "MX"],
    ["a u Saudijskoj Arabiji, brate?", "SA"],
    ["ajde a u Australiji?", "AU"],
  ])("%j is %s", (q, marketplace) =>
    expectFrame([before, q], { intent: "sales_summary", filters: { marketplace, timeframe: "last_week" } }),
  );
});

describe("'same product' without its article points at the product before", () => {
  const stock = "how many days of stock does PS-DOGT-01 have in Spain";
  it.each([
    ["Italy? same item", "IT"],
    ["same product but in the UK", "UK"],
    ["in Germany, same sku", "DE"],
    ["same product, amazon.fr", "FR"],
    ["and Poland? same product please", "PL"],
    ["same sku, ali u Italiji", "IT"],
  ])("%j asks the stock of the same SKU in %s", (q, marketplace) =>
    expectFrame([stock, q], {
      intent: "inventory_levels",
      filters: { sku: "PS-DOGT-01", marketplace, metrics: ["days_of_supply"] },
    }),
  );
  it.each([
    ["Canada, same product", "CA"],
    ["same item - u Kanadi?", "CA"],
  ])("%j asks the refund rate of the same ASIN in %s", (q, marketplace) =>
    expectFrame(["what's the refund rate of B0SOYOGA01 in the US this year", q], {
      intent: "refund_analysis",
      filters: { asin: "B0SOYOGA01", marketplace, metrics: ["refund_rate"] },
    }),
  );
  it("'same products' of a list is the list again, no single product", () => {
    const u = understand("top 5 products by revenue in the US last month", "and in Canada? same products");
    expect(u?.intent).toBe("top_products");
    expect(u?.filters).toMatchObject({ marketplace: "CA", limit: 5 });
    expect(u?.filters.asin).toBeUndefined();
  });
});

describe("a ranking put as a supposition or a way of counting re-ranks the list before", () => {
  const top = "top 10 products by revenue in Germany this year";
  it.each([
    ["and if we count by units?", "units_sold"],
    ["what if I rank them by profit?", "profit"],
    ["counting by orders?", "orders"],
    ["ok, going by margin?", "profit_margin"],
    ["and if you sort them by units", "units_sold"],
    ["measured by profit then?", "profit"],
    ["and in terms of units?", "units_sold"],
    ["so if we look at orders?", "orders"],
    ["based on profit?", "profit"],
  ])("%j ranks by %s", (q, metric) =>
    expectFrame([top, q], {
      intent: "top_products",
      filters: { marketplace: "DE", timeframe: "year_to_date", limit: 10, metrics: [metric] },
    }),
  );
});

describe("a count after a marketplace closes the sentence is how many rows, not a payout", () => {
  it.each([
    ["which products should I reorder on amazon.de? give me 5", "restock_recommendations", "DE", 5],
    ["what are my best sellers in the UK? give me 10", "top_products", "UK", 10],
    ["which listings get the most returns in France? give me just 3", "refund_analysis", "FR", 3],
    ["top products on amazon.es this month? give me two", "top_products", "ES", 2],
    ["which campaigns are burning cash in Canada? give me 4 of them", "acos_by_campaign", "CA", 4],
    ["which items will run out first in Japan? give me 3 only", "stockout_risk", "JP", 3],
    ["which products in Italy make the least profit? give me 5 products", "top_products", "IT", 5],
    ["worst sellers on amazon.co.uk last month? give me 3", "top_products", "UK", 3],
  ])("%j", (q, intent, marketplace, limit) => expectFrame([q], { intent, filters: { marketplace, limit } }));
  it.each([
    ["how much did amazon.de pay me last month", "DE"],
    ["how much did amazon.fr transfer to us this year", "FR"],
  ])("%j is still a payout", (q, marketplace) => expectFrame([q], { intent: "payouts", filters: { marketplace } }));
  it("what Amazon gave the seller is still a payout", () =>
    expect(understand("what did amazon give me in October")?.intent).toBe("payouts"));
});

describe("'total' before ACoS and TACoS is said of both", () => {
  it.each([
    ["total ACoS and TACoS for last week"],
    ["what's my total ACoS & TACoS this month?"],
    ["total acos plus tacos in Germany this quarter"],
    ["show total ACoS, TACoS for September"],
    ["the total ACoS and TACoS across all campaigns last month"],
    ["total acos and t-acos yesterday"],
    ["my total ACoS and total advertising cost of sales for 2025"],
    ["total ACoS and TACoS by month this year"],
  ])("%j names ACoS and TACoS", (q) => expect(understand(q)?.filters.metrics).toEqual(["acos", "tacos"]));
  it.each([
    ["what's my total ACoS this month?", ["tacos"]],
    ["total ACoS for last week", ["tacos"]],
    ["total ACoS and ROAS for September", ["tacos", "roas"]],
  ])("%j alone, total ACoS is still TACoS", (q, metrics) => expect(understand(q)?.filters.metrics).toEqual(metrics));
});

describe("a setting named first and taken up by 'it' is set", () => {
  it.each([
    ["the ACoS target I want it at 18%", { target_acos: 18 }],
    ["lead time, I want it 40 days from now on", { lead_time_days: 40 }],
    ["the safety stock I need it 21 days", { safety_stock_days: 21 }],
    ["my currency I want it in euros", { currency: "EUR" }],
    ["target ACoS, we want it at 25 percent", { target_acos: 25 }],
    ["acos goal I'd like it 20%", { target_acos: 20 }],
    ["the lead time we need it to be 60 days", { lead_time_days: 60 }],
    ["safety stock days I want it 10", { safety_stock_days: 10 }],
    ["reporting currency, I'd prefer it in pounds", { currency: "GBP" }],
  ])("%j", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  it.each([["what is my ACoS target?"], ["what's my lead time set to?"]])("%j only asks", (q) =>
    expectFrame([q], { intent: "show_settings" }),
  );
});

describe("an afterthought opens a question of its own", () => {
  const restock = "give me the restock list for germany";
  it.each([
    ["oh and by the way, what's my refund rate on BP-SKIN-01 this year?", "refund_analysis"],
    ["and before I forget: how much did I pay in storage fees in October?", "profit_breakdown"],
    ["also, while I'm at it, what's my TACoS this month?", "advertising_summary"],
    ["and btw how many orders yesterday?", "sales_summary"],
    ["and on a side note, my payouts for October?", "payouts"],
    ["and while I think of it, which campaigns have the highest ACoS?", "acos_by_campaign"],
    ["plus by the way, what was my profit last month?", "sales_summary"],
    ["and unrelated, what are my best sellers this year?", "top_products"],
  ])("%j keeps no marketplace", (q, intent) => {
    const u = understand(restock, q);
    expect(u?.intent).toBe(intent);
    expect(u?.filters.marketplace).toBeUndefined();
  });
  it("a question added with 'and' alone still keeps the place", () =>
    expectFrame([restock, "and what's the refund rate on BP-SKIN-01 this year?"], {
      intent: "refund_analysis",
      filters: { marketplace: "DE" },
    }));
});

describe("neighbours keep their frames", () => {
  const top = "top 5 products by revenue in the US last month";
  it.each([["hmm"], ["endaxi"], ["ajde brate"]])("%j alone asks nothing", (q) => refused(q));
  it.each([
    ["no, I meant units", "units_sold"],
    ["ok, by units", "units_sold"],
  ])("%j still edits the list", (q, metric) =>
    expectFrame([top, q], { intent: "top_products", filters: { marketplace: "US", metrics: [metric] } }),
  );
  it("'re' before a place is about it", () =>
    expectFrame(["re the UK, what were my sales last month?"], {
      intent: "sales_summary",
      filters: { marketplace: "UK", timeframe: "last_month" },
    }));
  it("'yes or no' after a comparison stays a comparison", () =>
    expectFrame(["is my ACoS higher than last month? yes or no"], {
      intent: "sales_comparison",
      filters: { compare_to: "last_month", metrics: ["acos"] },
    }));
  it("'and what about' another place keeps the question", () =>
    expectFrame(["give me the restock list for germany", "and what about the UK?"], {
      intent: "restock_recommendations",
      filters: { marketplace: "UK" },
    }));
});

// Whose data a question is about, fifteenth set: questions a seller asks of their own data in passing words that the
// parser refused or misread. A period asked whether it looks normal is an anomaly check; how long the stock lasts per
// product is its days of supply; a request followed by a third party's question (a customs broker, a forwarder) stays
// the seller's request; the real figure asked after one quoted from elsewhere is that figure, not an anomaly; "us"
// and "our account" are the seller in fee questions. Neighbours that belong to the world stay refused. Every phrasing
// is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a period asked whether it looks normal is an anomaly check of that period", () => {
  it.each([
    ["does last week look normal to you", "last_week"],
    ["last month seem usual?", "last_month"],
    ["did October look normal", "2026-10"],
    ["is this week looking a bit off so far", "this_week"],
    ["yesterday's numbers look normal?", "yesterday"],
    ["was last week typical", "last_week"],
    ["today feel kind of weird to you?", "today"],
  ])("%j is anomalies over %s", (q, timeframe) => expectFrame([q], { intent: "anomalies", filters: { timeframe } }));
  // Something else judged normal, beside a period or without one, is not the seller's data.
  it.each([["does the weather look normal today"], ["is it normal to feel tired today"], ["does my skin look normal"]])(
    "%j is invalid_query",
    refused,
  );
  it("a figure judged off stays that figure's anomaly", () =>
    expectFrame(["did yesterday's revenue look a bit off"], {
      intent: "anomalies",
      filters: { timeframe: "yesterday", metrics: ["revenue"] },
    }));
});

describe("how long the seller's stock lasts, per product or of a part of it, is its days of supply", () => {
  it.each([
    ["how many weeks will each toys & games product last", { category: "Toys & Games", group_by: "asin" }],
    ["how many more days will every sku in the UK last", { marketplace: "UK", group_by: "asin" }],
    ["how long is each of my dog toys going to last", { subcategory: "Dog Toys" }],
    ["how long will my stock of yoga mats hold out", { subcategory: "Yoga" }],
    ["how long does my stock last", {}],
    ["how long will the remaining units of B0SOYOGA01 last", { asin: "B0SOYOGA01" }],
  ])("%j is days of supply", (q, filters) => {
    const u = understand(q);
    expect(["inventory_levels", "stockout_risk"], q).toContain(u?.intent);
    expect(u?.filters.metrics, q).toContain("days_of_supply");
    expect(u?.filters, q).toMatchObject(filters);
  });
  // What lasts for anyone (a product's life, a battery's charge) is no stock of the seller's.
  it.each([["how many days will the battery last"], ["how long does a yoga mat last"], ["how long do dog toys last"]])(
    "%j is invalid_query",
    refused,
  );
});

describe("someone else's question told after the seller's request does not make the request the world's", () => {
  it.each([
    ["Stock levels for the UK store - the customs broker asked what's still on the water.", "UK"],
    ["Stock levels for the UK store - my freight forwarder asked which containers are still on the water", "UK"],
    [
      "inventory levels in Japan, the customs agent keeps asking what's cleared and what's still stuck at the port",
      "JP",
    ],
    ["Units on hand for Canada, inbound too - my forwarder wants to know what's still at sea.", "CA"],
    ["Inbound stock for Germany please, the customs broker is asking how many boxes are still on the ship", "DE"],
  ])("%j is inventory_levels in %s", (q, marketplace) =>
    expectFrame([q], { intent: "inventory_levels", filters: { marketplace } }),
  );
  // Said alone, the third party's question is about shipping or customs, not the seller's data.
  it.each([
    ["the customs broker asked what's still on the water"],
    ["my freight forwarder wants to know which containers are on the water"],
    ["what are the customs duties for Mexico - my broker asked what we owe"],
  ])("%j is invalid_query", refused);
});

describe("the real figure asked after one quoted from elsewhere is that figure, not an anomaly", () => {
  it.each([
    [
      "the app on my phone showed roughly 120 units sold yesterday, can you give me the real number?",
      "sales_summary",
      { timeframe: "yesterday", metrics: ["units_sold"] },
    ],
    [
      "Seller Central said roughly 900 orders last week but the page looked off. What's the real total?",
      "sales_summary",
      { timeframe: "last_week", metrics: ["orders"] },
    ],
    [
      "my partner read about 2k in revenue off the dashboard for Germany in October. what's the actual figure?",
      "sales_summary",
      { timeframe: "2026-10", marketplace: "DE", metrics: ["revenue"] },
    ],
    [
      "A screenshot from my VA says around 55 refunds in October for Pet Supplies. What's the correct count?",
      "refund_analysis",
      { timeframe: "2026-10", category: "Pet Supplies" },
    ],
  ])("%j is %s", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it("the quoted rough size is no count of rows", () =>
    expect(
      understand("the app on my phone showed roughly 120 units sold yesterday, can you give me the real number?")
        ?.filters.limit,
    ).toBeUndefined());
  // Something amiss asked outright stays an anomaly; a count of rows said plainly stays a limit.
  it.each([
    ["something looks off with orders this week"],
    ["the sessions number for the yoga mat looks off compared to last week, anything weird going on?"],
  ])("%j stays anomalies", (q) => expectFrame([q], { intent: "anomalies" }));
  it("top 5 stays a limit", () => expect(understand("top 5 products by revenue last month")?.filters.limit).toBe(5));
});

describe("we, us and our account are the seller in fee questions", () => {
  it.each([
    ["what has amazon been charging us for pet supplies this quarter", { category: "Pet Supplies" }],
    ["how much did amazon charge our account in the UK last month", { marketplace: "UK" }],
    ["what are amazon charging us on the yoga mats", { subcategory: "Yoga" }],
    ["what did amazon charge my account for in october", { timeframe: "2026-10" }],
  ])("%j is profit_breakdown with fees", (q, filters) =>
    expectFrame([q], { intent: "profit_breakdown", filters: { ...filters, metrics: ["fees"] } }),
  );
  // Amazon's price list for anyone stays refused, and what rivals charge stays their prices.
  it.each([["what does amazon charge sellers per unit"], ["what does amazon charge on a small standard item"]])(
    "%j is invalid_query",
    refused,
  );
  it("what competitors charge stays competitor pricing", () =>
    expectFrame(["what do competitors charge for yoga mats"], { intent: "competitor_pricing" }));
});

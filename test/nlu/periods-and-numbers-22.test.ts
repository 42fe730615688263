// Commands and stock questions in learner English and casual words, twenty-second set. A seller changes settings,
// makes and removes alerts and asks about stock in the words they have, not the product's: any ISO currency code or
// currency name is the currency setting (the answer declines one it does not report in); an alert is removed by taking
// it "away", "getting rid of" it, "throwing it out", switching it "off", however it was described first ("the one I
// made with refund rate above 8%"); "lmk", "hit me up" and "drop me a line" ask to be told; stock "below 12 days" is
// days of supply whatever words say whose stock it is; "tell me if X will run out" asks now, "let me know whenever X
// runs out" watches; "finished in stock" is run out; "for how many days my stock is enough" is its days of supply;
// "enough for 60 days" after a restock request is its horizon; a new order placed (from a supplier, from a country)
// asks how much to reorder; what was sold "with the ads" is ad sales and the money campaigns "eat" is ad spend. Every
// phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("any currency, by code or name, is the currency setting", () => {
  it.each([
    ["switch my currency to NOK", "NOK"],
    ["set the home currency to Swiss francs", "CHF"],
    ["make my currency danish krone please", "DKK"],
    ["put my currency on HKD", "HKD"],
    ["change currency to chinese yuan", "CNY"],
    ["use CHF as my currency", "CHF"],
    ["switch to CZK", "CZK"],
    ["report everything in swiss francs", "CHF"],
    ["use NZD from now on", "NZD"],
    ["I want my currency to be HUF", "HUF"],
    ["currency: zar", "ZAR"],
    ["report everything in euros from now on, change the currency setting", "EUR"],
    // The ones seller-ai reports in keep their codes.
    ["change my currency to euros", "EUR"],
    ["switch to pounds", "GBP"],
  ])("%j sets %s", (q, currency) =>
    expectFrame([q], { intent: "update_settings", filters: { settings: { currency } } }),
  );
  it.each([
    // Asking which currency is set, or choosing between two, changes nothing.
    ["what currency am I using"],
    ["is my currency CHF or EUR?"],
  ])("%j only shows the setting", (q) => expectFrame([q], { intent: "show_settings" }));
  it.each([
    // A figure shown in a currency is that figure; everyday words that are also codes are no currency.
    ["revenue in CHF last month", "sales_summary"],
    ["top 5 products in all marketplaces", "top_products"],
    ["which product won the most revenue", "top_products"],
  ])("%j stays %s", (q, intent) => {
    expectFrame([q], { intent });
    expect(understand(q)?.filters.settings).toBeUndefined();
  });
});

describe("an alert taken away, thrown out or switched off is deleted, described first or last", () => {
  it.each([
    ["that ACoS alert I set last week, please take it away", {}],
    [
      "the buy box alert with under 70%, throw it out",
      { conditions: [{ metric: "buy_box_percentage", op: "<", value: 70 }] },
    ],
    [
      "my notifications for refund rate over 5%, get rid of them",
      { conditions: [{ metric: "refund_rate", op: ">", value: 5 }] },
    ],
    [
      "the warning I made for TACoS above 15 percent, switch it off please",
      { conditions: [{ metric: "tacos", op: ">", value: 15 }] },
    ],
    [
      "I set a reminder for stock under 20 units, kill it",
      { conditions: [{ metric: "available_quantity", op: "<", value: 20 }] },
    ],
    [
      "the one I created with ACoS above 35%, could you take that alert off",
      { conditions: [{ metric: "acos", op: ">", value: 35 }] },
    ],
    ["alerts all away, I get too many", {}],
    ["please take all the notifications away", {}],
    ["take away every alert I have", {}],
    ["please throw out the alert about ACoS", {}],
  ])("%j is delete_alert", (q, filters) => expectFrame([q], { intent: "delete_alert", filters }));
  it.each([
    // A figure that drops or a buy box taken away is what an alert watches, not an alert removed.
    ["alert me when ACoS drops below 20%", "create_alert"],
    ["let me know if the buy box gets taken away", "create_alert"],
    ["warn me when the refund rate goes over 8 percent", "create_alert"],
    // The alerts made, listed.
    ["show me the alerts I made", "list_alerts"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
  it("the alerts the seller made name no revenue", () =>
    expect(understand("show me the alerts I made")?.filters.metrics).toBeUndefined());
});

describe("casual ways of asking to be told are alerts", () => {
  it.each([
    ["lmk when the ACoS on any campaign climbs past 45%", { metric: "acos", op: ">", value: 45 }],
    ["lmk if the conversion rate of B0BPSKIN01 gets under 6%", { metric: "conversion_rate", op: "<", value: 6 }],
    ["hit me up whenever the buy box drops under 75%", { metric: "buy_box_percentage", op: "<", value: 75 }],
    ["drop me a line if returns on PS-DOGT-01 go above 7%", { metric: "refund_rate", op: ">", value: 7 }],
    ["give me a shout as soon as TACoS is over 12%", { metric: "tacos", op: ">", value: 12 }],
  ])("%j is create_alert", (q, condition) =>
    expectFrame([q], { intent: "create_alert", filters: { conditions: [condition] } }),
  );
  it("a casual word around a plain figure asked is that figure", () =>
    expectFrame(["lmk what my refund rate was last month"], { intent: "refund_analysis" }));
});

describe("stock below a length of time is days of supply, whoever's stock it is", () => {
  it.each([
    ["warn me if the inventory of any of my dog toys gets under 3 weeks", 21],
    ["notify me when stock for anything in Pet Supplies is falling below 20 days", 20],
    ["alert when the stock on any SKU is less than 10 days", 10],
    ["I would like that you alert me when the stock of some product is going under 9 days", 9],
  ])("%j", (q, value) =>
    expectFrame([q], {
      intent: "create_alert",
      filters: { conditions: [{ metric: "days_of_supply", op: "<", value }] },
    }),
  );
  it.each([
    // A length of stock gone by or ahead is no level.
    ["what stock will run out in under 10 days", "stockout_risk", { horizon_days: 10 }],
    [
      "alert me if sales fall below 20%",
      "create_alert",
      { conditions: [{ metric: "growth_rate", op: "<", value: 20 }] },
    ],
  ])("%j stays %s", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("asked whether stock will run out is now; told whenever it does is an alert", () => {
  it.each([
    ["could you tell me if PS-DOGT-01 is going to be finished in stock in the next 3 weeks", { horizon_days: 21 }],
    ["tell me if the dog toys will be finished from the inventory in 30 days", { horizon_days: 30 }],
    ["will my stock of B0BPSKIN01 be finished in the next 40 days?", { horizon_days: 40 }],
    ["let me know if any product will be out of stock in 2 weeks", { horizon_days: 14 }],
    ["tell me if B0BPSKIN01 will run out", {}],
    ["tell me when B0BPSKIN01 runs out", {}],
  ])("%j is stockout_risk", (q, filters) => expectFrame([q], { intent: "stockout_risk", filters }));
  it.each([
    ["let me know whenever anything runs out"],
    ["email me as soon as PS-DOGT-01 goes out of stock"],
    ["notify me every time a product sells out"],
    ["tell me if stock of B0BPSKIN01 falls below 10 days"],
  ])("%j is create_alert", (q) => expectFrame([q], { intent: "create_alert" }));
});

describe("how many days the stock is enough, asked in a learner's order, is days of supply", () => {
  it.each([
    ["for how many weeks my inventory of B0BPSKIN01 is enough?", { asin: "B0BPSKIN01" }],
    ["how many days my stock of the dog toys will last?", { subcategory: "Dog Toys" }],
    ["for how many days each product of Pet Supplies is enough", { category: "Pet Supplies" }],
  ])("%j", (q, filters) =>
    expectFrame([q], { intent: "inventory_levels", filters: { ...filters, metrics: ["days_of_supply"] } }),
  );
  it("how long something of the world lasts is not the seller's stock", () =>
    expect(understand("how long the sale will last on amazon")?.filters.metrics ?? []).not.toContain("days_of_supply"));
});

describe("enough for a length, after a restock request, is its horizon", () => {
  it.each([
    ["what should I reorder for Germany, enough for 90 days thanks", 90],
    ["reorder quantities for pet supplies enough for 45 days", 45],
    ["how much do I send to FBA, enough for 8 weeks please", 56],
    ["restock amounts in the UK, enough for 2 months god willing", 60],
  ])("%j has horizon %i", (q, horizon_days) =>
    expectFrame([q], { intent: "restock_recommendations", filters: { horizon_days } }),
  );
});

describe("a new order placed with a supplier asks how much to reorder", () => {
  it.each([
    ["I am doing a new order from China for Pet Supplies, how many of each product?"],
    ["we place another order from the factory for the kitchen category, how much from every SKU"],
    ["making an order to my supplier in China, how many of each item"],
  ])("%j is restock_recommendations", (q) => expectFrame([q], { intent: "restock_recommendations" }));
  it.each([
    // Orders the customers placed are sales.
    ["how many new orders did I get this week"],
    ["did I get a new order today"],
  ])("%j stays a sales total", (q) => expectFrame([q], { intent: "sales_summary", filters: { metrics: ["orders"] } }));
});

describe("what was sold with the ads is ad sales; the money campaigns eat is ad spend", () => {
  it.each([
    [
      "how much did I sell through the ads in Germany last month and how much did I spend",
      { metrics: ["ad_sales", "ad_spend"], marketplace: "DE" },
    ],
    ["what did I make with ppc this week", { metrics: ["ad_sales"] }],
    ["which ads are draining the most cash this week", { metrics: ["ad_spend"] }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "advertising_summary", filters }));
  it.each([["which campaign is eating up my budget"], ["what campaign swallowed the most money last month"]])(
    "%j ranks campaigns by ad spend",
    (q) => expectFrame([q], { intent: "acos_by_campaign", filters: { metrics: ["ad_spend"] } }),
  );
  it.each([
    // Products that burn cash lose money; units sold per campaign is no ad sales.
    ["which products are burning cash", "profit_breakdown", ["profit"]],
    ["units sold by campaign last month", "acos_by_campaign", ["acos"]],
  ])("%j stays %s", (q, intent, metrics) => expectFrame([q], { intent, filters: { metrics } }));
});

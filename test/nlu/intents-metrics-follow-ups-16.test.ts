// Intents, metrics and follow-ups, sixteenth set: a follow-up that asks something new of the product or place just
// asked about without naming it keeps them; stock said to have stayed too long is overstock; products lined up or
// stacked up by a figure, busiest first, are a ranking; a bare "by <figure>" re-ranks the list before; and a correction
// ("I meant last week") asks the question before again, put right. Each class was found missed in held-out splits;
// every phrasing here is our own, with neighbours that must not change.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

const YOGA_IN_GERMANY = "how many units of SO-YOGA-01 do we have in the German warehouse";
const TOP_FIVE = "top 5 products by revenue last month";

describe("a follow-up of another intent that names no subject keeps the product and place before", () => {
  it.each([
    ["could it run out there within a fortnight?", "stockout_risk"],
    ["how long will it last there?", "stockout_risk"],
    ["when should I reorder it?", "restock_recommendations"],
    // The subject left unsaid is the one just asked about.
    ["ok so how many should I ship in", "restock_recommendations"],
    ["do I need to restock?", "restock_recommendations"],
    ["is that one overstocked?", "excess_inventory"],
  ])("%j asks of SO-YOGA-01 in DE", (q, intent) =>
    expectFrame([YOGA_IN_GERMANY, q], { intent, filters: { sku: "SO-YOGA-01", marketplace: "DE" } }),
  );
  it("a horizon said with it is kept too", () =>
    expectFrame([YOGA_IN_GERMANY, "could it run out there within a fortnight?"], {
      intent: "stockout_risk",
      filters: { sku: "SO-YOGA-01", marketplace: "DE", horizon_days: 14 },
    }));
  it("a place named in the follow-up replaces the one before, the product stays", () =>
    expectFrame([YOGA_IN_GERMANY, "will it run out in France?"], {
      intent: "stockout_risk",
      filters: { sku: "SO-YOGA-01", marketplace: "FR" },
    }));
  // Stock is asked of now: the product and place of a sales question carry over, its period does not.
  it("a stock question pointing at a product of a sales question keeps no period", () => {
    const u = understand("revenue of HK-COOK-01 in France last month", "will it run out soon?");
    expect(u?.intent).toBe("stockout_risk");
    expect(u?.filters).toMatchObject({ sku: "HK-COOK-01", marketplace: "FR" });
    expect(u?.filters.timeframe).toBeUndefined();
  });
  // A list or everything asked about, or a product named, is a subject of its own.
  it.each([
    ["which products will run out in the next 2 weeks?", "stockout_risk"],
    ["what should I restock?", "restock_recommendations"],
    ["anything overstocked?", "excess_inventory"],
    ["how many days of cover does PS-DOGT-01 have?", "inventory_levels"],
  ])("%j does not keep SO-YOGA-01", (q, intent) => {
    const u = understand(YOGA_IN_GERMANY, q);
    expect(u?.intent).toBe(intent);
    expect(u?.filters.sku).not.toBe("SO-YOGA-01");
  });
  // Left unsaid, the subject is the one before only within the same area: a restock after a sales ranking is afresh.
  it("a count left unsaid after a sales ranking keeps nothing", () => {
    const u = understand("top 5 products in the UK last month", "how many should I send in");
    expect(u?.intent).toBe("restock_recommendations");
    expect(u?.filters.marketplace).toBeUndefined();
  });
});

describe("stock that has stayed too long where it is, is overstock", () => {
  it.each([
    ["which stock has overstayed in the French warehouse", "FR"],
    ["what inventory has stayed too long in the US warehouse", "US"],
    ["which products have outstayed their welcome at amazon.de", "DE"],
    ["stock that has outstayed in amazon.co.uk", "UK"],
    ["what's collecting cobwebs in the Canadian warehouse", "CA"],
    ["show me the stock that's been sitting too long in Italy", "IT"],
  ])("%j is excess_inventory", (q, marketplace) =>
    expectFrame([q], { intent: "excess_inventory", filters: { marketplace } }),
  );
  // Where stock sits, or how much of it, says nothing of how long it stayed.
  it.each([
    ["how many units are sitting in FBA right now", "inventory_levels"],
    ["how much stock do I have in the UK warehouse", "inventory_levels"],
    ["what's my stock in the UK warehouse worth", "inventory_value"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("products lined up or stacked up by a figure, busiest first, are ranked", () => {
  it.each([
    ["line up my German products by orders this month, busiest first", "orders", "desc"],
    ["stack my skus up by revenue last month", "revenue", "desc"],
    ["line my items up by units sold in October", "units_sold", "desc"],
    ["arrange my products by profit for Q3, highest first", "profit", "desc"],
    ["rank my UK listings by how many units each sold last week, busiest first", "units_sold", "desc"],
    ["my quietest products by orders last month", "orders", "asc"],
  ])("%j is top_products", (q, metric, sort) =>
    expectFrame([q], { intent: "top_products", filters: { metrics: [metric], sort } }),
  );
  it.each([
    ["how many orders did I get over the last two weeks", "sales_summary"],
    ["list my sales by month this year", "sales_trend"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("a bare 'by <figure>' follow-up re-ranks the list before", () => {
  it.each([
    ["by profit", "profit"],
    ["by units then?", "units_sold"],
    ["hmm, by margin", "profit_margin"],
    ["ranked by orders", "orders"],
    ["ok, by profit instead", "profit"],
  ])("%j keeps the top 5 of last month", (q, metric) =>
    expectFrame([TOP_FIVE, q], {
      intent: "top_products",
      filters: { metrics: [metric], timeframe: "last_month", limit: 5, sort: "desc" },
    }),
  );
  // A total given another figure stays that total.
  it("after a total, 'by profit' is the total's profit", () =>
    expectFrame(["sales last month", "by profit"], {
      intent: "sales_summary",
      filters: { metrics: ["profit"], timeframe: "last_month" },
    }));
  it("'by category' still groups", () =>
    expectFrame(["how much did I sell last month?", "by category"], {
      intent: "sales_summary",
      filters: { group_by: "category", timeframe: "last_month" },
    }));
});

describe("a correction asks the question before again, put right", () => {
  it.each([
    ["I meant last week", { timeframe: "last_week", limit: 5 }],
    ["sorry, I meant the UK", { marketplace: "UK", timeframe: "last_month", limit: 5 }],
    ["no, I meant units", { metrics: ["units_sold"], timeframe: "last_month", limit: 5 }],
    ["oops - I meant Q3", { timeframe: "2026-Q3", limit: 5 }],
    ["I meant to say profit", { metrics: ["profit"], limit: 5 }],
  ])("%j keeps the top 5", (q, filters) => expectFrame([TOP_FIVE, q], { intent: "top_products", filters }));
  it("a correction of a campaign question keeps it", () =>
    expectFrame(["ACoS by campaign last week", "I meant last month"], {
      intent: "acos_by_campaign",
      filters: { timeframe: "last_month" },
    }));
  it("a correction of a product's stock keeps the product", () =>
    expectFrame(["how many units of HK-UTEN-02 are in FBA", "sorry, I meant the UK"], {
      intent: "inventory_levels",
      filters: { sku: "HK-UTEN-02", marketplace: "UK" },
    }));
  // "I meant to ask …" brings a question of its own.
  it("'I meant to ask' a new question is that question", () =>
    expectFrame([TOP_FIVE, "I meant to ask which products are running out"], { intent: "stockout_risk" }));
  it("a correction with nothing before it is no question of the data", () =>
    expect(understand("I meant last week")?.intent).not.toBe("top_products"));
});

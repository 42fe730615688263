// One row asked for, and the end a ranking starts from: a singular pick ("which one's ACoS is the ugliest", "which
// single SKU", "just the one", "only the worst offender", "which category brings me more profit") is limit 1, while
// "which ones" and plural nouns stay lists; the buy box lost ("win less of it", "the most time without it") ranks
// the share from the lowest; rankings named by their own figure are that figure's intent (reorder quantities in order
// are the restock recommendations, dead stock by the cash it ties up is the overstock ranked by its value); and how
// thoroughly to answer, said beside a sentence of story, is kept. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("one row said outright is limit 1, whatever ranks it", () => {
  it.each([
    ["of all my campaigns which one's ROAS is the weakest?", "acos_by_campaign", { limit: 1, sort: "asc" }],
    ["what single campaign has the worst acos right now", "acos_by_campaign", { limit: 1, sort: "desc" }],
    ["show me my worst ACoS campaigns - only the worst offender", "acos_by_campaign", { limit: 1, sort: "desc" }],
    ["which one listing will sell out first in Germany?", "stockout_risk", { limit: 1, marketplace: "DE" }],
    ["which single SKU is nearest to running out? just the one please", "stockout_risk", { limit: 1 }],
  ])("%j is %s with one row", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a thing named in the singular and picked by a bare comparative is one row", () => {
  it.each([
    ["which category brings me more profit this year?", "profit_margin_by_category", { limit: 1, sort: "desc" }],
    ["the product where I lose the buy box most, which one?", "buy_box_share", { limit: 1, sort: "asc" }],
  ])("%j is %s with one row", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("several asked for stay a list", () => {
  it.each([
    ["which ones are my best sellers", "top_products"],
    ["which of my products will run out first", "stockout_risk"],
    ["which campaigns are the worst for acos", "acos_by_campaign"],
    ["which categories give me more margin", "profit_margin_by_category"],
    ["show me my worst ACoS campaigns - only the worst offenders", "acos_by_campaign"],
  ])("%j is %s with no limit", (q, intent) => {
    expectFrame([q], { intent });
    expect(understand(q)?.filters.limit, q).toBeUndefined();
  });
});

describe("the buy box lost ranks the share from the lowest", () => {
  it.each([
    ["which asins hold the buy box the least", { sort: "asc" }],
    ["which products are most often without the buy box", { sort: "asc" }],
    [
      "which one SKU sits the longest without the buy box in the UK? only the worst offender",
      { sort: "asc", limit: 1, marketplace: "UK" },
    ],
  ])("%j is buy_box_share from the lowest", (q, filters) =>
    expectFrame([q], { intent: "buy_box_share", filters: { metrics: ["buy_box_percentage"], ...filters } }),
  );
  it("the buy box won most still ranks from the highest", () =>
    expectFrame(["which products win the buy box most"], { intent: "buy_box_share", filters: { sort: "desc" } }));
});

describe("a ranking named by its own figure is that figure's question", () => {
  it.each([
    ["reorder quantities for the top five, most urgent first", { limit: 5 }],
    ["rank my SKUs by reorder quantity, biggest first", {}],
  ])("%j is restock_recommendations", (q, filters) =>
    expectFrame([q], { intent: "restock_recommendations", filters: { metrics: ["restock_quantity"], ...filters } }),
  );
  it.each([
    ["rank my dead stock by the cash it ties up"],
    ["which overstocked products tie up the most cash"],
    ["slow movers sorted by how much money I have locked up in them"],
  ])("%j is excess_inventory by its value", (q) =>
    expectFrame([q], { intent: "excess_inventory", filters: { metrics: ["inventory_value"], sort: "desc" } }),
  );
  it.each([
    ["how much cash do I have tied up in inventory", "inventory_value", {}],
    ["top 4 slowest movers in Germany", "excess_inventory", { limit: 4, marketplace: "DE" }],
    ["show me the slow movers", "excess_inventory", { metrics: ["days_of_supply"] }],
  ])("%j stays %s", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("how thoroughly to answer is kept beside a sentence of story", () => {
  it.each([
    ["how is the business doing? in depth please - I've cleared my afternoon for this", "detailed"],
    ["what are my biggest risks? detailed version please, I have the whole morning free", "detailed"],
    ["what are the main risks to my store", "summary"],
    ["any opportunities? keep it quick, I have a call in five minutes", "summary"],
  ])("%j is insights at %s", (q, detail_level) => expectFrame([q], { intent: "insights", filters: { detail_level } }));
});

describe("comps are competitors", () => {
  it.each([
    ["have my comps changed their prices on B0PSDOGT01 this month", "price_changes"],
    ["what are my comps charging for yoga mats", "competitor_pricing"],
  ])("%j is %s", (q, intent) => expectFrame([q], { intent }));
});

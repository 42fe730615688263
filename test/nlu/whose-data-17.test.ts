// Whose data a question is about, seventeenth set: what the mirror cannot answer is refused, as a class. When a
// shopping day or holiday falls is the calendar's; who the leading seller, brand or shop of a category or marketplace
// is belongs to other businesses (with a greeting in any language before it); Amazon's warehouses' capacity, location
// and opening hours are the buildings', not the seller's stock; ad placements and account health (its rating, order
// defects, late shipments, policy violations, IPI) are figures the contract has no metric for, even asked as "my";
// moving listings between FBA and FBM, or creating and closing them, is done in Seller Central. Each table keeps the
// seller's own neighbours answered. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("when a shopping day or holiday falls is the calendar, not the seller's data", () => {
  it.each([
    ["is Cyber Monday on the 30th this year"],
    ["will Black Friday be on November 27th?"],
    ["does Thanksgiving fall on a Thursday in 2026"],
    ["what date is Boxing Day"],
    ["when's the next Prime Day"],
    ["when does the Prime Early Access sale start"],
    ["which day of the week is Christmas Day this year"],
    ["was Black Friday on the 28th last year?"],
    ["Black Friday date 2026"],
    ["how many days until Black Friday"],
    ["hi! is Singles Day in November?"],
  ])("%j is invalid_query", refused);

  // The day named as the period of a figure, or as a deadline for stock, is the seller's.
  it.each([
    ["sales on Black Friday", "sales_summary"],
    ["how did Black Friday go", "sales_summary"],
    ["how many units did I sell on Boxing Day", "sales_summary"],
    ["was Black Friday better than last year", "sales_comparison"],
    ["is Black Friday revenue up on last year", "sales_comparison"],
    ["will my stock last until Black Friday", "stockout_risk"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("who the leading seller, brand or shop of a market is belongs to other businesses", () => {
  it.each([
    ["Hola, who's the top seller in Pet Supplies on amazon.es?"],
    ["namaste, which company is the biggest seller of yoga mats in Germany"],
    ["tell me who the biggest seller in Home & Kitchen is"],
    ["do you know who is the leading brand in Office Products on amazon.fr"],
    ["I want to know who the top seller in Pet Supplies is"],
    ["ciao! who's the number one seller of puzzles on amazon.it"],
  ])("%j is invalid_query", refused);

  // The seller's own best seller is a product of theirs, greeted or not.
  it.each([
    ["Salam, what's my biggest seller in Home & Kitchen?"],
    ["my biggest seller in Home & Kitchen"],
    ["what's my best seller on amazon.de"],
    ["hola, what's my best seller on amazon.es last month"],
    ["what's the biggest seller in Home & Kitchen on amazon.de"],
  ])("%j stays top_products", (q) => expectFrame([q], { intent: "top_products" }));
  it("a greeting in another language leaves the question asked", () =>
    expectFrame(["salam, how much did I sell last week"], {
      intent: "sales_summary",
      filters: { timeframe: "last_week" },
    }));
});

describe("Amazon's warehouses' capacity, location and opening hours are the buildings', not the seller's stock", () => {
  it.each([
    ["how many pallets can amazon's fulfilment centre in Leipzig hold"],
    ["what's the capacity of the FBA warehouse in Germany"],
    ["how big is the amazon warehouse in Dunstable"],
    ["where are Amazon's fulfilment centres in Spain located"],
    ["what's the address of the Polish warehouse"],
    ["how many warehouses does amazon have in France"],
    ["what time does the amazon warehouse open on saturday"],
    ["opening hours of the UK fulfilment centre"],
    ["is the amazon warehouse in germany open on sundays"],
    ["how many units can the warehouse in Germany take"],
    ["how many fulfilment centres are there in Italy"],
  ])("%j is invalid_query", refused);

  // The seller's stock in a warehouse, and what to send there, stay theirs.
  it.each([
    ["how many units do I have in the Polish warehouse", "inventory_levels"],
    ["how many units are in the amazon warehouse in Poland", "inventory_levels"],
    ["how much stock do we have in amazon's warehouses in Spain", "inventory_levels"],
    ["how many units can I send to the UK warehouse", "restock_recommendations"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("ad placements are figures the contract has no metric for", () => {
  it.each([
    ["how is top of search doing compared to rest of search"],
    ["ACoS by placement for Yoga Mats - Broad last month"],
    ["what's my conversion rate on top of search vs product pages"],
    ["placement report for my sponsored brands campaigns"],
    ["which placement gets the most clicks"],
    ["how's my top of search ACoS"],
    ["bid adjustments by placement for Dog Toys - Exact"],
  ])("%j is invalid_query", refused);

  // ACoS by campaign, the top-of-search impression share, being seen there, and inbound placement fees stay answered.
  it.each([
    ["ACoS by campaign last month", "acos_by_campaign"],
    ["top of search impression share for Yoga Mats - Broad", "keyword_opportunities"],
    ["keywords where I never show at the top of search", "keyword_opportunities"],
    ["inbound placement fees last quarter", "profit_breakdown"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("account health and its rates are figures the contract has no metric for, even asked as 'my'", () => {
  it.each([
    ["what's our order defect rate"],
    ["late shipment rate last month"],
    ["my IPI score"],
    ["any policy violations on my account"],
    ["what's my seller feedback score"],
    ["pre-fulfilment cancellation rate this month"],
    ["how's my account health looking"],
    ["what's my BSR"],
    ["show me my account health dashboard"],
    ["my feedback rating in the US"],
    ["what is my inventory performance index"],
    // "defect" is a word of its own, not a misspelt "detect".
    ["my order defect rate for the UK"],
  ])("%j is invalid_query", refused);

  // The seller's review rating, and a health check of the account as a whole, stay theirs.
  it.each([
    ["what's my rating", "declining_reviews"],
    ["my review rating", "declining_reviews"],
    ["give me a health check on the account", "insights"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
  // A rate told only as the reason beside a question of stock leaves the stock asked.
  it("an IPI worry told beside a stock question is the stock", () =>
    expect(understand("How much stock has been in FBA for more than a year? My IPI score is dropping.")?.intent).toBe(
      "excess_inventory",
    ));
  it("account health told beside a question of orders is the orders", () =>
    expect(understand("My account health is fine. How many orders came in yesterday?")?.intent).toBe("sales_summary"));
});

describe("moving listings between FBA and FBM, or creating and closing them, is done in Seller Central", () => {
  it.each([
    ["switch the yoga mats over to merchant fulfilled"],
    ["please move B0SOYOGA01 from FBM to FBA"],
    ["change the fulfilment channel on all my dog toys to FBM"],
    ["can you convert my puzzle listings to fulfilled by amazon"],
    ["create a new listing for the puzzle on amazon.fr"],
    ["delete the listing for B0PSDOGT01"],
    ["close my old yoga mat listings"],
    ["set up a new listing on amazon.de for the dog toy"],
    ["make the puzzle FBM please"],
  ])("%j is invalid_query", refused);

  // Conversion figures and lists of listings stay questions of the data.
  it.each([
    ["conversion rate of my SKUs", "conversion_analysis"],
    ["which SKUs convert best", "conversion_analysis"],
    ["make a list of my listings by revenue", "top_products"],
    ["how did FBA orders compare with FBM last month", "sales_summary"],
    ["remove the listings with no sales from that table", "wasted_ad_spend"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

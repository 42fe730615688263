// Classes of fault that blind splits 34 to 36 showed in intents, metrics said in everyday words, settings, alerts and
// follow-ups, each over phrasings of its own (none of them a held-out question), with neighbours that must not move.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "../../src/nlu/parse-question.js";
import { CATALOG_WITHOUT_CAMPAIGNS as catalog, frameChecks, TODAY } from "../helpers/nlu-frames.js";

const { understand, expectFrame } = frameChecks();

describe("ad figures in a new seller's words", () => {
  it.each([
    ["how often did shoppers click on my adverts this month", "advertising_summary", ["clicks"]],
    ["did many people end up clicking my ads in October", "advertising_summary", ["clicks"]],
    ["what happened to my ppc money over the weekend, anything strange?", "anomalies", ["ad_spend"]],
    ["what have sponsored brands cost us since September", "advertising_summary", ["ad_spend"]],
    [
      "this quarter I spent on the ads - did they make any sales back?",
      "advertising_summary",
      ["ad_spend", "ad_sales"],
    ],
    ["what share of all my revenue goes on ads this year", "advertising_summary", ["tacos"]],
  ])("%j", (q, intent, metrics) => expectFrame([q], { intent, filters: { metrics } }));

  // Neighbours: a click said as a cost is still the cost per click; a share of ad sales stays ACoS.
  it.each([
    ["what am I paying for each click this month", "advertising_summary", ["cpc"]],
    ["acos together with ad spend for the uk in october", "advertising_summary", ["acos", "ad_spend"]],
  ])("%j stays", (q, intent, metrics) => expectFrame([q], { intent, filters: { metrics } }));
});

describe("fees named by what they pay for", () => {
  it.each([
    ["what did amazon charge us for storing our inventory last month", ["storage_fees"]],
    ["how much was I charged for keeping stock in the amazon warehouse this year", ["storage_fees"]],
    ["what did amazon charge me for picking and packing my parcels in October", ["fba_fees"]],
  ])("%j", (q, metrics) => expectFrame([q], { intent: "profit_breakdown", filters: { metrics } }));

  it("a charge with no fee named after it stays every fee", () =>
    expectFrame(["what has amazon charged me so far this year, all in"], {
      intent: "profit_breakdown",
      filters: { metrics: ["fees"] },
    }));
});

describe("traffic, conversion and the buy box in everyday words", () => {
  it.each([
    ["how many people visited my listings last week", "conversion_analysis", ["sessions"]],
    ["how often were my product pages viewed in September", "conversion_analysis", ["page_views"]],
    ["which listings turn the most shoppers into customers this month", "conversion_analysis", ["conversion_rate"]],
    [
      "visitors and how many of them bought, per product, over the last 30 days",
      "conversion_analysis",
      ["sessions", "conversion_rate"],
    ],
    ["unit session percentage by product this quarter", "conversion_analysis", ["conversion_rate"]],
    ["how much of the time do I get the add to cart button on B0HKCOOK01", "buy_box_share", ["buy_box_percentage"]],
    ["how long will my stock last for each pet product", "inventory_levels", ["days_of_supply"]],
  ])("%j", (q, intent, metrics) => expectFrame([q], { intent, filters: { metrics } }));

  it.each([
    // Said side by side, the metrics keep the order they were said in, whatever the preamble named first.
    [
      "plenty of visitors but few orders on my kettle, show page views vs conversion rate",
      ["page_views", "conversion_rate"],
    ],
  ])("%j", (q, metrics) => {
    const u = understand(q);
    expect(u?.filters.metrics?.slice(0, 2)).toEqual(metrics);
  });

  it("a stock level asked last month stays stock", () =>
    expectFrame(["how much stock did I have last month"], {
      intent: "inventory_levels",
      filters: { metrics: ["available_quantity"] },
    }));
});

describe("the metrics asked, and only those", () => {
  it("a PPC person is no ad spend", () => {
    const u = understand("my ppc manager says things are fine, but what were my ctr and cpc last week?");
    expect(u?.intent).toBe("advertising_summary");
    expect(u?.filters.metrics).toEqual(["ctr", "cpc"]);
  });
  it("a price change the seller asks about the effect of is no price asked", () => {
    const u = understand("did the price cut help? chart weekly revenue for B0SOYOGA01 since September");
    expect(u?.filters.metrics).toEqual(["revenue"]);
  });
  it("prices asked outright stay", () => {
    const u = understand("my price for B0SOYOGA01 over the last 30 days, week by week");
    expect(u?.filters.metrics).toContain("price");
  });
});

describe("ACoS said as the share of what the ads sell", () => {
  it.each([
    [
      "set my target so the ads cost at most 30% of what they sell",
      "update_settings",
      { settings: { target_acos: 30 } },
    ],
    [
      "ads on Dog Toys - Exact should cost under 22% of the sales they bring in, what bids?",
      "bid_recommendations",
      { target_acos: 22 },
    ],
    [
      "tell me when my ads are costing over 40% of what they sell",
      "create_alert",
      { conditions: [{ metric: "acos", op: ">", value: 40 }] },
    ],
    [
      "my acos is way up in germany, I need it closer to 25, what should the bids be?",
      "bid_recommendations",
      { target_acos: 25, marketplace: "DE" },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("intents said in new sellers' words", () => {
  it.each([
    ["Amazon has sent me how much money this year?", "payouts"],
    ["is there anything bad coming my way in the next while", "insights"],
    ["which listings are dearer than the buy box holder in Germany", "competitor_pricing"],
    ["is somebody pricing under me on my yoga mat", "competitor_pricing"],
    ["what sorts of reports can you make for me", "help"],
    ["any holes in my kitchen lineup compared with other sellers", "catalog_gaps"],
  ])("%j", (q, intent) => expectFrame([q], { intent }));

  it("risk words set the kind of insight", () =>
    expectFrame(["anything bad heading for my store?"], { intent: "insights", filters: { insight_type: "risks" } }));
});

describe("rankings, totals and single days", () => {
  it.each([
    ["sort my stuff by units sold this month, best first", "top_products"],
    ["ad spend over October for all my ads added up", "advertising_summary"],
    ["roas in the UK this quarter, every campaign put together", "advertising_summary"],
    ["for my records: daily orders on 3 November", "sales_summary"],
  ])("%j", (q, intent) => expectFrame([q], { intent }));

  it.each([
    ["acos broken out per campaign in Germany this month", "acos_by_campaign"],
    ["daily orders over the past 3 weeks", "sales_trend"],
  ])("%j stays", (q, intent) => expectFrame([q], { intent }));

  it("holes that are no gaps in a range are no question about the catalog", () => {
    const outcome = parseQuestion("how do wormholes and black holes form", { catalog, today: TODAY });
    expect("error" in outcome).toBe(true);
  });
});

// Whose data, thirty-eighth set: intents said by describing what is wanted rather than naming the figure, and reports
// named before a question. What rivals sell, offer or carry "and I don't", or the kinds of products the seller is
// missing out on, are catalog gaps; who cut or raised a price, and new or recent competitor prices, are price changes;
// items that came back or were sent back most are refunds; products whose rating falls fastest are the falling reviews;
// keywords said to be non-performing, dead or loss-making are wasted spend; listings that get clicks nobody buys
// after ask where conversion fails. A Seller Central report named as the source ("Business Reports: …", "Detail Page
// Sales and Traffic for the UK: …") adds no figures of its own: the question after it asks. Their neighbours (prices
// compared with rivals, openings missed, ads clicked without sales, sales growth, a report named alone) keep their
// frames. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame } = frameChecks(FIXTURE_VOCABULARY);

describe("what others sell and the seller does not, or kinds the seller misses, are catalog gaps", () => {
  it.each([
    ["which items do other sellers offer and I don't"],
    ["stuff rivals carry but we don't have"],
    ["in Toys & Games, what do competitors stock and we lack?"],
    ["products my competition lists and I don't"],
    ["what kinds of things do rivals sell while we don't"],
    ["qué productos venden los competidores y yo no"],
    ["any categories we're missing out on"],
    ["which niches in Pet Supplies am I missing"],
    ["product types I'm missing in Home & Kitchen?"],
  ])("%j is catalog_gaps", (q) => expectFrame([q], { intent: "catalog_gaps" }));
  it("counted, the gaps keep the count", () =>
    expectFrame(["things competitors offer but we don't, top 4"], { intent: "catalog_gaps", filters: { limit: 4 } }));
});

describe("who changed a price, and new competitor prices, are price changes", () => {
  it.each([
    ["who lowered the price on the yoga mats in Germany"],
    ["who decreased their price in Office Products"],
    ["who raised a price this week"],
    ["who increased the price in the UK lately?"],
    ["recent rival prices in Spain"],
    ["latest competitor prices for dog toys"],
    ["newest competitors' prices, please"],
    ["any new competitor prices today"],
  ])("%j is price_changes", (q) => expectFrame([q], { intent: "price_changes" }));
});

describe("a report named as the source adds no figures", () => {
  it.each([
    ["Business Reports, last week: top 5 ASINs by sessions?", "sessions"],
    ["Sales Dashboard for Germany - which products had the best conversion rate?", "conversion_rate"],
    ["from the Detail Page Sales and Traffic report: which ASINs had the most page views in October?", "page_views"],
    ["sales & traffic (by child item), past 90 days: what converts best in Toys & Games?", "conversion_rate"],
    ["per my Business Report - which listings get the most sessions?", "sessions"],
    ["looking at the sales dashboard, which 3 products have the lowest conversion in the UK?", "conversion_rate"],
    ["Detail Page Sales and Traffic, Italy: worst converting listings this month", "conversion_rate"],
    ["business reports: where are my page views highest?", "page_views"],
  ])("%j is conversion by %s alone", (q, metric) =>
    expectFrame([q], { intent: "conversion_analysis", filters: { metrics: [metric] } }),
  );
  it("before a stock question it asks the stock", () =>
    expectFrame(["Inventory Health: what runs out in the next 3 weeks?"], {
      intent: "stockout_risk",
      filters: { horizon_days: 21 },
    }));
});

describe("items that came back most are refunds", () => {
  it.each([
    ["what got sent back the most last month"],
    ["which products came back most often in Spain"],
    ["top 5 items that were returned most in Q3"],
    ["the most returned product in Pet Supplies"],
    ["what did customers send back the most after Black Friday"],
    ["which listing came back the most this year"],
    ["items people returned most, UK"],
    ["welche artikel kamen am meisten zurück, which items came back most"],
  ])("%j is refund_analysis", (q) =>
    expectFrame([q], { intent: "refund_analysis", filters: { metrics: ["refund_rate"] } }),
  );
});

describe("products whose rating falls fastest are the falling reviews", () => {
  it.each([
    ["which 3 products are losing rating fastest", 3],
    ["top 5 listings whose stars are dropping fastest", 5],
    ["the 2 items with the fastest falling ratings in Toys & Games", 2],
    ["4 products where the ratings are declining fastest", 4],
    ["for the monthly review: 6 listings whose ratings are dropping fastest", 6],
    ["the 3 asins whose rating is falling quickest", 3],
    ["top 10 products with ratings dropping the fastest", 10],
    ["which 2 products have ratings falling the fastest", 2],
  ])("%j is declining_reviews", (q, limit) =>
    expectFrame([q], { intent: "declining_reviews", filters: { limit, metrics: ["review_rating"] } }),
  );
});

describe("keywords said not to perform are wasted spend", () => {
  it.each([
    ["dead keywords in the last 2 weeks"],
    ["useless search terms this month"],
    ["loss-making targets in the UK"],
    ["non performing ads last month"],
    ["which keywords are non-performing"],
    ["nonproductive search terms"],
    ["show me my dead search terms"],
    ["list the nonperforming keywords for Germany"],
  ])("%j is wasted_ad_spend", (q) => expectFrame([q], { intent: "wasted_ad_spend" }));
});

describe("listings clicked that nobody buys ask about conversion", () => {
  it.each([
    ["people click my listing but no one buys, why?"],
    ["lots of clicks on my product pages but no buyers"],
    ["shoppers visit my listings and leave without buying, where do they drop off"],
    ["my listings get clicks yet nobody purchases"],
    ["tons of clicks on my listings and no one purchases, why"],
    ["listings with clicks but no one buying - where's the drop off"],
    ["getting clicks on my pages, nobody buys"],
    ["clicks on my listings but people don't buy"],
  ])("%j is conversion_analysis", (q) => expectFrame([q], { intent: "conversion_analysis" }));
});

describe("neighbours keep their frames", () => {
  it.each([
    ["how do my prices compare with competitors", "competitor_pricing"],
    ["what are competitors charging for dog toys", "competitor_pricing"],
    ["what opportunities am I missing out on", "insights"],
    ["my ads get clicks yet nobody purchases", "wasted_ad_spend"],
    ["keywords with clicks but no sales", "wasted_ad_spend"],
    ["which products are growing fastest", "top_products"],
    ["products whose sales are falling fastest", "top_products"],
    ["top 5 products by revenue", "top_products"],
    ["which keywords perform best", "keyword_opportunities"],
    ["sales dashboard for Germany last month", "sales_summary"],
  ])("%j is %s", (q, intent) => expectFrame([q], { intent }));
});

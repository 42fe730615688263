// The seller's own questions in everyday and colourful words, thirtieth set: a seller who sees a figure that "looks
// funny" or "fishy" asks whether it is unusual, not for a joke; one who tells us they have "a long flight" or are "on the
// train" only says why they want the long or the short answer; gaps in the range "worth chasing next year" are today's
// gaps, with the year only the plan; a learner's stock "in danger to finish" is at risk of running out; a remark about
// "my aged stock" followed by "which 3 SKUs of it…" picks rows of that stock; and reviews "slowing down" with words
// between ("are they", "for my dog toys") count how many come in. Each of these was refused as outside the domain or
// misread. The neighbours keep their frames: a joke, a flight or a forecast asked for is still refused, a rating that
// gets worse is still the rating, and a list or a deed told before "of them" does not choose the rows. Every phrasing is
// our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused: expectRefused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a figure that looks funny, fishy or dodgy asks whether it is unusual", () => {
  it.each([
    [
      "my TACoS looks a bit funny this month, anything weird going on?",
      { timeframe: "this_month", metrics: ["tacos"] },
    ],
    ["Pet Supplies sales look funny today", { timeframe: "today", category: "Pet Supplies" }],
    ["does anything look funny in my numbers this week", { timeframe: "this_week" }],
    ["the sales chart for Pet Supplies looks funny, what happened", { category: "Pet Supplies" }],
    ["my TACoS this month is doing something funny", { timeframe: "this_month", metrics: ["tacos"] }],
    ["my ACoS looks dodgy this week", { timeframe: "this_week", metrics: ["acos"] }],
    ["conversion rate looking wonky last 7 days, what's up", { metrics: ["conversion_rate"] }],
    ["my sessions look dodgy this week, any oddities?", { timeframe: "this_week", metrics: ["sessions"] }],
    ["something's not right with my UK orders yesterday", { timeframe: "yesterday", marketplace: "UK" }],
    [
      "spend on Yoga Mats - Broad seems kind of funny since Monday, anything out of character?",
      { campaign: "Yoga Mats - Broad", metrics: ["ad_spend"] },
    ],
  ])("%j is an anomaly check", (q, filters) => expectFrame([q], { intent: "anomalies", filters }));
});

describe("a joke or something funny asked for stays outside the domain", () => {
  it.each([
    ["tell me something funny"],
    ["tell me a funny story about dog toys"],
    ["what's a funny name for a dog toy"],
    ["tell me a joke about accountants"],
  ])("%j is refused", (q) => expectRefused(q));
});

describe("where the seller is, or the trip ahead, only says why they want a long or a short answer", () => {
  it.each([
    [
      "what are my biggest opportunities in Pet Supplies, full detail please, I have a 12 hour flight tomorrow",
      { insight_type: "opportunities", category: "Pet Supplies" },
    ],
    [
      "risks for Home & Kitchen in detail, we've got a long drive to Wellington",
      { insight_type: "risks", category: "Home & Kitchen", detail_level: "detailed" },
    ],
    ["give me the short version of my risks, I'm on my phone", { insight_type: "risks", detail_level: "summary" }],
    [
      "thorough rundown of risks in Beauty please, I'm stuck at the airport for ages",
      { insight_type: "risks", category: "Beauty & Personal Care" },
    ],
    [
      "what could go wrong in Sports & Outdoors this winter? the long version, I'm on the train for three hours",
      { insight_type: "risks", category: "Sports & Outdoors" },
    ],
  ])("%j asks for insights", (q, filters) => expectFrame([q], { intent: "insights", filters }));
  it.each([
    [
      "quick summary of my sales last week please, I'm boarding in 5 minutes",
      "sales_summary",
      { timeframe: "last_week" },
    ],
    [
      "I'm stuck at the airport, what's my ACoS on Yoga Mats - Broad this week?",
      "acos_by_campaign",
      { campaign: "Yoga Mats - Broad", metrics: ["acos"] },
    ],
    ["I'm on the train - which products are running low in Germany?", "stockout_risk", { marketplace: "DE" }],
    ["refund rate in France last month, we've got a long layover in Dubai", "refund_analysis", { marketplace: "FR" }],
  ])("%j asks %s", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a trip asked about stays outside the domain", () => {
  it.each([
    ["book me a flight to Auckland"],
    ["how much is a flight to Auckland"],
    ["I've got a long flight, any good podcasts?"],
    ["I'm at the airport, what's the weather in Auckland?"],
    ["I'm on the train, tell me a joke"],
  ])("%j is refused", (q) => expectRefused(q));
});

describe("catalogue gaps worth going after in a period ahead are today's gaps", () => {
  it.each([
    ["top 3 catalog gaps for next year", { limit: 3 }],
    ["catalogue gaps I should fill next quarter", {}],
    ["what products should I add to my range next year that competitors sell", {}],
    ["which gaps in my catalogue should I go after in 2027", {}],
    ["what are competitors selling in Pet Supplies that I'm not, for next Christmas", { category: "Pet Supplies" }],
    ["biggest holes in my range to plug before next summer", {}],
    ["5 product gaps in Home & Kitchen worth a punt next season", { limit: 5, category: "Home & Kitchen" }],
    ["where are the gaps in my lineup I could fill over the next 6 months", {}],
  ])("%j asks for catalog gaps", (q, filters) => expectFrame([q], { intent: "catalog_gaps", filters }));
  it.each([["what will my sales be next year"], ["how much profit will I make next quarter"]])(
    "%j, a forecast, is still refused",
    (q) => expectRefused(q),
  );
  it("gaps of a past period keep it", () =>
    expectFrame(["what were my catalog gaps last year"], {
      intent: "catalog_gaps",
      filters: { timeframe: "last_year" },
    }));
});

describe("stock in danger to finish is at risk of running out", () => {
  it.each([
    ["which products are in danger to end in Italy next month", { marketplace: "IT" }],
    ["what items risk to be finished before 3 weeks", { horizon_days: 21 }],
    ["tell me the goods at risk to finish in the UK", { marketplace: "UK" }],
    ["is PS-DOGT-01 in danger to finish", { sku: "PS-DOGT-01" }],
    ["which articles are in risk to finish in the next 2 weeks", { horizon_days: 14 }],
    ["show me what risks to finish in Home & Kitchen in 30 days", { category: "Home & Kitchen", horizon_days: 30 }],
    ["in Germany which SKUs are in danger to be finished soon", { marketplace: "DE" }],
    ["products at risk to finish in Beauty over the next 60 days?", { category: "Beauty & Personal Care" }],
  ])("%j asks for stockout risk", (q, filters) => expectFrame([q], { intent: "stockout_risk", filters }));
  it.each([["are we at risk of ending the year in the red"], ["which campaigns are at risk to end their budget"]])(
    "%j, something else ending, is no stock running out",
    (q) => expect(understand(q)?.intent).not.toBe("stockout_risk"),
  );
});

describe("a remark about the seller's stock, then rows picked of it", () => {
  it.each([
    ["my old inventory is a millstone round my neck. which 5 SKUs of it cost me the most in storage?", { limit: 5 }],
    ["all that dead stock is killing me. which of them cost the most storage fees?", {}],
    ["our slow movers are gathering dust like grandma's china. top 3 of them by storage fees?", { limit: 3 }],
    ["my aged stock is useless. which 4 SKUs of it are costing me most in storage fees?", { limit: 4 }],
    ["the excess stock is a total albatross. which 2 of it rack up the biggest storage fees?", { limit: 2 }],
    [
      "that overstock is a dead weight on the books. what 3 items among them are the worst for storage fees?",
      { limit: 3 },
    ],
    ["my aged inventory is as handy as a chocolate teapot. which SKUs of it eat the most storage fees?", {}],
    ["slow-moving stock is bleeding me dry. which 6 of them have the highest storage fees?", { limit: 6 }],
  ])("%j ranks the excess stock by storage fees", (q, filters) =>
    expectFrame([q], { intent: "excess_inventory", filters: { ...filters, metrics: ["storage_fees"] } }),
  );
  it("units a deed told are no rows to pick", () =>
    expect(
      understand("I sent 300 units to FBA last week. How many of them have sold?")?.filters.limit,
    ).toBeUndefined());
  it("one item of a list told is asked on its own", () =>
    expectFrame(
      [
        "My bookkeeper is away until January and left me some things to check. One of them is how many units Pet Supplies sold last quarter, can you give me that?",
      ],
      { intent: "sales_summary", filters: { timeframe: "last_quarter", category: "Pet Supplies" } },
    ));
});

describe("reviews slowing down, whatever words come between, count how many come in", () => {
  it.each([
    ["the reviews for PS-DOGT-01 have they dried up", { sku: "PS-DOGT-01" }],
    ["B0TGPUZZ01 reviews are they drying up", { asin: "B0TGPUZZ01" }],
    ["have reviews for my Dog Toys tailed off", { subcategory: "Dog Toys" }],
    ["reviews for the yoga mats seem to be petering out lately", {}],
    ["have new reviews on HK-COOK-01 stalled?", { sku: "HK-COOK-01" }],
    ["reviews on SO-YOGA-01, have they been trickling in slower?", { sku: "SO-YOGA-01" }],
    ["my reviews in Germany are they tapering off", { marketplace: "DE" }],
    ["puzzle reviews this month seem to have slowed right down", {}],
  ])("%j asks for the review count", (q, filters) =>
    expectFrame([q], { intent: "declining_reviews", filters: { ...filters, metrics: ["review_count"] } }),
  );
  it.each([
    ["my reviews on B0TGPUZZ01 are getting worse"],
    ["review ratings on B0TGPUZZ01 slowing down?"],
    ["are the star ratings for my puzzles slipping"],
  ])("%j stays the rating", (q) =>
    expectFrame([q], { intent: "declining_reviews", filters: { metrics: ["review_rating"] } }),
  );
});

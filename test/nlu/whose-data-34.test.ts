// Whose data, thirty-fourth set: questions about another company's sales, prices or products, and about the law's
// paperwork, that sound like a seller's own questions. The mirror holds the seller's own sales and, of competitors,
// only their offers on the seller's listings, so a competitor's own ranking of what sells, a named brand's revenue (also
// asked in a learner's order, the verb before the brand: "how much revenue makes X"), another retailer's price for goods
// the seller does not list, and what the law asks before selling somewhere (packaging law, EPR, licences, GPSR) are all
// refused. Their neighbours keep their frames: the seller's own rankings and revenue said beside competitors or a
// marketplace, competitor offers on the seller's own listings, and VAT inside the seller's own sales. Every phrasing is
// our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("a competitor's own ranking of what sells is not in the mirror", () => {
  it.each([
    ["which listing of my rival sells the most in puzzles"],
    ["what are the top 3 products of my closest competitor on amazon.co.uk"],
    ["my competitors' hottest items in Toys & Games right now"],
    ["tell me the best sellers of the brand that keeps outranking me"],
    ["what do rivals sell the most in Pet Supplies"],
    ["which SKU is selling best for my competitor this month"],
    ["the number one product of our biggest rival in Germany"],
    ["what's the best-selling item from the other sellers in cookware"],
    ["what is the most popular product of my competitors"],
    ["show me my rival's top selling yoga mats"],
  ])("%j is refused", (q) => refused(q));
});

describe("a named brand's sales, asked with the verb before the brand, are not in the mirror", () => {
  it.each([
    ["how many units sells Zenfit on amazon.fr a week"],
    ["how much turnover makes Homelux per year"],
    ["what revenue generates Snuggo in Italy monthly"],
    ["how much money earned Kitchora last month"],
    ["how much sales has Furbo on amazon.com"],
    ["how many orders gets Barkbox per day"],
    ["how much profit makes Petkin this quarter"],
    ["how much revenue makes Snugglo in the UK every month"],
  ])("%j is refused", (q) => refused(q));
});

describe("another shop's price for goods the seller does not list is not in the mirror", () => {
  it.each([
    ["how much is Argos charging for cordless kettles today"],
    ["what are Currys asking for toasters this month"],
    ["Tesco price for microwaves"],
    ["how much do blenders cost at John Lewis"],
    ["how much does Wilko want for garden chairs"],
    ["what's the price of robot vacuums at Lidl"],
    ["how much are coffee machines going for at Costco"],
    ["what is Tesco asking for microwaves these days"],
  ])("%j is refused", (q) => refused(q));
});

describe("what the law asks before selling somewhere is not a seller's figure", () => {
  it.each([
    ["which documents do we need to sell cosmetics in France"],
    ["what are the legal requirements for selling toys in the EU"],
    ["do I need a trading licence to sell on amazon.co.uk"],
    ["explain EPR for France to me"],
    ["what's the LUCID thing for German sellers"],
    ["is my dog toy GPSR compliant"],
    ["what certification do I need before selling electronics in Spain"],
    ["what regulations to sell supplements in Italy"],
    ["which licences would I need to sell candles in the UK"],
    ["Verpackungsgesetz: muss ich mich registrieren?"],
  ])("%j is refused", (q) => refused(q));
  it.each([
    ["should we set up as a limited company"],
    ["do I need to form an LLC to sell on amazon.com"],
    ["should I register a GmbH for Germany"],
  ])("setting up a business, %j, is refused", (q) => refused(q));
});

describe("neighbours: the seller's own rankings, revenue, competitor offers and VAT keep their frames", () => {
  it.each([
    [
      "rival prices on my puzzles",
      { intent: "competitor_pricing", filters: { subcategory: "Puzzles", metrics: ["price"] } },
    ],
    ["competitor prices on my best sellers", { intent: "competitor_pricing", filters: { metrics: ["price"] } }],
    ["my top 5 sellers versus competitors on price", { intent: "competitor_pricing", filters: { limit: 5 } }],
    ["which of my best sellers are competitors undercutting", { intent: "competitor_pricing" }],
    [
      "competitor price changes on my top products this week",
      { intent: "price_changes", filters: { timeframe: "this_week" } },
    ],
    ["best sellers by competitor price", { intent: "competitor_pricing", filters: { metrics: ["price"] } }],
    ["top 5 products by competitor price difference", { intent: "competitor_pricing", filters: { limit: 5 } }],
    [
      "show my top sellers for competitor analysis",
      { intent: "insights", filters: { insight_type: "competitor_analysis" } },
    ],
    ["who has undercut me since monday", { intent: "price_changes", filters: { metrics: ["price"] } }],
    [
      "which of my listings sell best in France",
      { intent: "top_products", filters: { marketplace: "FR", sort: "desc" } },
    ],
    ["what are competitors selling that we don't carry", { intent: "catalog_gaps" }],
    ["my monthly revenue on amazon.fr", { intent: "sales_trend", filters: { marketplace: "FR", group_by: "month" } }],
    [
      "how much revenue makes the yoga mat each month",
      { intent: "sales_trend", filters: { subcategory: "Yoga", metrics: ["revenue"], group_by: "month" } },
    ],
    ["how much revenue makes amazon.de per month", { intent: "sales_trend", filters: { marketplace: "DE" } }],
    [
      "how much is the cheapest competitor charging on B0SOYOGA01",
      { intent: "competitor_pricing", filters: { asin: "B0SOYOGA01", metrics: ["price"] } },
    ],
    [
      "what are other sellers charging for my desk organizers",
      { intent: "competitor_pricing", filters: { subcategory: "Desk Organizers" } },
    ],
    ["who is undercutting my kettle", { intent: "competitor_pricing", filters: { metrics: ["price"] } }],
    [
      "my gross sales including VAT in France last month",
      { intent: "sales_summary", filters: { marketplace: "FR", timeframe: "last_month", metrics: ["revenue"] } },
    ],
    ["my sales excluding VAT in the UK", { intent: "sales_summary", filters: { marketplace: "UK" } }],
    [
      "how much did I spend on fees in Germany last month",
      { intent: "profit_breakdown", filters: { marketplace: "DE" } },
    ],
    ["should I restock the yoga mats", { intent: "restock_recommendations" }],
    ["revenue since we started the business", { intent: "sales_summary" }],
  ] as const)("%j keeps its frame", (q, want) => expectFrame([q], want as { intent: string }));
});

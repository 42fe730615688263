// Whose data a question is about, twenty-eighth set: what lies outside the seller's own data is refused, and a few of the
// seller's own questions in plain words are read as meant. A figure judged against what is good for everyone ("considered
// decent", "generally"), Amazon's approval of a gated category and the paperwork it wants, customs duty in any language
// (Zoll, douane, aduana, dazi), how Amazon's money reaches the seller at all and which banks it pays into, Amazon's fee
// schedule asked in general or of a marketplace the seller does not sell on yet, and when Amazon's fees start or change
// are the world's: no mirror of the seller's account holds them. The seller's own fees, payouts and figures judged
// against their own target stay theirs. On the other side, what rivals sell that the seller has "nothing for" is the
// catalog gaps, the most dollars "tied up" in dead stock is its value, being "overpriced" or "underpriced" is the price
// against rivals, and reviews that "seem to have dried up" are fewer reviews. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("a figure judged against what is good for everyone is a benchmark of the market", () => {
  it.each([
    ["would a 12% refund rate be seen as high for yoga gear in general?"],
    ["generally, is a 25% TACoS healthy for a kitchen brand"],
    ["is 40% margin regarded as good for toys?"],
    ["what conversion rate is considered decent on amazon, generally speaking"],
    ["as a rule, is 8% CTR good for sponsored products"],
    ["is a cpc of 1.20 considered high for pet supplies"],
  ])("%j is invalid_query", refused);
  it.each([
    ["is my ACoS of 30% good compared to my target", "acos_by_campaign"],
    ["is my conversion rate good for pet supplies this month", "conversion_analysis"],
    ["what's my TACoS for toys generally", "advertising_summary"],
    ["which products are considered high risk of running out", "stockout_risk"],
  ])("%j stays the seller's own", (q, intent) => expectFrame([q], { intent }));
});

describe("Amazon's approval of a category and the paperwork it wants are Amazon's rules", () => {
  it.each([
    ["what documents does amazon need before I can sell in the grocery category"],
    ["what do I need for category approval in health and household"],
    ["can amazon approve us for the jewelry category"],
    ["is the toys category gated during Q4"],
    ["what do I need to be allowed to sell in grocery"],
  ])("%j is invalid_query", refused);
});

describe("customs duty, in any language, is the border's price", () => {
  it.each([
    ["how much douane do I pay on dog toys from china to france"],
    ["cuánto es el arancel de aduana for yoga mats"],
    ["quanto costano i dazi doganali per importare tappetini yoga"],
    ["how much duty will I pay on cookware imported from china"],
    ["what's the customs duty rate on pet beds into the UK"],
    ["Zollgebühren für Yogamatten aus China?"],
  ])("%j is invalid_query", refused);
});

describe("how Amazon's money reaches the seller at all is Amazon's payment rules, not the payouts", () => {
  it.each([
    ["how can we get paid by amazon in pakistan"],
    ["which banks does amazon pay into in nigeria"],
    ["how do I withdraw my amazon money to a local bank in Egypt"],
    ["is a bank in Kenya accepted for amazon disbursements"],
    ["how to receive amazon payments in bangladesh"],
  ])("%j is invalid_query", refused);
  it.each([
    ["my payouts to my bank last month"],
    ["which bank account did the October payout go to"],
    ["how much did Amazon pay me last week"],
    ["what has amazon deposited into my bank this month"],
    ["how much did we receive from amazon in september"],
    ["when will my next payout arrive"],
  ])("%j is the seller's own payouts", (q) => expectFrame([q], { intent: "payouts" }));
});

describe("Amazon's fee schedule asked in general or before selling somewhere, and its calendar, are Amazon's", () => {
  it.each([
    ["what percentage referral fee does amazon charge on pet supplies on amazon.de, generally"],
    ["what's the referral rate for kitchen stuff on amazon.it? I'm thinking of selling there"],
    ["generally what does amazon charge in FBA fees for a small standard item on amazon.es"],
    ["if we expand to amazon.co.uk what are referral fees for toys there"],
    ["from what date do peak storage fees start"],
    ["when will the new referral rates take effect"],
    ["when do the higher q4 storage fees kick in this year"],
    ["when does amazon's storage fee increase start"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what did I pay in referral fees on amazon.fr", { marketplace: "FR", metrics: ["referral_fees"] }],
    ["storage fees for Q4 so far", { metrics: ["storage_fees"] }],
    ["referral fees for Toys last month", { category: "Toys & Games", timeframe: "last_month" }],
    ["how much did amazon take in fees on amazon.de in October", { marketplace: "DE" }],
    ["what were my FBA fees on pet supplies this quarter", { metrics: ["fba_fees"] }],
    ["when did my storage fees go up", { metrics: ["storage_fees"] }],
  ])("%j is the seller's own fees", (q, filters) => expectFrame([q], { intent: "profit_breakdown", filters }));
});

describe("what rivals sell that the seller has nothing for is a gap in the catalog", () => {
  it.each([
    ["what are rivals in Germany selling that we have nothing for", "DE"],
    ["which kinds of products do competitors offer in the UK that I've got nothing in", "UK"],
    ["what do other sellers on amazon.de carry that we don't have anything like", "DE"],
  ])("%j is catalog_gaps", (q, marketplace) => expectFrame([q], { intent: "catalog_gaps", filters: { marketplace } }));
});

describe("the most dollars tied up in stock that does not move is its value, ranked", () => {
  it.each([
    ["among my aged stock, which 5 products have the most dollars locked up", 5],
    ["where is the most money tied up in slow movers? top 5", 5],
    ["dead inventory only: which 3 have the most euros tied up", 3],
  ])("%j is excess_inventory by its value", (q, limit) =>
    expectFrame([q], { intent: "excess_inventory", filters: { metrics: ["inventory_value"], limit } }),
  );
  it("money earned in a currency is still revenue", () =>
    expectFrame(["which 5 products earned the most dollars last month"], {
      intent: "top_products",
      filters: { metrics: ["revenue"], limit: 5 },
    }));
});

describe("a price that is too high or too low is set against rivals, though none is named", () => {
  it.each([
    ["which 3 listings am I most underpriced on in Germany", { marketplace: "DE", limit: 3 }],
    ["top 10 products where I'm overpriced in the UK", { marketplace: "UK", limit: 10 }],
    ["where am I overpriced", {}],
  ])("%j is competitor_pricing", (q, filters) => expectFrame([q], { intent: "competitor_pricing", filters }));
  it.each([
    ["what are my top 5 products by revenue in Canada", ["revenue"]],
    ["which products have the highest price", ["price"]],
  ])("%j stays a ranking of the seller's products", (q, metrics) =>
    expectFrame([q], { intent: "top_products", filters: { metrics } }),
  );
});

describe("reviews that seem to have dried up are fewer reviews coming in", () => {
  it.each([
    ["the reviews for HK-COOK-01 appear to have tailed off, is it fewer than before?", "HK-COOK-01"],
    ["reviews on PS-DOGT-01 seem to be petering out", "PS-DOGT-01"],
    ["has the review flow on SO-YOGA-01 tailed off?", "SO-YOGA-01"],
  ])("%j is declining_reviews by their count", (q, sku) =>
    expectFrame([q], { intent: "declining_reviews", filters: { sku, metrics: ["review_count"] } }),
  );
  it("the rating asked stays the rating", () =>
    expectFrame(["what's my rating on HK-UTEN-02 lately"], {
      intent: "declining_reviews",
      filters: { metrics: ["review_rating"] },
    }));
});

// Periods and numbers, seventeenth set: the slots a seller fills in their own words. Money a product sold for in a
// period is revenue, not its price; "sold less units" ranks from the fewest; "the same month of the last year" is the
// same period a year back; money sent to a cost is that cost; "total? ACoS also" is plain ACoS; the sales of the ads
// are ad sales; "with detail" asks for the detailed findings; reviews that come fewer are the review count; a
// currency named by its name sets the currency; a total split across the marketplaces is broken down by them;
// "subcat" is the subcategory; "germanys" without its apostrophe is Germany. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { comparisonRange } from "../../src/core/timeframe.js";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("money a product sold for over a period, or said in money, is revenue; what it sells for is its price", () => {
  it.each([
    ["how much did HK-COOK-01 sell for last week?"],
    ["how much did we sell for in October"],
    ["how much has B0SOYOGA01 sold for in the UK"],
    ["what did the puzzle sell for in money last week"],
    ["how much did the yoga mat sell for this month in value terms"],
    ["PS-DOGT-01 sold for how much this month in money terms?"],
  ])("%j asks revenue alone", (q) => {
    const metrics = understand(q)?.filters.metrics;
    expect(metrics?.[0], q).toBe("revenue");
    expect(metrics, q).not.toContain("price");
  });
  it.each([
    ["what does the yoga mat sell for in the uk"],
    ["how much does HK-COOK-01 sell for"],
    ["what is B0SOYOGA01 selling for"],
  ])("%j stays a price", (q) => expect(understand(q)?.filters.metrics?.[0]).toBe("price"));
  // The stock's worth in money is not what was sold.
  it("stock worth in money terms stays its value", () =>
    expectFrame(["if I add up all my stock, what is it worth in money terms?"], { intent: "inventory_value" }));
});

describe("products said to sell less or fewer rank from the fewest", () => {
  it.each([
    ["which 3 products sold less units last month", "units_sold"],
    ["the 5 items that sold fewer units in the last 30 days", "units_sold"],
    ["which products have fewer orders last week", "orders"],
    ["which listings sell less in Germany", undefined],
    ["the fewer sold products this month", undefined],
    ["which products make less money", "revenue"],
  ])("%j is top_products ascending", (q, metric) =>
    expectFrame([q], { intent: "top_products", filters: { sort: "asc", ...(metric ? { metrics: [metric] } : {}) } }),
  );
  it.each([
    // A comparison in the clause keeps its two periods.
    ["which products sold less units than last month", "sales_comparison"],
    // The seller's own business, not products ranked.
    ["are we selling less units this month", "sales_summary"],
  ])("%j is no ranking", (q, intent) => {
    expectFrame([q], { intent });
    expect(understand(q)?.filters.sort, q).toBeUndefined();
  });
  it("more sold ranks from the most", () =>
    expectFrame(["which listings sold more orders in October"], { intent: "top_products", filters: { sort: "desc" } }));
});

describe("the same month, week or quarter of the last year is the same period a year back", () => {
  it.each([
    ["compare the profit of October with the same month of the last year"],
    ["Q3 revenue against the same quarter of the past year"],
    ["this week vs the same week of the last year"],
    ["units in September compared to the same period of the last year"],
  ])("%j compares with same_period_last_year", (q) =>
    expectFrame([q], { intent: "sales_comparison", filters: { compare_to: "same_period_last_year" } }),
  );
  it("a year named alone stays a period of its own", () =>
    expect(understand("revenue for the last year")?.filters.compare_to).toBeUndefined());
});

describe("the year so far is compared with last year like for like", () => {
  // "this year vs last year" may name last_year as the other side: a year still running is still set against the same
  // days of the year before (contract, "Comparing like with like").
  it("year_to_date against last_year takes the same days of 2025", () => {
    const got = comparisonRange({ start: "2026-01-01", end: "2026-11-21" }, "last_year", "2026-11-21", "year_to_date");
    expect(`${got.start}..${got.end}`).toBe("2025-01-01..2025-11-21");
  });
});

describe("money said to go to a cost is that cost, not revenue", () => {
  it.each([
    ["how much money went to Amazon in fees this year?", "fees"],
    ["how much money did we lose on storage fees last month", "storage_fees"],
    ["how much cash goes to amazon as referral fees", "referral_fees"],
    ["how much money was paid to amazon in fba fees this quarter", "fba_fees"],
  ])("%j asks %s", (q, metric) => {
    const metrics = understand(q)?.filters.metrics;
    expect(metrics?.[0], q).toBe(metric);
    expect(metrics, q).not.toContain("revenue");
  });
  it("money taken beside the fees stays revenue", () =>
    expect(understand("how much money did I make last month and what were my fees")?.filters.metrics).toContain(
      "revenue",
    ));
});

describe("a total closed before ACoS belongs to the figure before it", () => {
  it.each([
    ["This week ad spend total? ACoS also"],
    ["ad spend total, acos too"],
    ["last month ad spend in total. ACoS as well please"],
    ["spend total; acos also"],
  ])("%j is ad_spend and acos", (q) =>
    expectFrame([q], { intent: "advertising_summary", filters: { metrics: ["ad_spend", "acos"] } }),
  );
  it.each([["what's my total acos this month"], ["ad spend, ad sales, total acos"]])("%j keeps tacos", (q) =>
    expect(understand(q)?.filters.metrics).toContain("tacos"),
  );
});

describe("the sales of the ads are ad sales", () => {
  it.each([
    ["advertising summary for last 30 days, the spend and the sales of the ads"],
    ["ad spend and sales from advertising last week"],
    ["spend and the revenue of the campaigns this month"],
    ["ad spend plus the sales through ppc in Germany"],
  ])("%j is ad_spend and ad_sales", (q) =>
    expectFrame([q], { intent: "advertising_summary", filters: { metrics: ["ad_spend", "ad_sales"] } }),
  );
  it("ad-driven revenue alone is ad sales", () =>
    expectFrame(["how much ad-driven revenue did we get in October"], {
      intent: "advertising_summary",
      filters: { metrics: ["ad_sales"] },
    }));
  it("sales of the store, with no ads named, stay revenue", () =>
    expectFrame(["the sales of the UK store in October"], {
      intent: "sales_summary",
      filters: { metrics: ["revenue"] },
    }));
});

describe("findings asked with detail are the detailed ones", () => {
  it.each([
    ["any opportunity to grow in Spain? Explain with detail"],
    ["what are my biggest risks, with details please"],
    ["opportunities in the UK, in great detail"],
    ["go deep on my risks this month"],
  ])("%j is detailed", (q) => expectFrame([q], { intent: "insights", filters: { detail_level: "detailed" } }));
  it("a quick look stays a summary", () =>
    expectFrame(["any opportunities? just a quick look"], {
      intent: "insights",
      filters: { detail_level: "summary" },
    }));
});

describe("reviews said to come fewer are the review count, a decline", () => {
  it.each([
    ["The reviews of PS-DOGT-01 come fewer than before"],
    ["my reviews are coming less and less"],
    ["the reviews on HK-COOK-01 arrive less often than before"],
    ["I get less reviews than before on B0SOYOGA01"],
  ])("%j is declining_reviews by review_count", (q) => {
    expectFrame([q], { intent: "declining_reviews", filters: { metrics: ["review_count"] } });
    // The decline is what the check looks for, not two periods set side by side.
    expect(understand(q)?.filters.compare_to, q).toBeUndefined();
  });
  it("worse reviews stay the rating", () =>
    expectFrame(["the reviews of PS-DOGT-01 are worse than before"], {
      intent: "declining_reviews",
      filters: { metrics: ["review_rating"] },
    }));
  it("the review count of two periods named stays a comparison", () =>
    expectFrame(["review count this month vs last month for B0SOYOGA01"], { intent: "sales_comparison" }));
});

describe("a currency named by its name sets the currency", () => {
  it.each([
    ["Make my currency Saudi riyal please", "SAR"],
    ["set my currency to the UAE dirham", "AED"],
    ["currency should be egyptian pound", "EGP"],
    ["change the currency to singapore dollars", "SGD"],
    ["my currency is polish zloty from now on", "PLN"],
    ["switch currency to indian rupee", "INR"],
    ["make my currency brazilian real", "BRL"],
  ])("%j sets %s", (q, currency) =>
    expectFrame([q], { intent: "update_settings", filters: { settings: { currency } } }),
  );
  it.each([["which currency am I using?"], ["what is my currency"]])("%j only asks", (q) =>
    expectFrame([q], { intent: "show_settings" }),
  );
});

describe("a total split or spread across the marketplaces or categories is broken down by them", () => {
  it.each([
    ["How is my inventory value split across the marketplaces?", "marketplace"],
    ["how is my revenue spread between the categories", "category"],
    ["show my ad spend divided among my stores", "marketplace"],
    ["how are units distributed across all the countries last month", "marketplace"],
    ["how is profit spread over the subcategories", "subcategory"],
  ])("%j is grouped by %s", (q, group_by) => expect(understand(q)?.filters.group_by).toBe(group_by));
  // How many marketplaces the seller sells in is background, not a breakdown.
  it("stock spread over 4 marketplaces is no breakdown", () =>
    expect(
      understand("my stock is spread over 4 marketplaces, what's it worth in total?")?.filters.group_by,
    ).toBeUndefined());
});

describe("subcat is the subcategory", () => {
  it.each([
    ["inv levels by subcat", "inventory_levels"],
    ["margin by subcat in the uk", "profit_margin_by_category"],
    ["units per sub-category last month", "sales_summary"],
    ["revenue for each subcat", "sales_summary"],
  ])("%j is grouped by subcategory", (q, intent) => expectFrame([q], { intent, filters: { group_by: "subcategory" } }));
  it("the category stays the category", () =>
    expectFrame(["margin by cat in the uk"], {
      intent: "profit_margin_by_category",
      filters: { group_by: "category" },
    }));
});

describe("a marketplace's possessive typed without its apostrophe still names it", () => {
  it.each([
    ["sync germanys numbers", "DE"],
    ["how are frances sales this month", "FR"],
    ["canadas revenue last week", "CA"],
    ["the uks orders yesterday", "UK"],
    ["refresh japans data", "JP"],
  ])("%j is %s", (q, marketplace) => expect(understand(q)?.filters.marketplace).toBe(marketplace));
  it.each([["its sales this month"], ["how are my sales"], ["how are the sales of my best items"]])(
    "%j names no marketplace",
    (q) => expect(understand(q)?.filters.marketplace).toBeUndefined(),
  );
});

// Intents, metrics and follow-ups, twenty-eighth set: young sellers' internet slang around an otherwise plain question.
// Asides (ngl, tbh, lowkey, no cap, deadass, fr fr, lol, lmao, emoji) say how the seller feels and ask nothing; a
// cause given after the question ("bc my mom thinks…", "cuz my dad bet me…") is why they ask, and their "mom" is a
// mother, not month over month; a social post the figure goes into ("for my recap tiktok") is no part of it; "bet",
// "say less" agree to the answer before a reply edits it; "X king/queen/GOAT/carry" and "the ugliest/prettiest" are
// singular superlatives; "wait what can u do" asks for help. A word the spelling corrector does not know but that is
// two known words run together ("keyboard") is no misspelt seller word. Neighbours keep their frames: "MoM", "WoW",
// "ty vs ly" stay periods, "FR" and "in fr" stay France, "king size" is a size, "because of" stays in the question,
// praise with thanks asks nothing. Every phrasing is our own. (A filter expected as null is absent: these use the
// module's expectFrame on the fixture catalog, which reads null so.)
import { describe, it } from "vitest";
import { expectFrame, expectRefused as refused } from "../helpers/nlu-frames.js";

describe("slang asides around a question ask nothing", () => {
  it.each([
    ["ngl what did i make in september", "sales_summary", { timeframe: "2026-09", metrics: ["revenue"] }],
    [
      "tbh how many units did i move last week lol",
      "sales_summary",
      { timeframe: "last_week", metrics: ["units_sold"] },
    ],
    ["no cap what's my acos in germany this month", "advertising_summary", { marketplace: "DE", metrics: ["acos"] }],
    ["deadass need my refund rate by product for q3", "refund_analysis", { timeframe: "2026-Q3", group_by: "asin" }],
    [
      "real talk what's my ad spend this week 😭",
      "advertising_summary",
      { timeframe: "this_week", metrics: ["ad_spend"] },
    ],
    ["fr what's my conversion rate this month", "conversion_analysis", { timeframe: "this_month", marketplace: null }],
    [
      "which products will run out in the next 2 weeks fr fr 💀",
      "stockout_risk",
      { horizon_days: 14, marketplace: null },
    ],
    ["for real though what did i sell last week", "sales_summary", { timeframe: "last_week", metrics: ["revenue"] }],
    ["what should i restock ty", "restock_recommendations", { timeframe: null }],
    ["how much is my inventory worth ty!", "inventory_value", { timeframe: null }],
    ["lowkey curious what my buy box % is in the uk rn", "buy_box_share", { marketplace: "UK" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a cause or a post after the question is why it is asked", () => {
  it.each([
    ["my payouts for october pls, my mom keeps asking if this is a real job", "payouts", { timeframe: "2026-10" }],
    ["orders yesterday cuz my dad bet me i wouldn't hit 50", "sales_summary", { metrics: ["orders"], limit: null }],
    [
      "profit this month bc my bf thinks etsy was better",
      "sales_summary",
      { timeframe: "this_month", metrics: ["profit"] },
    ],
    ["revenue for q2 because my mom still says it's just a side thing", "sales_summary", { compare_to: null }],
    ["gimme my ytd profit, it's for my insta story 💅", "sales_summary", { timeframe: "year_to_date" }],
    ["units sold this year no cap i need it for my birthday tiktok", "sales_summary", { metrics: ["units_sold"] }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));

  // Neighbours: "because of" is the question's own; MoM and WoW are still periods.
  it("a cause of what the data shows stays in the question", () =>
    expectFrame(["did my acos go up because of the new campaign"], { intent: "acos_by_campaign" }));
  it.each([
    ["compare revenue mom for october", { timeframe: "2026-10", compare_to: "previous_period" }],
    ["units sold wow last week", { timeframe: "last_week", compare_to: "previous_period" }],
    ["revenue ty vs ly", { timeframe: "year_to_date", compare_to: "same_period_last_year" }],
  ])("%j stays a comparison", (q, filters) => expectFrame([q], { intent: "sales_comparison", filters }));
  it.each([["FR revenue last month"], ["acos this week in fr"]])("%j stays France", (q) =>
    expectFrame([q], {
      intent: q.startsWith("FR") ? "sales_summary" : "advertising_summary",
      filters: { marketplace: "FR" },
    }),
  );
});

describe("slang figures of the best one are singular superlatives", () => {
  it.each([
    ["which product is my revenue queen this year", "top_products", { metrics: ["revenue"], limit: 1, sort: "desc" }],
    ["who's the units king in the uk last month", "top_products", { marketplace: "UK", limit: 1, sort: "desc" }],
    ["which category had the prettiest margin last quarter", "profit_margin_by_category", { limit: 1, sort: "desc" }],
    ["which asin has the ugliest refund rate this month", "refund_analysis", { limit: 1, sort: "desc" }],
    ["which campaign was the carry in september", "acos_by_campaign", { timeframe: "2026-09", limit: 1 }],
    ["us campaigns last month, who's my roas queen", "acos_by_campaign", { metrics: ["roas"], limit: 1, sort: "desc" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));

  // Neighbours: a bed's size ranks nothing; the helper praised with thanks asks nothing.
  it("king size is a size", () =>
    expectFrame(["king size sheets revenue this month"], { intent: "sales_summary", filters: { limit: null } }));
  it.each([["thanks, you're the goat"], ["tysm, ur the goat fr"], ["thx fam, u r goated"], ["ok bet ty"]])(
    "%j asks nothing",
    (q) => refused(q),
  );
});

describe("replies and help in slang", () => {
  it.each([
    [
      "top 10 products by profit last month",
      "bet, just the top 3 lmao",
      "top_products",
      { limit: 3, metrics: ["profit"] },
    ],
    ["refund rate by product this month", "only the worst 5 lmao", "refund_analysis", { limit: 5, sort: "desc" }],
    ["sessions by product last week", "say less - only the top 4 pls", "conversion_analysis", { limit: 4 }],
    ["revenue this month vs last month", "slay, what about germany", "sales_comparison", { marketplace: "DE" }],
  ])("%j then %j edits the answer", (before, reply, intent, filters) =>
    expectFrame([before, reply], { intent, filters }),
  );

  it.each([["wait what can u do"], ["lmao what can this thing even do"], ["ok but like what r u able to help with"]])(
    "%j asks for help",
    (q) => expectFrame([q], { intent: "help" }),
  );
});

describe("an ordinary compound word is no misspelt seller word", () => {
  it.each([["my toddler smashed my keyboard lol"], ["sorry my cat sat on the keyboard"], ["omg my phone died lol"]])(
    "%j is refused",
    (q) => refused(q),
  );
  // Neighbours: a real misspelling is still corrected; slang that judges a figure asks for it.
  it("a misspelt keyword is still a keyword", () =>
    expectFrame(["show keywrod opportunities"], { intent: "keyword_opportunities" }));
  it.each([
    ["is my acos cooked this month", "advertising_summary", { metrics: ["acos"] }],
    ["how mid is my conversion in germany", "conversion_analysis", { marketplace: "DE" }],
    ["revenue in the u.s. last month", "sales_summary", { marketplace: "US" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

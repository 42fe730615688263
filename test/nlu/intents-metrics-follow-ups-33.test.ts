// Intents, metrics and follow-ups, thirty-third set: questions about seller-ai itself, and findings about the seller's
// performance. Whether the tool can read, import or work with a report or file of the seller's, whether its answers
// can go out to a spreadsheet, and what it does at all, are help; the features of another product (Excel, Shopify,
// Helium 10, Google Sheets) are that product's, not seller-ai's, and are refused. What to improve in the seller's
// performance, and a "read" on it, are performance findings (openings stay "room to improve", "where can I grow");
// what "stands out" or "sticks out" in the numbers is what is unusual in them, never stock running out; and a document
// the seller says they are making after the request ("…, I'm making the board deck") changes nothing of it, though
// "making" is also how a seller speaks of profit. Their neighbours keep their frames. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("what the tool can take in, give out or do is help", () => {
  it.each([
    ["can it open my settlement reports?"],
    ["does seller-ai work with the search term report"],
    ["could this tool import csv files from seller central"],
    ["will it load my inventory spreadsheets too"],
    ["can u read my ads reports"],
    ["does it understand flat files at all"],
    ["is this app able to handle my order exports"],
    ["can you process the fba downloads directly"],
    ["so what does this thing do exactly"],
    ["can it take my payments statements, or what does it do"],
    ["can I download the answer as a spreadsheet"],
    ["can we export the results into google sheets"],
  ])("%j is help", (q) => expectFrame([q], { intent: "help" }));
});

describe("the features of another product are not seller-ai's", () => {
  it.each([
    ["what excel formulas should I use for my margins"],
    ["which shopify apps are worth it"],
    ["helium 10 features I can use?"],
    ["best google sheets add-ons for sellers"],
    ["what are keepa's tools good for"],
    ["which quickbooks features help with inventory"],
    ["which tools of jungle scout do I need"],
    ["functions inside google sheets for beginners"],
    ["what shortcuts in excel save the most time"],
  ])("%j is refused", (q) => refused(q));
});

describe("what to improve in the seller's performance is performance findings", () => {
  it.each([
    ["what are the things I should improve on my account performance"],
    ["how do I improve my performance"],
    ["performance weak spots, quick version"],
    ["what to fix in my store performance"],
    ["things I need to work on in my performance?"],
    ["i want improve my performance, what i do?"],
    ["list what needs improving in our overall performance"],
    ["key improvements for my performance this month"],
  ])("%j is performance insights", (q) =>
    expectFrame([q], { intent: "insights", filters: { insight_type: "performance" } }),
  );
  it("a depth asked beside it is kept", () =>
    expectFrame(["short version: where should we improve in our performance"], {
      intent: "insights",
      filters: { insight_type: "performance", detail_level: "summary" },
    }));
});

describe("a read on how the account performs is performance findings", () => {
  it.each([
    ["quick read on how the shop is performing"],
    ["give me your read on my account performance"],
    ["high level view of my performance"],
    ["a top-level read on the business please"],
    ["rough read on performance this month"],
    ["bird's eye view of account performance"],
    ["overall read on my store's performance for the weekly sync"],
    ["what's your honest read on our performance"],
  ])("%j is performance insights", (q) =>
    expectFrame([q], { intent: "insights", filters: { insight_type: "performance" } }),
  );
});

describe("what stands out in the numbers is what is unusual", () => {
  it.each([
    ["anything stand out in my data this month"],
    ["what sticks out in my figures"],
    ["what stands out about last week"],
    ["did anything stick out yesterday"],
    ["something stands out in the UK?"],
    ["what leaps out in october"],
    ["what is standing out in my stats"],
    ["anything sticking out in my revenue lately"],
  ])("%j is anomalies", (q) => expectFrame([q], { intent: "anomalies" }));
});

describe("a document the seller is making, told after the request, changes nothing", () => {
  it.each([
    ["revenue last month, I'm making the board deck", "sales_summary", "revenue"],
    ["profit in Q3, I'm building the investor slides", "sales_summary", "profit"],
    ["units sold last month - making the monthly report for my boss", "sales_summary", "units_sold"],
    ["net profit for october, im making my monthly recap", "sales_summary", "profit"],
    ["profit last year, we're creating the annual presentation", "sales_summary", "profit"],
    ["profit in september, busy making the partner update", "sales_summary", "profit"],
    ["what did I earn in Q2, I'm putting together the quarterly pack", "sales_summary", "profit"],
    ["revenue this year so far, making slides for the team", "sales_summary", "revenue"],
  ])("%j is %s of %s", (q, intent, metric) => expectFrame([q], { intent, filters: { metrics: [metric] } }));
});

describe("neighbours keep their frames", () => {
  it.each([
    ["which features can I use", "help"],
    ["what can you do", "help"],
    ["any opportunities?", "insights"],
    ["can you show me my business report", "insights"],
    ["how can I improve my conversion rate", "conversion_analysis"],
    ["what stock runs out first", "stockout_risk"],
    ["which products are my standouts", "top_products"],
    ["how do my listings stand out from competitors", "insights"],
    ["read me my sales for october", "sales_summary"],
  ])("%j is %s", (q, intent) => expectFrame([q], { intent }));
  it("selling on another platform stays refused", () => refused("can I sell on shopify"));
  it.each([["where can I grow"], ["room to improve?"], ["where could we be doing better"]])("%j stays openings", (q) =>
    expectFrame([q], { intent: "insights", filters: { insight_type: "opportunities" } }),
  );
  it("a loss the seller is making is asked, not told", () =>
    expectFrame(["I'm making a loss on the yoga mats, which ones?"], {
      intent: "profit_breakdown",
      filters: { metrics: ["profit"] },
    }));
});

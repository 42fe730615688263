// Seller terms as a voice assistant writes them, twenty-ninth set: dictation software does not know Amazon's acronyms,
// so it spells them ("t a c o s", "f b a fees", "c p c") or writes the English words they sound like ("a cost" for
// ACoS, "row as" for ROAS, "skew" for SKU, "by box" for the buy box), spells a store's domain ("amazon dot c a"),
// says a catalog SKU with spaces for its hyphens, and writes "to" for two before a period ("the last to weeks"). A
// spoken question means what its typed twin means. "A cost" is plain English too ("at a cost of $5", "what a cost"),
// so it is ACoS only beside a percent, a target, bids, an alert, a campaign or after "my"; those neighbours keep their
// frame. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("an acronym spelled letter by letter is the acronym", () => {
  it.each([
    ["show me my t a c o s for each month this year", "tacos"],
    ["what's the a c o s on my ads last week", "acos"],
    ["give me r o a s for october", "roas"],
    ["average c p c over the past thirty days", "cpc"],
    ["what was my c t r yesterday", "ctr"],
  ])("%j names %s", (q, metric) => expect(understand(q)?.filters.metrics).toContain(metric));
});

describe("a sound-alike of ACoS, ROAS or TACoS next to a figure's words is the figure", () => {
  it.each([
    ["put my a cost target at eighteen percent", { target_acos: 18 }],
    ["change the target a cost to 30 percent please", { target_acos: 30 }],
  ])("%j sets target ACoS", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  it.each([
    ["how did my a cost look in september", "acos"],
    ["graph the t a cos week by week this quarter", "tacos"],
    ["what's my row as for the last thirty days", "roas"],
    ["roe as and a cost by campaign last month", "roas"],
    ["what is my tea cos this year", "tacos"],
    ["which campaigns ran above thirty percent a cost in october", "acos"],
  ])("%j names %s", (q, metric) => expect(understand(q)?.filters.metrics).toContain(metric));
  it.each([
    ["ping me whenever a cost climbs above forty percent", 40],
    ["alert me if my a cost goes past 40 percent", 40],
  ])("%j watches ACoS", (q, value) =>
    expectFrame([q], { intent: "create_alert", filters: { conditions: [{ metric: "acos", op: ">", value }] } }),
  );
  it("spelled FBA fees are the fees", () =>
    expect(understand("what did I pay in f b a fees in march")?.filters.metrics).toContain("fba_fees"));
});

describe("'a cost' in plain English stays a cost", () => {
  it.each([
    ["is there a cost for long term storage"],
    ["we bought the stock at a cost of $5 a unit, what's my margin"],
    ["what a cost those returns were last month"],
  ])("%j is no ACoS", (q) => expect(understand(q)?.filters.metrics ?? []).not.toContain("acos"));
});

describe("skew, by box and spoken domains", () => {
  it.each([["how many units of this skew SO-YOGA-01 did I sell last month", "SO-YOGA-01"]])(
    "%j names the SKU",
    (q, sku) => expect(understand(q)?.filters.sku).toBe(sku),
  );
  it.each([
    ["refunds on amazon dot co dot uk this month", "UK"],
    ["sales on amazon dot c a yesterday", "CA"],
    ["orders on dot de last week", "DE"],
    ["revenue on amazon dot com dot m x in october", "MX"],
  ])("%j is %s", (q, marketplace) => expect(understand(q)?.filters.marketplace).toBe(marketplace));
  it("a catalog SKU said with spaces for its hyphens is the SKU", () =>
    expect(understand("units sold for HK UTEN 02 last month")?.filters.sku).toBe("HK-UTEN-02"));
  it.each([["who owns the by box on my yoga mat"], ["what's my by box percentage this week"]])(
    "%j asks for the buy box",
    (q) => expect(understand(q)?.intent).toBe("buy_box_share"),
  );
  it("sorting by box count is no buy box", () =>
    expect(understand("sort my products by box count")?.intent).not.toBe("buy_box_share"));
  it("the skew of a chart stays a verb", () =>
    expect(understand("does one big order skew my sales numbers this week")?.filters.sku).toBeUndefined());
});

describe("'to' or 'too' before a period unit after last or past is two", () => {
  it.each([
    ["revenue for the last to weeks", "last_2_weeks"],
    ["profit over the past too months", "last_2_months"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
});

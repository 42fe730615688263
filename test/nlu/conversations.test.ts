import { afterEach, describe, expect, it } from "vitest";
import { loadConversation, newConversationId, saveConversation } from "../../src/store/conversations.js";
import { parseQuestion } from "../../src/nlu/parse-question.js";
import type { Understanding } from "../../src/core/understanding.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { FIXTURE_CATALOG } from "../helpers/nlu-fixture-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

const TODAY = "2026-11-21";
const catalog = { categories: FIXTURE_CATALOG.categories, subcategories: [], campaigns: [], asins: [], skus: [] };

/** Parses a conversation question by question; returns each understanding. */
function converse(questions: string[]): Understanding[] {
  const out: Understanding[] = [];
  let previous: Understanding | undefined;
  for (const q of questions) {
    const outcome = parseQuestion(q, { catalog, today: TODAY, previous });
    if ("error" in outcome) throw new Error(`not understood: ${q}`);
    previous = outcome.understanding;
    out.push(previous);
  }
  return out;
}

describe("follow-up questions", () => {
  it.each([
    [
      "another marketplace keeps the rest",
      ["top 5 products by revenue in the US last month", "what about the UK?"],
      {
        intent: "top_products",
        filters: { marketplace: "UK", timeframe: "last_month", metrics: ["revenue"], limit: 5, sort: "desc" },
      },
    ],
    [
      "another metric",
      ["top 5 products by revenue in the US last month", "and by profit?"],
      { intent: "top_products", filters: { marketplace: "US", metrics: ["profit"], limit: 5 } },
    ],
    [
      "a breakdown",
      ["how much did I sell last month?", "break it down by category"],
      { intent: "sales_summary", filters: { group_by: "category", timeframe: "last_month" } },
    ],
    [
      "another limit",
      ["top 5 products by units sold this year", "show 10 instead"],
      { intent: "top_products", filters: { limit: 10, metrics: ["units_sold"], timeframe: "year_to_date" } },
    ],
    [
      "a comparison turns a total into a comparison",
      ["how much revenue did I make this month?", "and compared to last year?"],
      { intent: "sales_comparison", filters: { timeframe: "this_month", compare_to: "same_period_last_year" } },
    ],
    [
      "a threshold takes the question's metric",
      ["ACoS by campaign last month", "only the ones above 30%"],
      {
        intent: "acos_by_campaign",
        filters: { timeframe: "last_month", conditions: [{ metric: "acos", op: ">", value: 30 }] },
      },
    ],
    [
      "another period",
      ["weekly revenue trend for the last 90 days", "and for the last 6 months?"],
      { intent: "sales_trend", filters: { timeframe: "last_6_months", group_by: "week" } },
    ],
    [
      "another direction",
      ["top 10 products by revenue last month", "what about the worst ones"],
      { intent: "top_products", filters: { sort: "asc", limit: 10 } },
    ],
    [
      "a three-step chain keeps everything it does not change",
      [
        "top 5 products by revenue in the US last month",
        "what about Germany?",
        "and by units?",
        "only in Pet Supplies",
      ],
      {
        intent: "top_products",
        filters: {
          marketplace: "DE",
          metrics: ["units_sold"],
          limit: 5,
          timeframe: "last_month",
          category: "Pet Supplies",
        },
      },
    ],
  ])("%s", (_label, questions, expected) => {
    const last = converse(questions).at(-1)!;
    expect(last).toMatchObject(expected);
    expect(last.filters.date_range).toBeDefined();
  });

  // Stock is asked about now: the sales period of the question before is no period of the stock.
  it("a new topic in a follow-up keeps the scope but not a sales period", () => {
    const last = converse(["revenue in Germany last month", "and what about stockouts?"]).at(-1)!;
    expect(last).toMatchObject({ intent: "stockout_risk", filters: { marketplace: "DE" } });
    expect(last.filters.timeframe).not.toBe("last_month");
  });

  it.each([
    [
      "a question that stands on its own starts afresh",
      ["top 5 products by revenue last month", "how much is my inventory worth?"],
      "inventory_value",
    ],
    [
      "even after a follow-up",
      ["top 5 products in the US", "and in the UK?", "which campaigns have the highest ACoS?"],
      "acos_by_campaign",
    ],
  ])("%s", (_label, questions, intent) => {
    const last = converse(questions).at(-1)!;
    expect(last.intent).toBe(intent);
    expect(last.filters.limit).toBeUndefined();
    expect(last.filters.marketplace).toBeUndefined();
  });

  it("recomputes the dates of a kept period", () => {
    const [, second] = converse(["revenue in the last 7 days", "what about Canada?"]);
    expect(second.filters.date_range).toEqual({ start: "2026-11-14", end: "2026-11-20" });
  });
});

describe("the conversation store", () => {
  let mirror: Mirror | undefined;
  afterEach(async () => {
    await mirror?.close();
    mirror = undefined;
  });
  const at = (minutes: number) => new Date(Date.parse("2026-11-21T12:00:00.000Z") + minutes * 60_000);

  it("makes conv_ ids of random base62", () => {
    const ids = new Set(Array.from({ length: 200 }, () => newConversationId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^conv_[0-9A-Za-z]{22}$/);
  });

  it.each([
    ["right after", 1, 30, true],
    ["just inside the time to live", 29, 30, true],
    ["after 30 idle minutes", 31, 30, false],
    ["after a shorter time to live", 6, 5, false],
  ])("keeps the last understanding %s", async (_label, minutes, ttlMinutes, kept) => {
    mirror = await openMirror(tempDbPath());
    const [first] = converse(["top 5 products by revenue in the US last month"]);
    const id = newConversationId();
    await saveConversation(mirror.db, id, first, at(0), "acme");
    const loaded = await loadConversation(mirror.db, id, at(minutes), { ttlMinutes });
    expect(loaded).toEqual(kept ? first : undefined);
  });

  it("continues a stored conversation and stays alive while in use", async () => {
    mirror = await openMirror(tempDbPath());
    const id = newConversationId();
    const [first] = converse(["top 5 products by revenue in the US last month"]);
    await saveConversation(mirror.db, id, first, at(0));
    const previous = await loadConversation(mirror.db, id, at(20));
    const outcome = parseQuestion("what about the UK?", { catalog, today: TODAY, previous });
    expect("understanding" in outcome && outcome.understanding.filters).toMatchObject({ marketplace: "UK", limit: 5 });
    if ("understanding" in outcome) await saveConversation(mirror.db, id, outcome.understanding, at(20));
    expect((await loadConversation(mirror.db, id, at(45)))?.filters.marketplace).toBe("UK");
    const rows = await mirror.db.selectFrom("conversations").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, created_at: at(0).toISOString(), updated_at: at(20).toISOString() });
  });

  it.each([
    ["an unknown id", undefined],
    ["a damaged state", "{not json"],
    ["a state without a valid intent", JSON.stringify({ understanding: { intent: "hack", filters: {} } })],
  ])("forgets %s", async (_label, state) => {
    mirror = await openMirror(tempDbPath());
    if (state) {
      await mirror.db
        .insertInto("conversations")
        .values({
          id: "conv_x",
          state,
          created_at: at(0).toISOString(),
          updated_at: at(0).toISOString(),
        })
        .execute();
    }
    expect(await loadConversation(mirror.db, "conv_x", at(1))).toBeUndefined();
  });
});

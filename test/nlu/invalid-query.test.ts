import { describe, expect, it } from "vitest";
import { parseQuestion } from "../../src/nlu/parse-question.js";
import { FIXTURE_CATALOG } from "../helpers/nlu-fixture-mirror.js";

const catalog = { categories: FIXTURE_CATALOG.categories, subcategories: [], campaigns: [], asins: [], skus: [] };
const TODAY = "2026-11-21";

describe("questions outside the domain", () => {
  it.each([
    "what's the weather in Paris tomorrow?",
    "write me a poem about socks",
    "asdf qwerty zxcv",
    "who won the football game last night",
    "how do I bake sourdough bread",
    "?",
    "",
    "   ",
    "tell me a joke about accountants",
    "what is the capital of Australia",
    "lorem ipsum dolor sit amet",
    "translate good morning into French",
  ])("%j is invalid_query with suggestions", (question) => {
    const outcome = parseQuestion(question, { catalog, today: TODAY });
    expect("error" in outcome).toBe(true);
    if (!("error" in outcome)) return;
    expect(outcome.error.code).toBe("invalid_query");
    expect(outcome.error.message.length).toBeGreaterThan(10);
    expect(outcome.error.suggestions.filter((s) => s.startsWith("Try: ")).length).toBe(3);
  });

  it("says what to add and offers the closest example questions", () => {
    const outcome = parseQuestion("tell me about quantum physics", { catalog, today: TODAY });
    expect("error" in outcome).toBe(true);
    if (!("error" in outcome)) return;
    const s = outcome.error.suggestions;
    expect(s).toContain('Name a timeframe, e.g. "last 30 days", "this month" or "Q3".');
    expect(s).toContain('Name a marketplace, e.g. "in Germany", "UK" or "amazon.com".');
    expect(s).toContain("Name a metric, e.g. revenue, units sold, profit, ACoS or days of supply.");
    expect(s).toContain('Name a category, e.g. "Beauty & Personal Care" or "Home & Kitchen".');
    expect(s.filter((x) => x.startsWith("Try: "))).toHaveLength(3);
  });

  it("does not ask for what the question already has", () => {
    const outcome = parseQuestion("the weather in Germany last month", { catalog, today: TODAY });
    expect("error" in outcome).toBe(true);
    if (!("error" in outcome)) return;
    expect(outcome.error.suggestions.some((s) => s.startsWith("Name a timeframe"))).toBe(false);
    expect(outcome.error.suggestions.some((s) => s.startsWith("Name a marketplace"))).toBe(false);
  });

  it("says when a lone follow-up needs a question before it", () => {
    const outcome = parseQuestion("and what about Germany?", { catalog, today: TODAY });
    expect("error" in outcome && outcome.error.suggestions[0]).toBe(
      "It reads like a follow-up: ask a whole question first, then follow up on it.",
    );
  });

  it.each(["help", "what can you do?", "refresh my data", "sync now"])("%j is a command, not invalid", (question) => {
    expect("understanding" in parseQuestion(question, { catalog, today: TODAY })).toBe(true);
  });
});

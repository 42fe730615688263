import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { fixtureMirror } from "../helpers/nlu-fixture-mirror.js";
import { openMirror } from "../../src/store/open-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// One mirror for the whole file (temp-mirror's folders are removed after each test).
const dir = mkdtempSync(join(tmpdir(), "seller-ai-parse-"));
const db = join(dir, "mirror.db");
beforeAll(async () => (await fixtureMirror(db)).close());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const parse = async (args: string[], options: Parameters<typeof captureIo>[0] = {}) => {
  const io = captureIo(options);
  const code = await runCli(["--db", db, "--today", "2026-11-21", "parse", ...args], io);
  return { code, out: io.out(), err: io.err() };
};

describe("seller-ai parse", () => {
  it("prints the understanding as one JSON line when piped", async () => {
    const { code, out, err } = await parse(["top 5 products by revenue in the US last 30 days"]);
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(out.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(out)).toMatchObject({
      intent: "top_products",
      area: "performance",
      filters: {
        timeframe: "last_30_days",
        date_range: { start: "2026-10-22", end: "2026-11-20" },
        marketplace: "US",
        metrics: ["revenue"],
        limit: 5,
        sort: "desc",
      },
      interpretation: "Top 5 products by revenue in the US, last 30 days",
      source: "parser",
    });
  });

  it("is readable on a terminal", async () => {
    const { code, out } = await parse(["stockout", "risk", "in", "pet", "supplies"], { tty: true });
    expect(code).toBe(0);
    expect(out.split("\n")[0]).toBe("Stock-out risk (days of supply) in Pet Supplies");
    expect(out).toContain("stockout_risk (inventory), confidence");
    expect(out).toContain('"category": "Pet Supplies"');
  });

  it("uses the mirror's catalog", async () => {
    const { out } = await parse(["acos for the yoga mats broad campaign"]);
    expect(JSON.parse(out).filters.campaign).toBe("Yoga Mats - Broad");
  });

  it("exits 3 with the message and suggestions on stderr for a question it cannot answer", async () => {
    const { code, out, err } = await parse(["write me a poem about socks"]);
    expect(code).toBe(3);
    expect(out).toBe("");
    expect(err).toMatch(/^seller-ai: "write me a poem about socks" is not a question about your seller data/);
    expect(err).toContain("  - Name a timeframe");
    expect(err).toContain('  - Try: "');
  });

  it("reads and writes JSON Lines, building conversations from context", async () => {
    const input = [
      { id: "q1", query: "top 5 products by revenue in the US last month" },
      { id: "q2", query: "what about the UK?", context: ["top 5 products by revenue in the US last month"] },
      { id: "q3", query: "what's the weather in Paris tomorrow?" },
      {
        id: "q4",
        query: "and by profit?",
        context: ["top 5 products by revenue in the US last month", "what about Germany?"],
      },
    ]
      .map((l) => JSON.stringify(l))
      .join("\n");
    const { code, out } = await parse(["--jsonl"], { stdin: `${input}\n\nnot json\n` });
    expect(code).toBe(0);
    const lines = out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(["q1", "q2", "q3", "q4", null]);
    expect(lines[0].understanding.filters).toMatchObject({ marketplace: "US", limit: 5 });
    expect(lines[1].understanding.filters).toMatchObject({ marketplace: "UK", limit: 5, timeframe: "last_month" });
    expect(lines[2].error).toMatchObject({ code: "invalid_query" });
    expect(lines[2].error.suggestions.length).toBeGreaterThan(0);
    expect(lines[3].understanding.filters).toMatchObject({ marketplace: "DE", metrics: ["profit"], limit: 5 });
    expect(lines[4].error.code).toBe("invalid_request");
  });

  it.each([
    ["no question", [], /parse needs a question/],
    ["a question and --jsonl", ["--jsonl", "top products"], /not both/],
    ["a bad --llm", ["--llm", "gpt", "top products"], /--llm must be ollama:MODEL/],
    ["a bad --llm-timeout", ["--llm-timeout", "soon", "top products"], /--llm-timeout must be a whole number/],
  ])("exits 2 for %s", async (_label, args, message) => {
    const { code, err } = await parse(args);
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });

  it("gives an empty mirror the demo seller first, with a notice on stderr", { timeout: 120_000 }, async () => {
    const db = tempDbPath();
    await (await openMirror(db)).close();
    const io = captureIo();
    const code = await runCli(["--db", db, "--today", "2026-11-21", "parse", "top products in kitchen"], io);
    expect(code).toBe(0);
    expect(io.err()).toMatch(/demo seller/);
    expect(JSON.parse(io.out()).filters.category).toBe("Home & Kitchen");
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { compile } from "vega-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { captureIo } from "../../src/cli/io.js";
import { answer, answerUnderstanding } from "../../src/answer/answer.js";
import { INTENTS, INTENT_AREAS, type Understanding } from "../../src/core/understanding.js";
import { chartSpec } from "../../src/render/chart-spec.js";
import { tableToCsv } from "../../src/render/csv.js";
import { renderAnswerText } from "../../src/render/terminal-answer.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { openMirror } from "../../src/store/open-mirror.js";

const TODAY = "2026-11-21";
const NOW = new Date(`${TODAY}T12:00:00.000Z`);
const QUESTION = "top 5 products by revenue last 30 days";
let dir: string;
let db: string;

// One small demo mirror for the whole file: the questions only read it.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "seller-ai-ask-"));
  db = join(dir, "mirror.db");
  const mirror = await openMirror(db);
  await generateDemo(mirror, { seed: 1, end: "2026-11-20", now: NOW, scale: "small" });
  await mirror.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function ask(args: string[], options: { tty?: boolean } = {}) {
  const io = captureIo({ tty: options.tty ?? false });
  const code = await runCli(["--db", db, "--today", TODAY, "ask", ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe("seller-ai ask exit codes", () => {
  it.each([
    ["a question it answers", 0, [QUESTION, "--format", "json"], /^$/],
    [
      "an unknown --format",
      2,
      [QUESTION, "--format", "xml"],
      /--format must be one of table, chart, json, csv, chart_data; got "xml"/,
    ],
    [
      "a malformed --marketplace",
      2,
      [QUESTION, "--marketplace", "USA1"],
      /--marketplace must be a two-letter marketplace code/,
    ],
    ["an unknown --marketplace", 2, [QUESTION, "--marketplace", "ZZ"], /marketplace "ZZ" is not a marketplace code/],
    [
      "an unknown --timeframe",
      2,
      [QUESTION, "--timeframe", "fortnight"],
      /timeframe "fortnight" is not a timeframe token/,
    ],
    ["a malformed --llm", 2, [QUESTION, "--llm", "gpt4"], /--llm must be ollama:MODEL/],
    [
      "a malformed --conversation",
      2,
      [QUESTION, "--conversation", "abc"],
      /--conversation must be a conversation id starting with conv_/,
    ],
    [
      "a --limit that is no whole number",
      2,
      [QUESTION, "--limit", "2.5"],
      /--limit must be a whole number of at least 1; got "2.5"/,
    ],
    ["a --limit of 0", 2, [QUESTION, "--limit", "0"], /--limit must be a whole number of at least 1; got "0"/],
    [
      "--json with another --format",
      2,
      [QUESTION, "--json", "--format", "csv"],
      /--json and --format csv ask for different formats/,
    ],
    ["no question", 2, [], /missing required argument 'question'/],
    [
      "a question it cannot understand",
      3,
      ["what is the meaning of life", "--format", "json"],
      /seller-ai: .+\n( {2}- .+\n)+$/,
    ],
  ])("%s exits %i", async (_label, code, args, stderr) => {
    const result = await ask(args as string[]);
    expect(result.err).toMatch(stderr);
    expect(result.code).toBe(code);
    if (code !== 0) expect(result.out).toBe("");
  });
});

describe("seller-ai ask formats", () => {
  it("--format csv writes only the table to stdout, RFC 4180 with a header", async () => {
    const { code, out, err } = await ask([QUESTION, "--format", "csv"]);
    expect(code).toBe(0);
    const rows = parse(out, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(5);
    expect(Object.keys(rows[0])).toEqual(
      expect.arrayContaining(["asin", "title", "units_sold", "revenue", "profit_margin", "growth_rate"]),
    );
    expect(out.split("\r\n")[0]).toMatch(/^asin,/);
    expect(err).toMatch(/--conversation conv_/);
  });

  it("--format csv of an answer without rows writes nothing and says why on stderr", async () => {
    const { code, out, err } = await ask([QUESTION, "--format", "csv", "--timeframe", "2019"]);
    expect(code).toBe(0);
    expect(out).toBe("");
    expect(err).toMatch(/^note: no rows\. .+/m);
  });

  it("--format json writes the API body and nothing else", async () => {
    const { out } = await ask([QUESTION, "--format", "json"]);
    const body = JSON.parse(out);
    expect(Object.keys(body)).toEqual(["request_id", "result", "metadata"]);
    expect(body.result.top_products).toHaveLength(5);
    expect(body.metadata.processing_time).toMatch(/^\d+\.\d+s$/);
    expect(body.metadata.query_understanding).toMatchObject({
      intent: "top_products",
      filters: { timeframe: "last_30_days", limit: 5 },
    });
  });

  it("--json is --format json", async () => {
    const { out } = await ask([QUESTION, "--json"]);
    expect(Object.keys(JSON.parse(out))).toEqual(["request_id", "result", "metadata"]);
  });

  it.each([
    ["raises", "8", 8],
    ["lowers", "2", 2],
  ])("--limit %s the number of rows whatever the question says", async (_label, limit, rows) => {
    const { out } = await ask([QUESTION, "--format", "json", "--limit", limit]);
    const body = JSON.parse(out);
    expect(body.result.top_products).toHaveLength(rows);
    expect(body.metadata.query_understanding.filters.limit).toBe(rows);
  });

  it("--format chart_data writes a Vega-Lite spec that compiles", async () => {
    const { out } = await ask([QUESTION, "--format", "chart_data"]);
    const spec = JSON.parse(out);
    expect(spec.$schema).toBe("https://vega.github.io/schema/vega-lite/v5.json");
    expect(spec.data.values).toHaveLength(5);
    expect(() => compile(spec)).not.toThrow();
  });

  it("--format table shows the table, the summary and the recommendation", async () => {
    const { out } = await ask([QUESTION, "--format", "table"]);
    expect(out).toMatch(/^Top 5 products by revenue/);
    expect(out).toMatch(/│ ASIN\s+│ Title/);
    expect(out).toMatch(/\$[\d,]+\.\d\d/);
    expect(out).toContain("Summary: ");
    expect(out).toContain("Recommendation: ");
  });

  it("--format chart draws a series as a line chart", async () => {
    const { code, out } = await ask(["daily revenue for the last 30 days", "--format", "chart"]);
    expect(code).toBe(0);
    expect(out).toMatch(/[┼┤][─╭╮╯╰│ ]*\n/);
    expect(out).not.toMatch(/│ Period/);
  });

  it.each([
    [false, "json"],
    [true, "table"],
  ])("defaults to the format for a terminal (tty %s: %s)", async (tty, format) => {
    const { out } = await ask([QUESTION], { tty });
    if (format === "json") expect(() => JSON.parse(out)).not.toThrow();
    else expect(out).toContain("Summary: ");
  });

  it("--explain goes to stderr beside data formats, so stdout stays data", async () => {
    const { out, err } = await ask([QUESTION, "--format", "json", "--explain"]);
    expect(() => JSON.parse(out)).not.toThrow();
    expect(err).toContain("Understanding:");
    expect(err).toMatch(/"intent": "top_products"/);
    expect(err).toMatch(/SQL \(\d+ statements?\):\n {2}1\. select/i);
  });

  it("--explain goes to stdout with a table", async () => {
    const { out } = await ask([QUESTION, "--format", "table", "--explain"]);
    expect(out).toMatch(/^Understanding:[\s\S]*SQL[\s\S]*Top 5 products by revenue/);
  });
});

describe("seller-ai ask options", () => {
  it("--marketplace and --timeframe override what the question says", async () => {
    const { out } = await ask([
      `${QUESTION} in the US`,
      "--format",
      "json",
      "--marketplace",
      "uk",
      "--timeframe",
      "last_month",
    ]);
    const filters = JSON.parse(out).metadata.query_understanding.filters;
    expect(filters).toMatchObject({
      marketplace: "UK",
      timeframe: "last_month",
      date_range: { start: "2026-10-01", end: "2026-10-31" },
    });
  });

  it("--conversation continues a conversation", async () => {
    const first = JSON.parse((await ask([QUESTION, "--format", "json"])).out);
    const id = first.metadata.conversation_id;
    expect(id).toMatch(/^conv_/);
    const next = JSON.parse((await ask(["what about the UK?", "--format", "json", "--conversation", id])).out);
    expect(next.metadata.conversation_id).toBe(id);
    expect(next.metadata.query_understanding).toMatchObject({
      intent: "top_products",
      filters: { marketplace: "UK", limit: 5, metrics: ["revenue"] },
    });
  });
});

describe("the same answer from the core and the CLI", () => {
  it.each([
    QUESTION,
    "how much did I sell last month",
    "this month vs last month",
    "weekly revenue this year",
    "what runs out in the next 2 weeks",
    "acos by campaign last 30 days",
  ])("%s", async (question) => {
    const mirror = await openMirror(db);
    let core: Awaited<ReturnType<typeof answer>>;
    try {
      core = await answer(question, { db: mirror.db, now: NOW });
    } finally {
      await mirror.close();
    }
    const { code, out } = await ask([question, "--format", "json"]);
    expect(code).toBe(0);
    const cli = JSON.parse(out);
    expect(cli.result).toEqual(JSON.parse(JSON.stringify(core.body.result)));
    expect(cli.metadata.query_understanding).toEqual(
      JSON.parse(JSON.stringify(core.body.metadata.query_understanding)),
    );
    expect(cli.metadata.data_freshness).toBe(core.body.metadata.data_freshness);
    expect(cli.request_id).not.toBe(core.body.request_id);
  });
});

describe("seller-ai chat without a terminal", () => {
  async function chat(stdin: string) {
    const io = captureIo({ stdin });
    const code = await runCli(["--db", db, "--today", TODAY, "chat"], io);
    return { code, out: io.out(), err: io.err() };
  }

  it("answers one line at a time and obeys the commands", async () => {
    const { code, out } = await chat(
      `${QUESTION}\n/format csv\ntop 3 products by units last 30 days\n/quit\nnever asked\n`,
    );
    expect(code).toBe(0);
    const [table, csv] = out.split("Format: csv.");
    expect(table).toContain("Summary: ");
    expect(csv).toMatch(/^\s*asin,/);
    expect(parse(csv.trim(), { columns: true })).toHaveLength(3);
    expect(out).not.toContain("never asked");
  });

  it("says why a line was not understood and exits 3 at the end", async () => {
    const { code, out, err } = await chat(`what is the meaning of life\n${QUESTION}\n`);
    expect(err).toMatch(/^Sorry, I can't answer that: .+\nTry:\n {2}- /);
    expect(out).toContain("Summary: ");
    expect(code).toBe(3);
  });
});

describe("seller-ai with no command", () => {
  it("prints the help when not on a terminal", async () => {
    const io = captureIo();
    expect(await runCli(["--db", db], io)).toBe(0);
    expect(io.out()).toMatch(/^Usage: seller-ai \[options\] \[command\]/);
    expect(io.out()).toMatch(/ask \[options\] <question\.\.\.>/);
    expect(io.out()).toMatch(/chat \[options\]/);
  });

  it("still calls an unknown word an unknown command", async () => {
    const io = captureIo();
    expect(await runCli(["--db", db, "tpo"], io)).toBe(2);
    expect(io.err()).toMatch(/unknown command 'tpo'/);
  });
});

describe("every intent's answer renders", () => {
  const filtersFor = (intent: string): Record<string, unknown> => {
    if (intent === "create_alert") return { conditions: [{ metric: "days_of_supply", op: "<", value: 14 }] };
    if (intent === "update_settings") return { settings: { lead_time_days: 30 } };
    if (intent === "sales_trend") return { timeframe: "last_90_days", group_by: "week" };
    if (intent === "sales_comparison") return { timeframe: "last_month", compare_to: "previous_period" };
    return { timeframe: "last_30_days" };
  };

  it.each(INTENTS.filter((i) => !["refresh_data", "update_settings", "create_alert", "delete_alert"].includes(i)))(
    "%s: a chart spec that compiles, csv that parses back, a terminal text",
    async (intent) => {
      const mirror = await openMirror(db);
      try {
        const understanding = {
          intent,
          area: INTENT_AREAS[intent],
          confidence: 1,
          filters: filtersFor(intent),
          interpretation: `Test of ${intent}`,
        } as Understanding;
        const charted = await answerUnderstanding(understanding, { db: mirror.db, now: NOW });
        const spec = chartSpec(charted.body.result, charted.primaryKey, charted.understanding);
        expect(spec.$schema).toBe("https://vega.github.io/schema/vega-lite/v5.json");
        expect(() => compile(spec as never)).not.toThrow();
        const rows = charted.body.result[charted.primaryKey];
        if (Array.isArray(rows) && rows.length > 0) {
          const csv = tableToCsv(rows as Record<string, unknown>[]);
          expect(parse(csv, { columns: true })).toHaveLength(rows.length);
        }
        const text = renderAnswerText(charted, { width: 100 });
        expect(text.startsWith(`Test of ${intent}`)).toBe(true);
        expect(text).toContain("Summary: ");
      } finally {
        await mirror.close();
      }
    },
  );
});

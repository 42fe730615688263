// `seller-ai insights` as a user runs it: a table for people, JSON and CSV
// for scripts, a stored finding shown again by id, and bad options refused
// with what is allowed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { parseDemoOptions } from "../../src/cli/commands/demo.js";
import { buildTwoSellerMirror } from "../helpers/two-sellers.js";
// One mirror for the file (the shared temp helper empties its folders after each test).
const dir = mkdtempSync(join(tmpdir(), "seller-ai-insights-cli-"));
const db = join(dir, "mirror.db");

beforeAll(async () => {
  await (await buildTwoSellerMirror(db)).close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[], tty = false) {
  const io = captureIo({ tty });
  const code = await runCli(["--db", db, "--today", "2026-11-21", "insights", "--account", "acme", ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe("seller-ai insights", () => {
  it("shows a ranked table on a terminal, then each finding with what to do and what to ask next", async () => {
    const run = await cli(["--type", "risks"], true);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Insights: risks \(summary\)/);
    expect(run.out).toMatch(/\d+ risks findings? for 2026-10-22 to 2026-11-20/);
    expect(run.out).toMatch(/Money at/);
    expect(run.out).toMatch(/^ {3}Do: /m);
    expect(run.out).toMatch(/^ {3}Ask: seller-ai ask "/m);
    expect(run.out).toMatch(/run run_[0-9a-f]{16}/);
  });

  it("writes the result as JSON when piped, and a stored finding can be shown again by its id", async () => {
    const run = await cli(["--type", "opportunities", "--detail", "detailed"]);
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    const { run_id, result } = JSON.parse(run.out);
    expect(run_id).toMatch(/^run_/);
    expect(result).toMatchObject({ insight_type: "opportunities", detail_level: "detailed" });
    expect(result.insights.length).toBeLessThanOrEqual(10);
    const first = result.insights[0];
    const again = await cli(["--id", first.id, "--format", "json"]);
    expect(JSON.parse(again.out)).toMatchObject({ run_id, account_id: "acme", finding: first });
    const text = await cli(["--id", first.id, "--format", "table"]);
    expect(text.out).toContain(first.title);
  });

  it("writes the findings as CSV, one row each, nested fields dotted", async () => {
    const run = await cli(["--type", "performance", "--format", "csv", "--marketplace", "us"]);
    expect(run.code).toBe(0);
    const rows = parse(run.out, { columns: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0])).toEqual(
      expect.arrayContaining([
        "rank",
        "id",
        "kind",
        "severity",
        "money_at_stake",
        "evidence.metric",
        "entities.marketplace",
      ]),
    );
    expect(rows.every((r) => r["entities.marketplace"] === "" || r["entities.marketplace"] === "US")).toBe(true);
  });

  it.each([
    [["--type", "everything"], /--type must be one of performance, opportunities, risks, competitor_analysis/],
    [["--detail", "full"], /--detail must be one of summary, detailed, comprehensive/],
    [["--format", "xml"], /--format must be one of table, json, csv/],
    [["--sensitivity", "paranoid"], /--sensitivity must be one of low, normal, high/],
    [["--marketplace", "Germany!"], /--marketplace must be a two-letter marketplace code/],
    [["--id", "finding-1"], /--id must be a finding id/],
  ])("exits 2 on %j, naming the option and what it allows", async (args, message) => {
    const run = await cli(args as string[]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.out).toBe("");
  });

  it("says when a finding id is not stored", async () => {
    const run = await cli(["--id", "ins_0000000000000000"]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/no stored finding "ins_0000000000000000"/);
  });
});

describe("seller-ai demo --no-anomalies", () => {
  it("plants anomalies unless told not to", () => {
    expect(parseDemoOptions({}).anomalies).toBe(true);
    expect(parseDemoOptions({ anomalies: false }).anomalies).toBe(false);
  });

  it("is offered in the demo command's help", async () => {
    const io = captureIo();
    await runCli(["demo", "--help"], io);
    expect(io.out()).toMatch(/--no-anomalies/);
  });
});

describe("anomaly sensitivity setting", () => {
  it("is saved by update_settings, used by the next run, and refused when not low, normal or high", async () => {
    const { answerUnderstanding } = await import("../../src/answer/answer.js");
    const { openMirror } = await import("../../src/store/open-mirror.js");
    const mirror = await openMirror(db);
    try {
      const update = (value: string) =>
        answerUnderstanding(
          {
            intent: "update_settings",
            area: "account",
            confidence: 1,
            filters: { settings: { anomaly_sensitivity: value } },
            interpretation: "test",
          },
          { db: mirror.db, now: new Date("2026-11-21T12:00:00Z"), accountId: "acme" },
        );
      const saved = await update("high");
      expect(saved.body.result.settings).toEqual([
        { setting: "anomaly_sensitivity", previous: "normal", value: "high" },
      ]);
      await expect(update("paranoid")).rejects.toMatchObject({ code: "invalid_query" });
    } finally {
      await mirror.close();
    }
    const run = await cli(["--type", "risks", "--format", "json"]);
    expect(JSON.parse(run.out).result.sensitivity).toBe("high");
    const overridden = await cli(["--type", "risks", "--format", "json", "--sensitivity", "low"]);
    expect(JSON.parse(overridden.out).result.sensitivity).toBe("low");
  });
});

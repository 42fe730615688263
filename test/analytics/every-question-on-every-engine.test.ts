// Every question of the development set and of the first held-out split gets the same answer on every
// engine, commands included (asked in the same order, so settings and alerts change alike): the same
// figures to the cent and the same summary, or the same error. Each engine keeps its running totals in
// its own layout and sums in its own order; no answer may move with that.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../helpers/backends.js";
import { answer } from "../../src/answer/answer.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";

const NOW = new Date("2026-11-21T12:00:00Z");

const questions = ["dev.jsonl", "heldout.jsonl"].flatMap((file) =>
  readFileSync(new URL(`../../fixtures/nlu/${file}`, import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { query: string; context?: string[] })
    // A follow-up needs its conversation; a question on its own is asked as a new one.
    .filter((c) => !c.context)
    .map((c) => c.query),
);

/** What an answer says, without what is new on every asking (request, run and alert ids, times). */
async function said(mirror: Mirror, question: string): Promise<string> {
  try {
    const { body } = await answer(question, { db: mirror.db, now: NOW });
    return JSON.stringify({ result: body.result, summary: body.summary, error: body.error?.code }).replace(
      /"(request_id|run_id|id|created_at)":"[^"]*"/g,
      "",
    );
  } catch (error) {
    // The same fault on both: which currency pair an error names first follows the order rows come in.
    return `error ${(error as { code?: string }).code ?? String(error)}`;
  }
}

async function demoMirror(location: string): Promise<Mirror> {
  const mirror = await openStore(location);
  await generateDemo(mirror, { seed: 3, end: "2026-11-20", now: NOW, scale: "small" });
  return mirror;
}

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))(
  "every question on $name answers as on SQLite",
  (backend) => {
    let reference: Mirror;
    let mirror: Mirror;
    beforeAll(async () => {
      reference = await demoMirror(":memory:");
      mirror = await demoMirror(await backend.location());
    }, 180_000);
    afterAll(async () => {
      await reference?.close();
      await mirror?.close();
    });

    it(`the same answers to ${questions.length} questions`, async () => {
      expect(questions.length).toBeGreaterThan(600);
      const differ: string[] = [];
      for (const question of questions) {
        const [expected, got] = [await said(reference, question), await said(mirror, question)];
        if (got !== expected)
          differ.push(`${question}\n  sqlite:   ${expected.slice(0, 300)}\n  ${backend.name}: ${got.slice(0, 300)}`);
      }
      expect(differ.join("\n")).toBe("");
    }, 600_000);
  },
);

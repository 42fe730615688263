import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogVocabulary, type CatalogVocabulary } from "../src/nlu/catalog-vocabulary.js";
import { parseQuestion, type ParseOutcome } from "../src/nlu/parse-question.js";
import type { Understanding } from "../src/nlu/understanding.js";
import type { Mirror } from "../src/store/open-mirror.js";
import { filterMatches, fixtureMirror, readCases, type LabelledCase } from "./nlu-fixture-mirror.js";
import { tempDbPath } from "./helpers/temp-mirror.js";

const TODAY = "2026-11-21";
let mirror: Mirror;
let catalog: CatalogVocabulary;

beforeAll(async () => {
  mirror = await fixtureMirror(tempDbPath());
  catalog = await loadCatalogVocabulary(mirror.db);
});
afterAll(async () => mirror?.close());

function parseCase(c: LabelledCase): ParseOutcome {
  let previous: Understanding | undefined;
  for (const earlier of c.context ?? []) {
    const outcome = parseQuestion(earlier, { catalog, today: TODAY, previous });
    if ("understanding" in outcome) previous = outcome.understanding;
  }
  return parseQuestion(c.query, { catalog, today: TODAY, previous });
}

/** Frame accuracy by the scorer's rules: the intent and every expected filter. */
function score(cases: LabelledCase[]) {
  const misses: string[] = [];
  let frames = 0;
  let invalid = 0;
  let invalidRight = 0;
  for (const c of cases) {
    const outcome = parseCase(c);
    if ("error" in c.expect) {
      invalid++;
      if ("error" in outcome) {
        invalidRight++;
        frames++;
      } else misses.push(`${c.id} "${c.query}": want invalid_query, got ${outcome.understanding.intent}`);
      continue;
    }
    const wanted = [c.expect.intent].flat();
    if ("error" in outcome) {
      misses.push(`${c.id} "${c.query}": want ${wanted[0]}, got invalid_query`);
      continue;
    }
    const u = outcome.understanding;
    const wrong = wanted.includes(u.intent) ? Object.entries(c.expect.filters ?? {}).filter(([k, v]) => !filterMatches(k, v, u.filters)).map(([k]) => k) : ["intent"];
    if (wrong.length === 0) frames++;
    else misses.push(`${c.id} "${c.query}": ${wrong.join(", ")} wrong in ${JSON.stringify({ intent: u.intent, ...u.filters })}`);
  }
  return { frame: frames / cases.length, invalid, invalidRight, misses };
}

describe("the development set (fixtures/nlu/dev.jsonl)", () => {
  it("is understood at 95% frame accuracy or better, and every invalid_query case is refused", () => {
    const cases = readCases("dev.jsonl");
    expect(cases.length).toBeGreaterThan(100);
    const result = score(cases);
    expect(result.frame, result.misses.join("\n")).toBeGreaterThanOrEqual(0.95);
    expect(result.invalid).toBeGreaterThan(0);
    expect(result.invalidRight).toBe(result.invalid);
  });

  it("generalises to phrasings in neither the examples nor the development set (fixtures/nlu/paraphrases.jsonl)", () => {
    const result = score(readCases("paraphrases.jsonl"));
    expect(result.frame, result.misses.join("\n")).toBeGreaterThanOrEqual(0.9);
    expect(result.invalidRight).toBe(result.invalid);
  });

  it("gives the same output for the same input", () => {
    const cases = readCases("dev.jsonl");
    const first = cases.map((c) => JSON.stringify(parseCase(c)));
    const second = cases.map((c) => JSON.stringify(parseCase(c)));
    expect(second).toEqual(first);
  });
});

describe("the catalog vocabulary", () => {
  it("reads categories, subcategories, campaigns, ASINs and SKUs from the mirror", () => {
    expect(catalog.categories).toEqual(["Beauty & Personal Care", "Home & Kitchen", "Office Products", "Pet Supplies", "Sports & Outdoors", "Toys & Games"]);
    expect(catalog.subcategories).toContainEqual({ name: "Dog Toys", category: "Pet Supplies" });
    expect(catalog.campaigns).toContain("Yoga Mats - Broad");
    expect(catalog.asins).toContain("B0HKCOOK01");
    expect(catalog.skus).toContain("HK-COOK-01");
  });

  it("reads one account's names when given its id", async () => {
    expect((await loadCatalogVocabulary(mirror.db, "nobody")).categories).toEqual([]);
    expect((await loadCatalogVocabulary(mirror.db, "acme")).categories).toHaveLength(6);
  });
});

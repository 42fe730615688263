import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogVocabulary } from "../../src/core/catalog-vocabulary.js";
import { loadCatalogVocabulary } from "../../src/store/catalog-vocabulary.js";
import type { Mirror } from "../../src/store/open-mirror.js";
import { fixtureMirror, parseCase, readCases, scoreCases, type LabelledCase } from "../helpers/nlu-fixture-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

const TODAY = "2026-11-21";
let mirror: Mirror;
let catalog: CatalogVocabulary;

beforeAll(async () => {
  mirror = await fixtureMirror(tempDbPath());
  catalog = await loadCatalogVocabulary(mirror.db);
});
afterAll(async () => mirror?.close());

const score = (cases: LabelledCase[]) => scoreCases(cases, catalog, TODAY);
const parse = (c: LabelledCase) => parseCase(c, catalog, TODAY);

describe("the development set (fixtures/nlu/dev.jsonl)", () => {
  it("is understood at 100% frame accuracy, and every invalid_query case is refused", () => {
    const cases = readCases("dev.jsonl");
    expect(cases.length).toBe(171);
    const result = score(cases);
    expect(result.misses).toEqual([]);
    expect(result.frame).toBe(1);
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
    const first = cases.map((c) => JSON.stringify(parse(c)));
    const second = cases.map((c) => JSON.stringify(parse(c)));
    expect(second).toEqual(first);
  });
});

describe("the catalog vocabulary", () => {
  it("reads categories, subcategories, campaigns, ASINs and SKUs from the mirror", () => {
    expect(catalog.categories).toEqual([
      "Beauty & Personal Care",
      "Home & Kitchen",
      "Office Products",
      "Pet Supplies",
      "Sports & Outdoors",
      "Toys & Games",
    ]);
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

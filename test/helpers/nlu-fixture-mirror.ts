import { readFileSync } from "node:fs";
import type { CatalogVocabulary } from "../../src/core/catalog-vocabulary.js";
import { parseQuestion, type ParseOutcome } from "../../src/nlu/parse-question.js";
import type { Understanding } from "../../src/core/understanding.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";

/** The small catalog of fixtures/nlu/catalog.json. */
export const FIXTURE_CATALOG = JSON.parse(
  readFileSync(new URL("../../fixtures/nlu/catalog.json", import.meta.url), "utf8"),
) as {
  categories: string[];
  products: { sku: string; asin: string; category: string; subcategory: string }[];
  campaigns: string[];
};

/** A mirror holding one account with the fixture catalog's products (in US and DE) and campaigns. */
export async function fixtureMirror(path: string): Promise<Mirror> {
  const mirror = await openMirror(path);
  await mirror.db
    .insertInto("accounts")
    .values({
      id: "acme",
      name: "Acme",
      provider: "files",
      created_at: "2026-11-01T00:00:00.000Z",
      last_refresh_at: null,
    })
    .execute();
  for (const marketplace of ["US", "DE"]) {
    for (const p of FIXTURE_CATALOG.products) {
      await mirror.db
        .insertInto("products")
        .values({
          account_id: "acme",
          marketplace,
          sku: p.sku,
          asin: p.asin,
          fnsku: null,
          brand: null,
          category: p.category,
          subcategory: p.subcategory,
          price: 20,
          unit_cost: 8,
          lead_time_days: null,
          launched_on: null,
        })
        .execute();
    }
  }
  let n = 0;
  for (const name of FIXTURE_CATALOG.campaigns) {
    await mirror.db
      .insertInto("ad_campaigns")
      .values({
        account_id: "acme",
        marketplace: "US",
        campaign_id: `c${++n}`,
        name,
        daily_budget: 20,
        start_date: "2026-01-01",
      })
      .execute();
  }
  return mirror;
}

export interface LabelledCase {
  id: string;
  query: string;
  context?: string[];
  expect: { intent: string | string[]; filters?: Record<string, unknown> } | { error: "invalid_query" };
}

export function readCases(name: string): LabelledCase[] {
  return readFileSync(new URL(`../../fixtures/nlu/${name}`, import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as LabelledCase);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One expected filter against the parsed filters, by the dev-set scorer's rules. */
export function filterMatches(key: string, want: unknown, filters: Record<string, unknown>): boolean {
  const have = filters[key];
  if (want === null) return have === undefined || have === null;
  if (have === undefined) return false;
  if (key === "metrics") {
    const w = want as string[];
    return Array.isArray(have) && have[0] === w[0] && w.every((m) => have.includes(m));
  }
  if (key === "conditions") {
    const w = want as { metric: string; op: string; value: number }[];
    const h = have as { metric: string; op: string; value: number }[];
    return (
      Array.isArray(h) &&
      w.every((c) => h.some((x) => x.metric === c.metric && x.op === c.op && Number(x.value) === Number(c.value)))
    );
  }
  if (key === "category") return String(have).toLowerCase() === String(want).toLowerCase();
  if (key === "settings")
    return Object.entries(want as Record<string, unknown>).every(([k, v]) =>
      same((have as Record<string, unknown>)[k], v),
    );
  return same(have, want);
}

/** Parses a labelled case, its earlier questions first (as one conversation). */
export function parseCase(c: LabelledCase, catalog: CatalogVocabulary, today: string): ParseOutcome {
  let previous: Understanding | undefined;
  for (const earlier of c.context ?? []) {
    const outcome = parseQuestion(earlier, { catalog, today, previous });
    if ("understanding" in outcome) previous = outcome.understanding;
  }
  return parseQuestion(c.query, { catalog, today, previous });
}

export interface Score {
  /** Share of cases with the right intent and every expected filter. */
  frame: number;
  /** Cases that expect invalid_query, and how many of them were refused. */
  invalid: number;
  invalidRight: number;
  misses: string[];
}

/** Frame accuracy by the scorer's rules: the intent and every expected filter. */
export function scoreCases(cases: LabelledCase[], catalog: CatalogVocabulary, today: string): Score {
  const misses: string[] = [];
  let frames = 0;
  let invalid = 0;
  let invalidRight = 0;
  for (const c of cases) {
    const outcome = parseCase(c, catalog, today);
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
    const wrong = wanted.includes(u.intent)
      ? Object.entries(c.expect.filters ?? {})
          .filter(([k, v]) => !filterMatches(k, v, u.filters))
          .map(([k]) => k)
      : ["intent"];
    if (wrong.length === 0) frames++;
    else
      misses.push(
        `${c.id} "${c.query}": ${wrong.join(", ")} wrong in ${JSON.stringify({ intent: u.intent, ...u.filters })}`,
      );
  }
  return { frame: frames / cases.length, invalid, invalidRight, misses };
}

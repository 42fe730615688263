// Every intent's real result fits the shape its handler declares (src/analytics/results), checked with the
// JSON Schema the API documents: with data, without data, and for each grouping that changes the primary table.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerUnderstanding } from "../../src/answer/answer.js";
import { RESULT_SHAPES } from "../../src/analytics/results/index.js";
import { INTENTS, INTENT_AREAS, type Filters, type Intent, type Understanding } from "../../src/core/understanding.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { resultValidator, type SchemaValidator } from "../helpers/result-validator.js";

const NOW = new Date("2026-11-21T12:00:00.000Z");
let dir: string;
let mirror: Mirror;
let validator: SchemaValidator<Intent>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "seller-ai-shapes-"));
  mirror = await openMirror(join(dir, "mirror.db"));
  await generateDemo(mirror, { seed: 3, end: "2026-11-20", now: NOW, scale: "small" });
  validator = await resultValidator();
});

afterAll(async () => {
  await validator.close();
  await mirror.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The filters of each case: the intent's usual question, then variants that change the result's shape. */
/** The intents answered in this build: those understood but not answered yet declare no result. */
const ANSWERED = INTENTS.filter((i) => RESULT_SHAPES[i].length > 0);

const CASES: [Intent, string, Filters][] = [
  ...ANSWERED.filter((i) => !["create_alert", "update_settings"].includes(i)).map(
    (intent) => [intent, "last 30 days", { timeframe: "last_30_days" }] as [Intent, string, Filters],
  ),
  ...ANSWERED.filter((i) => INTENT_AREAS[i] !== "account").map(
    (intent) => [intent, "no data", { timeframe: "2019", marketplace: "JP" }] as [Intent, string, Filters],
  ),
  ["sales_summary", "by category", { timeframe: "last_month", group_by: "category" }],
  ["sales_summary", "by subcategory", { timeframe: "last_month", group_by: "subcategory" }],
  ["sales_summary", "by product", { timeframe: "last_month", group_by: "asin" }],
  ["sales_summary", "by week", { timeframe: "last_90_days", group_by: "week" }],
  ["sales_trend", "profit by month", { timeframe: "year_to_date", group_by: "month", metrics: ["profit"] }],
  [
    "sales_comparison",
    "in one marketplace",
    { timeframe: "last_month", compare_to: "previous_period", marketplace: "UK" },
  ],
  ["profit_margin_by_category", "by subcategory", { timeframe: "last_month", group_by: "subcategory" }],
  ["inventory_value", "by marketplace", { group_by: "marketplace" }],
  ["inventory_value", "by product", { group_by: "asin" }],
  ["buy_box_share", "by week", { timeframe: "last_90_days", group_by: "week" }],
  ["price_changes", "all time", { timeframe: "all_time" }],
  ["top_products", "ranked by an unrankable metric", { timeframe: "last_30_days", metrics: ["days_of_supply"] }],
  [
    "create_alert",
    "on stock, in one marketplace",
    { conditions: [{ metric: "days_of_supply", op: "<", value: 20 }], marketplace: "US" },
  ],
  ["create_alert", "on ACoS", { conditions: [{ metric: "acos", op: ">", value: 40 }] }],
  ["update_settings", "of days", { settings: { lead_time_days: 40, safety_stock_days: 10 } }],
  ["update_settings", "of the currency", { settings: { currency: "EUR" } }],
];

describe("every intent's result fits its declared shape", () => {
  it.each(CASES)("%s, %s", async (intent, _label, filters) => {
    const understanding: Understanding = {
      intent,
      area: INTENT_AREAS[intent],
      confidence: 1,
      filters,
      interpretation: `Test of ${intent}`,
    };
    const answered = await answerUnderstanding(understanding, { db: mirror.db, now: NOW });
    // Through JSON, as the API sends it.
    const result = JSON.parse(JSON.stringify(answered.body.result));
    expect(await validator.check(intent, result)).toBeUndefined();
    const shapes = RESULT_SHAPES[intent].filter((s) => s.primary === answered.primaryKey);
    expect(shapes).toHaveLength(1);
    expect(Array.isArray(result[answered.primaryKey])).toBe(true);
  });

  it("refuses a result with a field its shape does not declare, or a value of the wrong type", async () => {
    const answered = await answerUnderstanding(
      { intent: "top_products", area: "performance", confidence: 1, filters: {}, interpretation: "Top products" },
      { db: mirror.db, now: NOW },
    );
    const result = JSON.parse(JSON.stringify(answered.body.result));
    expect(await validator.check("top_products", { ...result, extra: 1 })).toMatch(/additional/);
    result.top_products[0].revenue = "a lot";
    expect(await validator.check("top_products", result)).toMatch(/revenue.*number/);
  });
});

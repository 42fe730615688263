// The demo seller's answers are the same on every engine: each engine plans
// the catalog joins and the snapshot reads its own way (store dialects), and
// no figure may move with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../helpers/backends.js";
import { answer } from "../../src/answer/answer.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";

const NOW = new Date("2026-11-21T12:00:00Z");

// Questions whose answers join the catalog (each product's first SKU) or read review snapshots by day.
const QUESTIONS: [string, string][] = [
  ["sales_summary", "total revenue all time"],
  ["sales_comparison", "how are sales this year compared to last year"],
  ["top_products", "top 10 products by profit last 30 days"],
  ["profit_margin_by_category", "profit margin by category year to date"],
  ["refund_analysis", "refund rate by product all time"],
  ["declining_reviews", "which products have declining reviews"],
  ["declining_reviews", "which products had declining reviews in september"],
  // A category narrows every answer to its products, on every engine.
  ["sales_summary", "revenue of Home & Kitchen last month"],
  ["top_products", "top 5 Pet Supplies products by units sold this year"],
  ["sales_trend", "weekly revenue trend for Toys & Games over the last 3 months"],
  ["sales_comparison", "Office Products sales this month vs last month"],
  ["declining_reviews", "Sports & Outdoors products with declining reviews"],
  ["price_changes", "competitor price changes in Beauty & Personal Care last week"],
  // A category the seller has no products of in that marketplace: nothing, rather than a fault.
  ["sales_summary", "revenue of Toys & Games in France last month"],
  ["declining_reviews", "products with declining reviews in Pet Supplies in Japan"],
];

async function demoMirror(location: string): Promise<Mirror> {
  const mirror = await openStore(location);
  await generateDemo(mirror, { seed: 3, end: "2026-11-20", now: NOW, scale: "small" });
  return mirror;
}

let reference: Mirror;
beforeAll(async () => {
  reference = await demoMirror(":memory:");
}, 120_000);
afterAll(async () => {
  await reference?.close();
});

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("the demo on $name answers as on SQLite", (backend) => {
  let mirror: Mirror;
  beforeAll(async () => {
    mirror = await demoMirror(await backend.location());
  }, 120_000);
  afterAll(async () => {
    await mirror?.close();
  });

  it.each(QUESTIONS)("%s: %s", async (intent, question) => {
    const expected = await answer(question, { db: reference.db, now: NOW });
    const got = await answer(question, { db: mirror.db, now: NOW });
    expect(expected.understanding.intent).toBe(intent);
    expect(got.body.result).toEqual(expected.body.result);
    expect(got.body.summary).toBe(expected.body.summary);
  });
});

// Questions reuse the catalog's names while the catalog stays as it was, and
// see a changed catalog at once.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSmallMirror } from "../helpers/small-mirror.js";
import { rememberedCatalogVocabulary } from "../../src/store/catalog-vocabulary.js";
import type { Mirror } from "../../src/store/open-mirror.js";
import { nextId } from "../../src/store/row-ids.js";

let mirror: Mirror;
beforeEach(async () => {
  mirror = await buildSmallMirror();
});
afterEach(async () => {
  await mirror.close();
});

const newRun = (m: Mirror) =>
  m.db
    .insertInto("sync_runs")
    .values({
      id: nextId(m.db, "sync_runs"),
      account_id: "acme",
      kind: "import",
      source: "listings.txt",
      status: "ok",
      started_at: "2026-11-21T08:00:00Z",
      finished_at: "2026-11-21T08:00:01Z",
    })
    .execute();

describe("the catalog's names are read again only when the catalog changed", () => {
  it("returns the same names, read once, while nothing changed", async () => {
    const first = await rememberedCatalogVocabulary(mirror.db, "acme");
    expect(await rememberedCatalogVocabulary(mirror.db, "acme")).toBe(first);
    expect(first.categories).toEqual(["Garden", "Kitchen"]);
  });

  it.each<
    [string, (m: Mirror) => Promise<unknown>, (c: Awaited<ReturnType<typeof rememberedCatalogVocabulary>>) => boolean]
  >([
    [
      "a product added",
      (m) =>
        m.db
          .insertInto("products")
          .values({
            account_id: "acme",
            marketplace: "US",
            sku: "LD-01",
            asin: "B0LADLE004",
            category: "Kitchen",
            subcategory: "Utensils",
          })
          .execute(),
      (c) => c.asins.includes("B0LADLE004"),
    ],
    [
      "a campaign added",
      (m) =>
        m.db
          .insertInto("ad_campaigns")
          .values({ account_id: "acme", marketplace: "US", campaign_id: "C9", name: "Holiday Push" })
          .execute(),
      (c) => c.campaigns.includes("Holiday Push"),
    ],
    [
      "a category renamed by an import",
      async (m) => {
        await m.db.updateTable("products").set({ category: "Outdoor" }).where("category", "=", "Garden").execute();
        await newRun(m);
      },
      (c) => c.categories.includes("Outdoor") && !c.categories.includes("Garden"),
    ],
  ])("reads them again after %s", async (_label, change, sees) => {
    const before = await rememberedCatalogVocabulary(mirror.db, "acme");
    expect(sees(before)).toBe(false);
    await change(mirror);
    expect(sees(await rememberedCatalogVocabulary(mirror.db, "acme"))).toBe(true);
  });

  it("keeps each account's names apart", async () => {
    const acme = await rememberedCatalogVocabulary(mirror.db, "acme");
    const all = await rememberedCatalogVocabulary(mirror.db);
    expect(all).not.toBe(acme);
    expect(await rememberedCatalogVocabulary(mirror.db, "other")).toEqual({
      categories: [],
      subcategories: [],
      campaigns: [],
      asins: [],
      skus: [],
    });
  });
});

import type { Kysely, Migration } from "kysely";

/**
 * Indexes that let answers read only what they show on large catalogs.
 *
 * - products by marketplace, ASIN and SKU: the first SKU of an ASIN (whose
 *   cost, fees and category speak for it) is one index seek, without reading
 *   the product rows.
 * - competitor offers by day with the seller and price: looking for sellers
 *   whose price moved over a few weeks reads this index alone instead of
 *   every offer row. It starts with the columns of the day index it replaces,
 *   so every query that used that one uses this one.
 */
export const answerIndexesMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createIndex("products_asin_sku_idx")
      .ifNotExists()
      .on("products")
      .columns(["account_id", "marketplace", "asin", "sku"])
      .execute();
    await db.schema
      .createIndex("competitor_offers_date_price_idx")
      .ifNotExists()
      .on("competitor_offers")
      .columns(["account_id", "date", "marketplace", "asin", "seller_id", "price"])
      .execute();
    await db.schema.dropIndex("competitor_offers_date_idx").ifExists().execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema
      .createIndex("competitor_offers_date_idx")
      .ifNotExists()
      .on("competitor_offers")
      .columns(["account_id", "date"])
      .execute();
    await db.schema.dropIndex("competitor_offers_date_price_idx").ifExists().execute();
    await db.schema.dropIndex("products_asin_sku_idx").ifExists().execute();
  },
};

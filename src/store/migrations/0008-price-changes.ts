import { sql, type Kysely, type Migration } from "kysely";
import { rebuildPriceChanges } from "../price-changes.js";

/**
 * Competitor price changes kept beside the offers (see src/store/price-changes.ts),
 * by day first: a period's changes are one range read. Filled from the offers
 * already stored, so mirrors made before keep answering from it at once.
 */
export const priceChangesMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("competitor_price_changes")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("asin", "text", (c) => c.notNull())
      .addColumn("seller_id", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("seller_name", "text")
      .addColumn("price", "real", (c) => c.notNull())
      .addColumn("previous_price", "real", (c) => c.notNull())
      .addColumn("previous_date", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("competitor_price_changes_pk", [
        "account_id",
        "date",
        "marketplace",
        "asin",
        "seller_id",
      ])
      .modifyEnd(sql`without rowid`)
      .execute();
    await rebuildPriceChanges(db, undefined);
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable("competitor_price_changes").ifExists().execute();
  },
};

import type { Kysely, Migration } from "kysely";

/**
 * The order-line aggregation index (migration 0003) with the day and the ASIN
 * ahead of the account and marketplace. Every read of it names all four, so
 * it serves them as before; but a large file's lines are indexed by sorting
 * them, and with the account (the same on every line) first, nearly every
 * comparison of that sort went on past two equal fields. Same name, so the
 * index is found as before; rebuilt once for a mirror that has lines.
 */
export const orderLinesDayFirstIndexMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex("order_lines_asin_date_idx").ifExists().execute();
    await db.schema
      .createIndex("order_lines_asin_date_idx")
      .on("order_lines")
      .columns(["purchase_date", "asin", "account_id", "marketplace", "counted", "quantity", "item_price"])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex("order_lines_asin_date_idx").ifExists().execute();
    await db.schema
      .createIndex("order_lines_asin_date_idx")
      .on("order_lines")
      .columns(["account_id", "marketplace", "purchase_date", "asin", "counted", "quantity", "item_price"])
      .execute();
  },
};

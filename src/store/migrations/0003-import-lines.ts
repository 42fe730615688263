import { sql, type Kysely, type Migration } from "kysely";

/**
 * Line-level records kept by file imports, so that daily figures can be
 * re-derived when a later report changes an earlier one: an order line that
 * is cancelled after it was first imported stops counting, and a settlement
 * imported twice replaces itself instead of adding up.
 */
export const importLinesMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // One row per order item; `line_key` is the SKU (else the ASIN) plus its
    // occurrence within the order, so a re-import of the same order lands on the same rows.
    await db.schema
      .createTable("order_lines")
      .ifNotExists()
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("order_id", "text", (c) => c.notNull())
      .addColumn("line_key", "text", (c) => c.notNull())
      .addColumn("asin", "text", (c) => c.notNull())
      .addColumn("sku", "text")
      .addColumn("purchase_date", "text", (c) => c.notNull())
      .addColumn("last_updated_at", "text", (c) => c.notNull())
      .addColumn("order_status", "text", (c) => c.notNull())
      .addColumn("item_status", "text")
      .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("item_price", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("currency", "text")
      // 0 for cancelled lines: they stay on record but do not count as sales.
      .addColumn("counted", "integer", (c) => c.notNull().defaultTo(1))
      .addPrimaryKeyConstraint("order_lines_pk", ["account_id", "marketplace", "order_id", "line_key"])
      .modifyEnd(sql`without rowid`)
      .execute();
    // Covering the re-aggregation of daily sales (a secondary index of a WITHOUT ROWID table also holds the
    // key, hence order_id): with it SQLite reads only the touched days, never the whole table. Date first:
    // reports come in date order, so new lines land at the end of the index instead of all over it.
    await db.schema
      .createIndex("order_lines_asin_date_idx")
      .ifNotExists()
      .on("order_lines")
      .columns(["account_id", "marketplace", "purchase_date", "asin", "counted", "quantity", "item_price"])
      .execute();

    // One row per line of a settlement file; a settlement imported again replaces its lines.
    await db.schema
      .createTable("settlement_transactions")
      .ifNotExists()
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("settlement_id", "text", (c) => c.notNull())
      .addColumn("line_no", "integer", (c) => c.notNull())
      .addColumn("marketplace", "text")
      .addColumn("transaction_type", "text")
      .addColumn("order_id", "text")
      .addColumn("adjustment_id", "text")
      .addColumn("sku", "text")
      .addColumn("posted_date", "text")
      .addColumn("quantity", "integer")
      .addColumn("price_type", "text")
      .addColumn("price_amount", "real")
      .addColumn("fee_type", "text")
      .addColumn("fee_amount", "real")
      .addColumn("other_amount", "real")
      .addColumn("currency", "text")
      .addPrimaryKeyConstraint("settlement_transactions_pk", ["account_id", "settlement_id", "line_no"])
      .execute();
    await db.schema
      .createIndex("settlement_transactions_sku_idx")
      .ifNotExists()
      .on("settlement_transactions")
      .columns(["account_id", "marketplace", "sku"])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable("settlement_transactions").ifExists().execute();
    await db.schema.dropTable("order_lines").ifExists().execute();
  },
};

import type { Kysely, Migration } from "kysely";

/**
 * Inventory snapshots by day with the quantities: a day's snapshot of every
 * SKU (what inventory answers start from) is read from this index alone, in
 * order, instead of one seek into the snapshots per SKU. It starts with the
 * columns of the day index it replaces, so every query that used that one
 * uses this one.
 */
export const inventorySnapshotIndexMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createIndex("inventory_snapshots_day_idx")
      .ifNotExists()
      .on("inventory_snapshots")
      .columns([
        "account_id",
        "date",
        "marketplace",
        "sku",
        "asin",
        "available",
        "reserved",
        "inbound",
        "unfulfillable",
      ])
      .execute();
    await db.schema.dropIndex("inventory_snapshots_date_idx").ifExists().execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema
      .createIndex("inventory_snapshots_date_idx")
      .ifNotExists()
      .on("inventory_snapshots")
      .columns(["account_id", "date"])
      .execute();
    await db.schema.dropIndex("inventory_snapshots_day_idx").ifExists().execute();
  },
};

import type { Kysely, Migration } from "kysely";

/**
 * Review snapshots by day with the figures: a day's snapshot of every
 * product (where review answers start, the end of their period and the days
 * before it) is one range of this index, read in one pass, instead of one
 * seek into the snapshots per product and day.
 */
export const reviewSnapshotsDayIndexMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createIndex("review_snapshots_day_idx")
      .ifNotExists()
      .on("review_snapshots")
      .columns(["account_id", "date", "marketplace", "asin", "rating", "review_count"])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex("review_snapshots_day_idx").ifExists().execute();
  },
};

import { sql, type Kysely, type Migration } from "kysely";

/**
 * Review snapshots stored in their key's order (a WITHOUT ROWID table): a
 * product's snapshot on a day is then one search that finds the rating and
 * review count, where the key index led to a second search in the table.
 * Review answers read three snapshots per product of the catalog.
 */
export const reviewSnapshotsByKeyMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await rebuild(db, true);
  },
  async down(db: Kysely<any>): Promise<void> {
    await rebuild(db, false);
  },
};

async function rebuild(db: Kysely<any>, withoutRowid: boolean): Promise<void> {
  let table = db.schema
    .createTable("review_snapshots_rebuilt")
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("marketplace", "text", (c) => c.notNull())
    .addColumn("asin", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("rating", "real", (c) => c.notNull())
    .addColumn("review_count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("review_snapshots_pk", ["account_id", "marketplace", "asin", "date"]);
  if (withoutRowid) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await sql`insert into review_snapshots_rebuilt (account_id, marketplace, asin, date, rating, review_count)
    select account_id, marketplace, asin, date, rating, review_count from review_snapshots order by account_id, marketplace, asin, date`.execute(
    db,
  );
  await db.schema.dropTable("review_snapshots").execute();
  await db.schema.alterTable("review_snapshots_rebuilt").renameTo("review_snapshots").execute();
}

import type { Kysely, Migration } from "kysely";

/**
 * Settlements as the marketplace paid them: the header line of a settlement
 * report (its period, deposit date and total), which the transaction lines do
 * not carry. And the audit trail of account changes: who changed which
 * setting or alert, from what to what, when.
 */
export const settlementsAndSettingsAuditMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("settlements")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("settlement_id", "text", (c) => c.notNull())
      .addColumn("start_date", "text")
      .addColumn("end_date", "text")
      .addColumn("deposit_date", "text")
      .addColumn("total_amount", "real")
      .addColumn("currency", "text")
      .addPrimaryKeyConstraint("settlements_pk", ["account_id", "settlement_id"])
      .execute();
    await db.schema
      .createTable("account_changes")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("changed_at", "text", (c) => c.notNull())
      /** Who: "cli" (the local user) or the API key's id. */
      .addColumn("actor", "text", (c) => c.notNull())
      /** What: setting (name in `subject`), alert_created or alert_deleted (alert id in `subject`). */
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("previous", "text")
      .addColumn("value", "text")
      .execute();
    await db.schema
      .createIndex("account_changes_account_idx")
      .on("account_changes")
      .columns(["account_id", "changed_at"])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable("account_changes").execute();
    await db.schema.dropTable("settlements").execute();
  },
};

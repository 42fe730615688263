import type { Kysely, Migration } from "kysely";

/**
 * Connected seller accounts: the marketplace authorisations (refresh tokens
 * encrypted by src/connect, never stored in clear), the single-use states of
 * consents under way, and where each report type's last sync ended.
 */
export const connectionsMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("connections")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("workspace_id", "text")
      .addColumn("region", "text", (c) => c.notNull())
      .addColumn("scopes", "text", (c) => c.notNull())
      .addColumn("selling_partner_id", "text")
      .addColumn("refresh_token", "text")
      .addColumn("ads_refresh_token", "text")
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("last_error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("connections_account_idx").on("connections").column("account_id").execute();

    // Only a SHA-256 of each state is kept: a copy of the table cannot complete someone's consent.
    await db.schema
      .createTable("connect_states")
      .addColumn("state_hash", "text", (c) => c.primaryKey())
      .addColumn("connection_id", "text", (c) => c.notNull())
      .addColumn("workspace_id", "text")
      .addColumn("step", "text", (c) => c.notNull())
      .addColumn("redirect_uri", "text", (c) => c.notNull())
      .addColumn("region", "text", (c) => c.notNull())
      .addColumn("scopes", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("sync_cursors")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("report_type", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("data_end", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("sync_cursors_pk", ["account_id", "report_type", "marketplace"])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable("sync_cursors").ifExists().execute();
    await db.schema.dropTable("connect_states").ifExists().execute();
    await db.schema.dropTable("connections").ifExists().execute();
  },
};

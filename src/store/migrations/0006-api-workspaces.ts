import { sql, type Kysely, type Migration } from "kysely";

/**
 * The HTTP API's own tables: workspaces (a plan and the seller accounts it
 * may see), their API keys (only a SHA-256 hash and a display prefix are
 * kept) and the daily usage counters that enforce the plan's quotas.
 */
export const apiWorkspacesMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("workspaces")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("plan", "text", (c) => c.notNull().check(sql`plan in ('starter', 'business', 'enterprise')`))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    // No foreign key to accounts: deleting an account must not fail because a workspace once saw it.
    await db.schema
      .createTable("workspace_accounts")
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("account_id", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("workspace_accounts_pk", ["workspace_id", "account_id"])
      .execute();

    await db.schema
      .createTable("api_keys")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("scopes", "text", (c) => c.notNull())
      .addColumn("prefix", "text", (c) => c.notNull())
      .addColumn("hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_used_at", "text")
      .addColumn("revoked_at", "text")
      .execute();
    await db.schema.createIndex("api_keys_workspace_idx").on("api_keys").column("workspace_id").execute();

    await db.schema
      .createTable("usage_counters")
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("usage_counters_pk", ["workspace_id", "day", "kind"])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable("usage_counters").ifExists().execute();
    await db.schema.dropTable("api_keys").ifExists().execute();
    await db.schema.dropTable("workspace_accounts").ifExists().execute();
    await db.schema.dropTable("workspaces").ifExists().execute();
  },
};

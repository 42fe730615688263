import { sql, type Kysely, type Migration } from "kysely";
import { dialectOf } from "../dialect.js";

/**
 * Two things every `serve` instance on one database shares:
 *
 * - `data_changes`, one row whose `version` moves with every commit that
 *   changes what answers or keys depend on. Triggers bump it inside the
 *   writing transaction, so a cache that reads it sees a change once (and
 *   only once) it is committed, whichever process wrote it. Counter writes
 *   (daily quotas, bursts, a key's last use) and queues (conversations,
 *   webhooks, jobs) leave it alone: a cache then holds while requests are
 *   only being counted. PostgreSQL fires one trigger per statement (a COPY
 *   of a million lines bumps it once). SQLite only has triggers per row,
 *   which would cost the big time-series tables several microseconds a
 *   line; their writers (import, demo, sync) record a run in `sync_runs`
 *   and rebuild `rollup_state` in the same transaction or after it, and
 *   those small tables are watched.
 * - `burst_counters`, the per-key count of the current second, one row per
 *   key (overwritten when a new second starts, so it never grows).
 */
export const dataChangesMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("data_changes")
      .addColumn("id", "integer", (c) => c.notNull().primaryKey())
      .addColumn("version", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.insertInto("data_changes").values({ id: 1, version: 0 }).execute();
    await db.schema
      .createTable("burst_counters")
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("second", "bigint", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("burst_counters_pk", ["workspace_id", "key_id"])
      .execute();

    if (dialectOf(db).engine === "postgres") {
      await sql`
        create or replace function seller_ai_data_changed() returns trigger language plpgsql as $$
        begin
          -- Once per transaction: later statements of the same import find it bumped already.
          if current_setting('seller_ai.data_changed', true) is distinct from 'on' then
            update data_changes set version = version + 1 where id = 1;
            perform set_config('seller_ai.data_changed', 'on', true);
          end if;
          return null;
        end $$`.execute(db);
      for (const [table, columns] of WATCHED_TABLES) {
        const update = columns ? `update of ${columns.join(", ")}` : "update";
        await sql
          .raw(
            `create trigger data_changed after insert or ${update} or delete or truncate on ${table} ` +
              "for each statement execute function seller_ai_data_changed()",
          )
          .execute(db);
      }
      return;
    }
    for (const [table, columns] of WATCHED_TABLES) {
      if (BULK_TABLES.has(table)) continue;
      const update = columns ? `update of ${columns.join(", ")}` : "update";
      for (const [name, event] of [
        ["insert", "insert"],
        ["update", update],
        ["delete", "delete"],
      ]) {
        await sql
          .raw(
            `create trigger data_changed_${table}_${name} after ${event} on ${table} ` +
              "begin update data_changes set version = version + 1 where id = 1; end",
          )
          .execute(db);
      }
    }
  },

  async down(db: Kysely<any>): Promise<void> {
    if (dialectOf(db).engine === "postgres") {
      for (const [table] of WATCHED_TABLES)
        await sql.raw(`drop trigger if exists data_changed on ${table}`).execute(db);
      await sql`drop function if exists seller_ai_data_changed()`.execute(db);
    } else {
      for (const [table] of WATCHED_TABLES)
        for (const name of ["insert", "update", "delete"])
          await sql.raw(`drop trigger if exists data_changed_${table}_${name}`).execute(db);
    }
    await db.schema.dropTable("burst_counters").execute();
    await db.schema.dropTable("data_changes").execute();
  },
};

/**
 * The tables whose writes move the version, as they are at this migration
 * (a later migration that adds a table adds its trigger; a test checks that
 * every table is either watched or named in store/data-changes.ts as one
 * whose writes do not matter). A column list watches updates of those
 * columns only: a key's last use is not a change of the key.
 */
const WATCHED_TABLES: readonly (readonly [string, readonly string[] | null])[] = [
  ...[
    "accounts",
    "account_marketplaces",
    "products",
    "daily_sales",
    "product_fees",
    "inventory_snapshots",
    "review_snapshots",
    "competitor_offers",
    "competitor_price_changes",
    "market_catalog",
    "ad_campaigns",
    "ad_groups",
    "ad_targets",
    "ad_campaign_daily",
    "ad_target_daily",
    "ad_search_term_daily",
    "ad_product_daily",
    "settings",
    "sync_runs",
    "currency_rates",
    "workspaces",
    "workspace_accounts",
    "order_lines",
    "settlement_transactions",
    "settlements",
    "account_changes",
    "rollup_sales",
    "rollup_campaigns",
    "rollup_ad_targets",
    "rollup_search_terms",
    "rollup_state",
    "alerts",
    "connections",
    "sync_cursors",
    "alert_states",
    "alert_events",
    "billing_subscriptions",
    "billing_prices",
  ].map((table) => [table, null] as const),
  ["api_keys", ["id", "workspace_id", "name", "scopes", "prefix", "hash", "created_at", "revoked_at"]],
];

/**
 * On SQLite, the time-series tables filled by the thousand rows (see above):
 * their writers are seen through `sync_runs` and `rollup_state`.
 */
const BULK_TABLES: ReadonlySet<string> = new Set([
  "daily_sales",
  "inventory_snapshots",
  "review_snapshots",
  "competitor_offers",
  "competitor_price_changes",
  "market_catalog",
  "ad_campaigns",
  "ad_groups",
  "ad_targets",
  "ad_campaign_daily",
  "ad_target_daily",
  "ad_search_term_daily",
  "ad_product_daily",
  "order_lines",
  "settlement_transactions",
  "settlements",
  "rollup_sales",
  "rollup_campaigns",
  "rollup_ad_targets",
  "rollup_search_terms",
]);

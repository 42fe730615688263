/**
 * The mirror's data-change counter (migration 0021): one number that moves
 * with every committed write to what answers and keys depend on, from any
 * process on the database, and with nothing else. Caches (answers, keys)
 * hold while it stands; reading it is one primary-key lookup.
 */
import type { MirrorDb } from "./backend.js";
import { dialectOf } from "./dialect.js";

/**
 * Tables whose writes leave the counter alone, each with its reason; every
 * other table carries the trigger that moves it (a test checks both lists
 * against the schema).
 */
export const UNWATCHED_TABLES: Readonly<Record<string, string>> = {
  data_changes: "the counter itself",
  usage_counters: "daily quota counts, written by every counted request",
  burst_counters: "per-second request counts, written by every request",
  conversations: "conversation state, written by every answer",
  events: "the outbox, read by webhook delivery only",
  webhook_endpoints: "read by webhook delivery only",
  webhook_deliveries: "the webhook queue",
  webhook_attempts: "the webhook delivery log",
  insight_jobs: "the async insights queue",
  insight_runs: "stored insights runs, read by the insights endpoints, never cached",
  insight_findings: "findings of stored insights runs, read as insight_runs",
  anomaly_sightings: "what the anomaly watch has reported, for its own dedupe",
  billing_events: "the payment provider's inbox; their effect lands in billing_subscriptions",
  billing_notifications: "e-mails owed to a workspace about its billing",
  connect_states: "a Login with Amazon handshake in progress",
  kysely_migration: "the migrator's record",
  kysely_migration_lock: "the migrator's lock",
};

/**
 * On SQLite, the time-series tables filled by the thousand rows: they carry
 * no trigger (SQLite's fire per row), and their writes are seen through the
 * rows their writers add to watched tables (sync runs, rollup state) and,
 * from another process, through SQLite's data_version (sqlite/dialect.ts).
 */
export const SQLITE_UNTRIGGERED_TABLES: ReadonlySet<string> = new Set([
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

/** The counter's value, as text (see SqlDialect.dataVersion). */
export function dataChangeVersion(db: MirrorDb): Promise<string> {
  return dialectOf(db).dataVersion(db);
}

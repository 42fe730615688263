/**
 * How the mirror's tables spread over several database servers (Citus):
 * each table holding a seller's data is distributed by the account or the
 * workspace it belongs to, so that everything one account owns lives on one
 * node and its queries run there; small tables every account reads are
 * copied to every node (reference tables); the rest stays on the
 * coordinator. docs/scale-out.md turns this into create_distributed_table /
 * create_reference_table calls, and a test checks the rule that makes it
 * possible: every primary key and unique constraint of a distributed table
 * includes its distribution column.
 */
import type { TableName } from "./dialect.js";

export type Distribution =
  /** By the account: every table of one account's data sits in one colocation group. */
  | { kind: "account"; column: "account_id" | "id" }
  /** By the workspace (API keys, quotas, webhooks, billing), a second colocation group. */
  | { kind: "workspace"; column: "workspace_id" | "id" }
  /** Copied to every node: small, global, read with every account's data. */
  | { kind: "reference"; why: string }
  /** Kept on the coordinator only: bookkeeping and global queues that hold no account's data by key. */
  | { kind: "local"; why: string };

const byAccount: Distribution = { kind: "account", column: "account_id" };
const byWorkspace: Distribution = { kind: "workspace", column: "workspace_id" };

/** Every table of the mirror and where it goes; a table missing here fails the schema test. */
export const DISTRIBUTION: Record<TableName | "kysely_migration" | "kysely_migration_lock", Distribution> = {
  // The account row itself: its id is the account id, the distribution column of the whole group.
  accounts: { kind: "account", column: "id" },
  account_marketplaces: byAccount,
  products: byAccount,
  daily_sales: byAccount,
  product_fees: byAccount,
  inventory_snapshots: byAccount,
  review_snapshots: byAccount,
  competitor_offers: byAccount,
  competitor_price_changes: byAccount,
  market_catalog: byAccount,
  ad_campaigns: byAccount,
  ad_groups: byAccount,
  ad_targets: byAccount,
  ad_campaign_daily: byAccount,
  ad_target_daily: byAccount,
  ad_search_term_daily: byAccount,
  ad_product_daily: byAccount,
  settings: byAccount,
  sync_runs: byAccount,
  sync_cursors: byAccount,
  conversations: byAccount,
  order_lines: byAccount,
  settlement_transactions: byAccount,
  settlements: byAccount,
  account_changes: byAccount,
  rollup_sales: byAccount,
  rollup_campaigns: byAccount,
  rollup_ad_targets: byAccount,
  rollup_search_terms: byAccount,
  rollup_state: byAccount,
  alerts: byAccount,
  alert_states: byAccount,
  alert_events: byAccount,
  insight_runs: byAccount,
  insight_findings: byAccount,
  insight_jobs: byAccount,
  connections: byAccount,
  anomaly_sightings: byAccount,

  workspaces: { kind: "workspace", column: "id" },
  workspace_accounts: byWorkspace,
  api_keys: byWorkspace,
  usage_counters: byWorkspace,
  burst_counters: byWorkspace,
  webhook_endpoints: byWorkspace,
  webhook_deliveries: byWorkspace,
  webhook_attempts: byWorkspace,
  billing_subscriptions: byWorkspace,
  billing_notifications: byWorkspace,

  currency_rates: {
    kind: "reference",
    why: "exchange rates by currency and day, the same for every account, joined to every account's money",
  },
  billing_prices: {
    kind: "reference",
    why: "the operator's map of payment provider prices to plans, a handful of rows read for every workspace",
  },

  kysely_migration: { kind: "local", why: "the migrator's record of the migrations run on the database" },
  kysely_migration_lock: { kind: "local", why: "the migrator's lock, held while migrations run" },
  events: {
    kind: "local",
    why:
      "the outbox: one global order (seq) that webhook endpoints start after; an event names an account, " +
      "a workspace or both, and lives only until its deliveries are queued and done",
  },
  billing_events: {
    kind: "local",
    why: "the payment provider's events as received, keyed by the provider's id, before they are matched to a workspace",
  },
  data_changes: {
    kind: "local",
    why: "one number every instance's caches read, moved by every change to what answers and keys depend on",
  },
  connect_states: {
    kind: "local",
    why:
      "a Login with Amazon handshake in progress: found by its state alone when Amazon redirects back, " +
      "gone within minutes, no seller data",
  },
};

/** The column a distributed table is sharded by; undefined for reference and local tables. */
export function distributionColumn(table: string): string | undefined {
  const plan = (DISTRIBUTION as Record<string, Distribution>)[table];
  return plan && (plan.kind === "account" || plan.kind === "workspace") ? plan.column : undefined;
}

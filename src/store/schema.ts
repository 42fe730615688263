import type { ColumnType, Generated } from "kysely";
import type { RateKind } from "../core/exchange-rates.js";

/**
 * Kysely's view of the mirror (see migrations/). Columns with a database
 * default are `Defaulted` so inserts may leave them out.
 */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type Provider = "demo" | "files" | "spapi";

export interface AccountsTable {
  id: string;
  name: string;
  provider: Provider;
  home_currency: Defaulted<string>;
  connection_state: Defaulted<string>;
  is_default: Defaulted<number>;
  created_at: string;
  last_refresh_at: string | null;
}

export interface AccountMarketplacesTable {
  account_id: string;
  marketplace: string;
  currency: string;
}

export interface ProductsTable {
  account_id: string;
  marketplace: string;
  sku: string;
  asin: string;
  fnsku: string | null;
  title: Defaulted<string>;
  brand: string | null;
  category: string | null;
  subcategory: string | null;
  condition: Defaulted<string>;
  fulfillment_type: Defaulted<string>;
  price: number | null;
  unit_cost: number | null;
  lead_time_days: number | null;
  status: Defaulted<string>;
  launched_on: string | null;
}

export interface DailySalesTable {
  account_id: string;
  marketplace: string;
  asin: string;
  date: string;
  units: Defaulted<number>;
  revenue: Defaulted<number>;
  orders: Defaulted<number>;
  refund_units: Defaulted<number>;
  refund_amount: Defaulted<number>;
  sessions: Defaulted<number>;
  page_views: Defaulted<number>;
  buy_box_pct: number | null;
}

export interface ProductFeesTable {
  account_id: string;
  marketplace: string;
  asin: string;
  referral_fee_pct: Defaulted<number>;
  fulfillment_fee: Defaulted<number>;
  updated_at: string | null;
}

export interface InventorySnapshotsTable {
  account_id: string;
  marketplace: string;
  sku: string;
  asin: string;
  date: string;
  available: Defaulted<number>;
  reserved: Defaulted<number>;
  inbound: Defaulted<number>;
  unfulfillable: Defaulted<number>;
  amazon_recommended_qty: number | null;
  amazon_recommended_date: string | null;
}

export interface ReviewSnapshotsTable {
  account_id: string;
  marketplace: string;
  asin: string;
  date: string;
  rating: number;
  review_count: number;
}

export interface CompetitorOffersTable {
  account_id: string;
  marketplace: string;
  asin: string;
  date: string;
  seller_id: string;
  seller_name: string | null;
  price: number;
  shipping: Defaulted<number>;
  is_fba: Defaulted<number>;
  is_buy_box_winner: Defaulted<number>;
}

/** A competitor's price that differs from its previous offer on the product (migration 0008). */
export interface CompetitorPriceChangesTable {
  account_id: string;
  marketplace: string;
  asin: string;
  seller_id: string;
  date: string;
  seller_name: string | null;
  price: number;
  previous_price: number;
  previous_date: string;
}

export interface MarketCatalogTable {
  account_id: string;
  marketplace: string;
  asin: string;
  title: string;
  brand: string | null;
  seller_name: string | null;
  category: string;
  subcategory: string;
  price: number | null;
  estimated_monthly_sales: Defaulted<number>;
  updated_at: string | null;
}

export interface AdCampaignsTable {
  account_id: string;
  marketplace: string;
  campaign_id: string;
  name: string;
  ad_type: Defaulted<string>;
  targeting_type: Defaulted<string>;
  state: Defaulted<string>;
  daily_budget: number | null;
  start_date: string | null;
}

export interface AdGroupsTable {
  account_id: string;
  campaign_id: string;
  ad_group_id: string;
  name: string;
  default_bid: number | null;
  state: Defaulted<string>;
}

export type AdTargetKind = "keyword" | "product_target" | "auto";

export interface AdTargetsTable {
  account_id: string;
  campaign_id: string;
  ad_group_id: string;
  target_id: string;
  kind: AdTargetKind;
  text: string;
  match_type: string | null;
  bid: number | null;
  state: Defaulted<string>;
}

interface AdMetrics {
  impressions: Defaulted<number>;
  clicks: Defaulted<number>;
  spend: Defaulted<number>;
  sales: Defaulted<number>;
  orders: Defaulted<number>;
  units: Defaulted<number>;
}

export interface AdCampaignDailyTable extends AdMetrics {
  account_id: string;
  marketplace: string;
  campaign_id: string;
  date: string;
  top_of_search_is: number | null;
}

export interface AdTargetDailyTable extends AdMetrics {
  account_id: string;
  marketplace: string;
  campaign_id: string;
  ad_group_id: string;
  target_id: string;
  date: string;
  top_of_search_is: number | null;
}

export interface AdSearchTermDailyTable extends AdMetrics {
  account_id: string;
  marketplace: string;
  campaign_id: string;
  ad_group_id: string;
  target_id: string;
  search_term: string;
  date: string;
}

export interface AdProductDailyTable extends AdMetrics {
  account_id: string;
  marketplace: string;
  campaign_id: string;
  ad_group_id: string;
  asin: string;
  sku: string | null;
  date: string;
}

export interface SettingsTable {
  account_id: string;
  lead_time_days: Defaulted<number>;
  safety_stock_days: Defaulted<number>;
  coverage_days: Defaulted<number>;
  target_acos: Defaulted<number>;
  /** low, normal or high (migration 0013). */
  anomaly_sensitivity: Defaulted<string>;
  updated_at: string | null;
}

export type SyncRunKind = "demo" | "import" | "sync";
export type SyncRunStatus = "running" | "ok" | "partial" | "failed";

export interface SyncRunsTable {
  /** Numbered per mirror (store/row-ids.ts): a later run has a larger id. */
  id: number;
  account_id: string;
  kind: SyncRunKind;
  source: string;
  report_type: string | null;
  marketplace: string | null;
  status: SyncRunStatus;
  started_at: string;
  finished_at: string | null;
  rows_read: Defaulted<number>;
  rows_written: Defaulted<number>;
  rows_rejected: Defaulted<number>;
  period_start: string | null;
  period_end: string | null;
  details: string | null;
}

export interface CurrencyRatesTable {
  currency: string;
  quote: string;
  date: string;
  rate: number;
  /** core/exchange-rates.ts: how long the rate holds. */
  kind: Defaulted<RateKind>;
}

export interface ConversationsTable {
  id: string;
  /** "" while no account is chosen (migration 0019: a key column is never null). */
  account_id: Defaulted<string>;
  state: string;
  created_at: string;
  updated_at: string;
}

export interface MirrorSchema {
  accounts: AccountsTable;
  account_marketplaces: AccountMarketplacesTable;
  products: ProductsTable;
  daily_sales: DailySalesTable;
  product_fees: ProductFeesTable;
  inventory_snapshots: InventorySnapshotsTable;
  review_snapshots: ReviewSnapshotsTable;
  competitor_offers: CompetitorOffersTable;
  competitor_price_changes: CompetitorPriceChangesTable;
  market_catalog: MarketCatalogTable;
  ad_campaigns: AdCampaignsTable;
  ad_groups: AdGroupsTable;
  ad_targets: AdTargetsTable;
  ad_campaign_daily: AdCampaignDailyTable;
  ad_target_daily: AdTargetDailyTable;
  ad_search_term_daily: AdSearchTermDailyTable;
  ad_product_daily: AdProductDailyTable;
  settings: SettingsTable;
  sync_runs: SyncRunsTable;
  currency_rates: CurrencyRatesTable;
  conversations: ConversationsTable;
}

/** Tables that hold one seller account's data, in the order they may be emptied. */
export const ACCOUNT_DATA_TABLES = [
  "ad_product_daily",
  "ad_search_term_daily",
  "ad_target_daily",
  "ad_campaign_daily",
  "ad_targets",
  "ad_groups",
  "ad_campaigns",
  "market_catalog",
  "competitor_offers",
  "competitor_price_changes",
  "review_snapshots",
  "inventory_snapshots",
  "product_fees",
  "daily_sales",
  "products",
  "sync_runs",
  "settings",
  "account_marketplaces",
  "order_lines",
  "settlement_transactions",
  "settlements",
  "rollup_sales",
  "rollup_campaigns",
  "rollup_ad_targets",
  "rollup_search_terms",
  "rollup_state",
  "alerts",
  "sync_cursors",
] as const satisfies readonly (keyof MirrorSchema)[];

// The HTTP API's tables (migration 0006), merged into MirrorSchema.

export type Plan = "starter" | "business" | "enterprise";

export interface WorkspacesTable {
  id: string;
  name: string;
  plan: Plan;
  created_at: string;
}

export interface WorkspaceAccountsTable {
  workspace_id: string;
  account_id: string;
}

export interface ApiKeysTable {
  id: string;
  workspace_id: string;
  name: string;
  /** Comma-separated scopes, e.g. "query,insights". */
  scopes: string;
  /** The key's first characters, for display only. */
  prefix: string;
  /** SHA-256 of the whole key, hex; the key itself is never stored. */
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface UsageCountersTable {
  workspace_id: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** What is counted: "query", "insights". */
  kind: string;
  count: Defaulted<number>;
}

export interface MirrorSchema {
  workspaces: WorkspacesTable;
  workspace_accounts: WorkspaceAccountsTable;
  api_keys: ApiKeysTable;
  usage_counters: UsageCountersTable;
}

// File imports' line-level records (migration 0003), merged into MirrorSchema.

export interface OrderLinesTable {
  account_id: string;
  marketplace: string;
  order_id: string;
  /** SKU (else ASIN) and its occurrence within the order, e.g. "AB-12#0". */
  line_key: string;
  asin: string;
  sku: string | null;
  purchase_date: string;
  last_updated_at: string;
  order_status: string;
  item_status: string | null;
  quantity: Defaulted<number>;
  item_price: Defaulted<number>;
  currency: string | null;
  /** 0 for a cancelled line. */
  counted: Defaulted<number>;
}

export interface SettlementTransactionsTable {
  account_id: string;
  settlement_id: string;
  line_no: number;
  marketplace: string | null;
  transaction_type: string | null;
  order_id: string | null;
  adjustment_id: string | null;
  sku: string | null;
  posted_date: string | null;
  quantity: number | null;
  price_type: string | null;
  price_amount: number | null;
  fee_type: string | null;
  fee_amount: number | null;
  other_amount: number | null;
  currency: string | null;
}

export interface MirrorSchema {
  order_lines: OrderLinesTable;
  settlement_transactions: SettlementTransactionsTable;
}

// Settlement headers and the audit trail of account changes (migration 0015), merged into MirrorSchema.

/** A settlement as paid: the header line of its report. */
export interface SettlementsTable {
  account_id: string;
  settlement_id: string;
  start_date: string | null;
  end_date: string | null;
  deposit_date: string | null;
  total_amount: number | null;
  currency: string | null;
}

/** One change to an account's settings or alerts: who, what, when. */
export interface AccountChangesTable {
  /** Numbered per mirror (store/row-ids.ts). */
  id: number;
  account_id: string;
  changed_at: string;
  /** "cli" for the local user, else the API key's id. */
  actor: string;
  kind: "setting" | "alert_created" | "alert_deleted";
  subject: string;
  previous: string | null;
  value: string | null;
}

export interface MirrorSchema {
  settlements: SettlementsTable;
  account_changes: AccountChangesTable;
}

/**
 * 'C': running totals from the key's first day through `period` (the only grain written). Mirrors built by
 * earlier versions may still hold period sums ('Y' Jan 1, 'Q' a quarter's first day, 'M' a month's first day,
 * 'W' a Monday, 'D' the day) until the account's next rebuild removes them.
 */
export type RollupGrain = "Y" | "Q" | "M" | "W" | "D" | "C";

interface RollupKey {
  account_id: string;
  grain: RollupGrain;
  period: string;
  marketplace: string;
}

export interface RollupSalesTable extends RollupKey {
  asin: string;
  units: number;
  revenue: number;
  orders: number;
  refund_units: number;
  refund_amount: number;
  sessions: number;
  page_views: number;
  /** Sum of buy_box_pct × page_views over days that report a buy box percentage. */
  bb_weighted: number;
  /** Page views of the days that report a buy box percentage. */
  bb_views: number;
  days: number;
  ad_spend: number;
  ad_sales: number;
  ad_clicks: number;
  ad_impressions: number;
  ad_orders: number;
}

interface RollupAdMetrics {
  impressions: number;
  clicks: number;
  spend: number;
  sales: number;
  orders: number;
  units: number;
}

export interface RollupCampaignsTable extends RollupKey, RollupAdMetrics {
  campaign_id: string;
  tos_weighted: number;
  tos_impressions: number;
}

export interface RollupAdTargetsTable extends RollupKey, RollupAdMetrics {
  campaign_id: string;
  ad_group_id: string;
  target_id: string;
  tos_weighted: number;
  tos_impressions: number;
}

export interface RollupSearchTermsTable extends RollupKey, RollupAdMetrics {
  campaign_id: string;
  ad_group_id: string;
  target_id: string;
  search_term: string;
}

export interface RollupStateTable {
  account_id: string;
  sync_run_id: number;
  first_date: string | null;
  last_date: string | null;
  built_at: string;
}

export interface AlertsTable {
  id: string;
  account_id: string;
  metric: string;
  op: string;
  value: number;
  /** JSON of the filters the rule is limited to (marketplace, category, asin…). */
  scope: Defaulted<string>;
  description: string;
  active: Defaulted<number>;
  created_at: string;
}

export interface MirrorSchema {
  rollup_sales: RollupSalesTable;
  rollup_campaigns: RollupCampaignsTable;
  rollup_ad_targets: RollupAdTargetsTable;
  rollup_search_terms: RollupSearchTermsTable;
  rollup_state: RollupStateTable;
  alerts: AlertsTable;
}

// The events outbox and the webhook delivery queue (migration 0016), merged into MirrorSchema.

export interface EventsTable {
  seq: Generated<number>;
  /** evt_…: also the webhook-id of every delivery of the event. */
  id: string;
  type: string;
  account_id: string | null;
  workspace_id: string | null;
  /** Only this endpoint receives the event (a test event). */
  endpoint_id: string | null;
  /** The JSON body delivered, exactly as signed: {type, timestamp, data}. */
  payload: string;
  dedupe_key: string | null;
  created_at: string;
  fanned_out: Defaulted<number>;
  fanned_out_at: string | null;
}

export type WebhookEndpointStatus = "enabled" | "disabled";

export interface WebhookEndpointsTable {
  id: string;
  workspace_id: string;
  url: string;
  description: string | null;
  /** Comma-separated event types, or "*". */
  events: string;
  status: WebhookEndpointStatus;
  disabled_reason: string | null;
  disabled_at: string | null;
  failing_since: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  after_event_seq: Defaulted<number>;
  created_at: string;
}

export type WebhookDeliveryStatus = "pending" | "delivering" | "succeeded" | "failed";

export interface WebhookDeliveriesTable {
  id: string;
  /** The endpoint's workspace (migration 0019). */
  workspace_id: string;
  event_id: string;
  endpoint_id: string;
  status: WebhookDeliveryStatus;
  attempts: Defaulted<number>;
  attempt_number: Defaulted<number>;
  next_attempt_at: string | null;
  claimed_by: string | null;
  lease_expires_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface WebhookAttemptsTable {
  /** Numbered per mirror (store/row-ids.ts). */
  id: number;
  /** The delivery's workspace (migration 0019). */
  workspace_id: string;
  delivery_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  succeeded: number;
  next_attempt_at: string | null;
}

export interface MirrorSchema {
  events: EventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

// Connected accounts and their sync state (migration 0012), merged into MirrorSchema.

export type ConnectionState = "connected" | "needs_reauth" | "disconnected";

export interface ConnectionsTable {
  id: string;
  account_id: string;
  workspace_id: string | null;
  /** na, eu or fe. */
  region: string;
  /** Comma-separated data sets: orders, inventory, financial, advertising, catalog, pricing. */
  scopes: string;
  selling_partner_id: string | null;
  /** AES-256-GCM sealed (src/store/secret-box.ts); null once disconnected. */
  refresh_token: string | null;
  ads_refresh_token: string | null;
  state: ConnectionState;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /** When the scheduled sync is next due (null: at once), and who holds it until when (migration 0022). */
  sync_due_at: string | null;
  sync_claimed_by: string | null;
  sync_lease_expires_at: string | null;
}

export interface ConnectStatesTable {
  state_hash: string;
  connection_id: string;
  workspace_id: string | null;
  /** "spapi" for the Seller Central consent, "ads" for the Amazon Ads one that may follow. */
  step: string;
  redirect_uri: string;
  region: string;
  scopes: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SyncCursorsTable {
  account_id: string;
  report_type: string;
  /** A marketplace code, or "" for a report that covers the whole account. */
  marketplace: string;
  /** The end (ISO instant) of the data the last sync imported. */
  data_end: string;
  updated_at: string;
}

export interface MirrorSchema {
  connections: ConnectionsTable;
  connect_states: ConnectStatesTable;
  sync_cursors: SyncCursorsTable;
}

// Insights (migration 0013), merged into MirrorSchema.

export interface InsightRunsTable {
  id: string;
  account_id: string;
  insight_type: string;
  detail_level: string;
  marketplace: string | null;
  period_start: string;
  period_end: string;
  generated_at: string;
  total: number;
  /** The whole result, JSON. */
  result: string;
}

export interface InsightFindingsTable {
  run_id: string;
  finding_id: string;
  account_id: string;
  insight_type: string;
  kind: string;
  severity: string;
  money_at_stake: number;
  generated_at: string;
  /** The finding, JSON. */
  body: string;
}

export type InsightJobStatus = "queued" | "running" | "done" | "failed";

export interface InsightJobsTable {
  id: string;
  account_id: string;
  workspace_id: string | null;
  /** The request's options, JSON. */
  request: string;
  status: InsightJobStatus;
  attempts: Defaulted<number>;
  error: string | null;
  run_id: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  next_attempt_at: string;
  /** The worker holding a running job, until lease_expires_at (migration 0022); null when none does. */
  claimed_by: string | null;
  lease_expires_at: string | null;
}

export interface AlertStatesTable {
  account_id: string;
  alert_id: string;
  /** What the rule watches: `${marketplace}|${asin}`, a campaign id, or "account". */
  entity: string;
  crossed: number;
  value: number | null;
  /** When it crossed (null while it is not crossed). */
  since: string | null;
  checked_at: string;
}

export interface AlertEventsTable {
  id: string;
  alert_id: string;
  account_id: string;
  entity: string;
  value: number | null;
  fired_at: string;
  /** What fired, JSON. */
  details: string;
}

export interface MirrorSchema {
  insight_runs: InsightRunsTable;
  insight_findings: InsightFindingsTable;
  insight_jobs: InsightJobsTable;
  alert_states: AlertStatesTable;
  alert_events: AlertEventsTable;
}

// Billing: the payment provider's subscription events and what they set (migration 0017), merged into MirrorSchema.

export type BillingEventStatus = "pending" | "processed" | "failed";

export interface BillingEventsTable {
  /** The provider's event id (evt_…). */
  id: string;
  type: string;
  /** The provider's `created`, Unix seconds. */
  created: number;
  /** The body as received and verified. */
  payload: string;
  status: BillingEventStatus;
  attempts: Defaulted<number>;
  next_attempt_at: string | null;
  last_error: string | null;
  outcome: string | null;
  received_at: string;
  processed_at: string | null;
}

export interface BillingSubscriptionsTable {
  /** The provider's subscription id (sub_…). */
  id: string;
  workspace_id: string;
  customer_id: string | null;
  /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  price_id: string;
  /** Null while the price is mapped to no plan (a subscription that grants nothing). */
  plan: Plan | null;
  current_period_end: string | null;
  canceled_at: string | null;
  last_event_id: string;
  /** The `created` of the event that last changed the row, Unix seconds. */
  last_event_created: number;
  created_at: string;
  updated_at: string;
}

export interface BillingPricesTable {
  price_id: string;
  plan: Plan;
  updated_at: string;
}

export interface BillingNotificationsTable {
  id: string;
  workspace_id: string;
  /** "payment_failed". */
  kind: string;
  subscription_id: string | null;
  invoice_id: string | null;
  event_id: string;
  message: string;
  /** In the currency's smallest unit, as the provider sends it. */
  amount_due: number | null;
  currency: string | null;
  created_at: string;
  resolved_at: string | null;
}

export interface MirrorSchema {
  billing_events: BillingEventsTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_prices: BillingPricesTable;
  billing_notifications: BillingNotificationsTable;
}

/** Anomalies already seen (0018): each is reported once, under `reported_id`. */
export interface AnomalySightingsTable {
  account_id: string;
  anomaly_id: string;
  reported_id: string;
  first_seen_at: string;
  last_seen_at: string;
}

export interface MirrorSchema {
  anomaly_sightings: AnomalySightingsTable;
}

/** The data-change counter (0021): one row, id 1, moved by triggers (see store/data-changes.ts). */
export interface DataChangesTable {
  id: number;
  version: Defaulted<number>;
}

/** Per-key requests in the current second (0021): one row per key, reset when a new second starts. */
export interface BurstCountersTable {
  workspace_id: string;
  key_id: string;
  /** Whole seconds since the epoch. */
  second: number;
  count: number;
}

export interface MirrorSchema {
  data_changes: DataChangesTable;
  burst_counters: BurstCountersTable;
}

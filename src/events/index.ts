/**
 * Events: what happened to a seller's data that a webhook subscriber may
 * want to know, written to an outbox (the `events` table) in the SAME
 * transaction as the change that causes it. The change and its event commit
 * together or not at all, so a crash never loses an event nor reports a
 * change that did not happen. The webhook worker (src/webhooks/) fans the
 * outbox out to the subscribed endpoints and delivers it.
 *
 * Every emit function takes the Kysely handle of the cause's transaction:
 * `trx` inside `db.transaction().execute(async (trx) => …)`, or the mirror's
 * handle while a transaction is open on its connection (as importFile does
 * between the start of its bulk load and its commit). Never call them after the commit.
 *
 * Who calls what:
 *
 * - `data_refresh.completed` — `emitDataRefreshCompleted(trx, refresh)`:
 *   ingest/import-file.ts (each imported file, before its COMMIT) and
 *   demo/generate-demo.ts (inside its transaction). A sync writes it the same
 *   way, in the transaction that stores a synced batch, with `source: "sync"`.
 *
 * - `price_change.detected` — `emitPriceChangesDetected(trx, {accountId, from, to, now})`:
 *   called after competitor offers are written, in the same transaction, with
 *   the days the offers cover (demo/generate-demo.ts does; a sync of offers or
 *   an offers import does the same). Only the last PRICE_CHANGE_RECENT_DAYS of
 *   those days are scanned, and each move is reported once (dedupe key).
 *
 * - `anomaly.detected` — `emitAnomalyDetected(trx, anomaly, now)`: the
 *   anomaly detection, in the transaction that stores each new anomaly row,
 *   with the anomaly's own id (reported once per id). A planted anomaly in the
 *   demo is found by the same detection and so emitted by the same call.
 *
 * - `inventory.alert` — `emitInventoryAlert(trx, alert, now)`: the alert rule
 *   evaluation, in the transaction that records a rule crossing into firing
 *   (`kind: "alert_rule"`, `rule_id`), and the stock-out risk evaluation when a
 *   product's risk becomes critical (`kind: "stockout_risk"`). `id` names the
 *   firing, so a rule that fires again later is a new event.
 *
 * - `analysis.completed` — `emitAnalysisCompleted(trx, job, now)`: the
 *   insights job runner, in the transaction that marks the job finished and
 *   stores its result, with `result_url` where the result is fetched.
 *
 * - `billing.payment_failed` — `emitBillingPaymentFailed(trx, failure, now)`:
 *   billing (src/billing/), in the transaction that records the workspace's
 *   payment-failed notification. It has no account: the workspace's own
 *   endpoints receive it.
 *
 * Every payload is `{type, timestamp, data}`; `data` carries the finding's
 * own id and fields, `account_id` and `link` (where to fetch more from the API).
 */
export {
  EVENT_TYPES,
  TEST_EVENT_TYPE,
  eventWebhooksDocument,
  isEventType,
  type AnalysisCompletedData,
  type AnomalyDetectedData,
  type BillingPaymentFailedData,
  type DataRefreshCompletedData,
  type EventDataByType,
  type EventLink,
  type EventPayload,
  type EventType,
  type InventoryAlertData,
  type PriceChangeDetectedData,
  type WebhookTestData,
} from "./event-types.js";
export { newId, recordEvent, type NewEvent, type RecordedEvent } from "./record-event.js";
export { emitDataRefreshCompleted, type DataRefresh } from "./data-refresh.js";
export {
  PRICE_CHANGE_RECENT_DAYS,
  PRICE_CHANGE_THRESHOLD_PCT,
  emitPriceChangesDetected,
  type PriceChangeScan,
} from "./price-changes.js";
export {
  emitAnalysisCompleted,
  emitAnomalyDetected,
  emitInventoryAlert,
  type AnalysisOutcome,
  type AnomalyFinding,
  type InventoryAlertFinding,
} from "./findings.js";
export { emitBillingPaymentFailed } from "./payment-failed.js";

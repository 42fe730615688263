/**
 * Events of the insights: anomalies, inventory alerts and finished analyses.
 * Each is recorded by its cause in the transaction that stores the finding
 * (see index.ts for who calls what).
 */
import type { Kysely } from "kysely";
import type { MirrorSchema } from "../store/schema.js";
import type { AnalysisCompletedData, AnomalyDetectedData, EventLink, InventoryAlertData } from "./event-types.js";
import { recordEvent, type RecordedEvent } from "./record-event.js";

type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export type AnomalyFinding = Optional<AnomalyDetectedData, "marketplace" | "asin" | "description" | "link">;

/**
 * Records `anomaly.detected` for a stored anomaly. The same anomaly id is
 * reported once, however often the detection runs over it.
 */
export async function emitAnomalyDetected(
  db: Kysely<MirrorSchema>,
  anomaly: AnomalyFinding,
  now: Date,
): Promise<RecordedEvent> {
  const data: AnomalyDetectedData = {
    id: anomaly.id,
    account_id: anomaly.account_id,
    metric: anomaly.metric,
    marketplace: anomaly.marketplace ?? null,
    asin: anomaly.asin ?? null,
    date: anomaly.date,
    observed: anomaly.observed,
    expected: anomaly.expected,
    direction: anomaly.direction,
    severity: anomaly.severity,
    description:
      anomaly.description ??
      `${anomaly.metric} ${anomaly.direction === "up" ? "rose" : "fell"} to ${anomaly.observed} on ${anomaly.date} (expected about ${anomaly.expected}).`,
    link: anomaly.link ?? anomalyLink(anomaly),
  };
  return recordEvent(db, {
    type: "anomaly.detected",
    account_id: anomaly.account_id,
    data: data as unknown as Record<string, unknown>,
    now,
    dedupe_key: `anomaly.detected|${anomaly.account_id}|${anomaly.id}`,
  });
}

/** The anomalies question on the product (or the account) that POST /v1/query answers. */
function anomalyLink(anomaly: AnomalyFinding): EventLink {
  const body: Record<string, unknown> = {
    query: anomaly.asin ? `show me anomalies for ${anomaly.asin}` : "show me anomalies",
    account_id: anomaly.account_id,
  };
  if (anomaly.marketplace) body.marketplace = anomaly.marketplace;
  return { method: "POST", url: "/v1/query", body };
}

export type InventoryAlertFinding = Optional<
  InventoryAlertData,
  | "rule_id"
  | "marketplace"
  | "asin"
  | "sku"
  | "metric"
  | "op"
  | "threshold"
  | "value"
  | "days_of_cover"
  | "severity"
  | "link"
>;

/**
 * Records `inventory.alert` when an alert rule fires or a product's
 * stock-out risk becomes critical. `id` names the firing (one rule may fire
 * again another day, with another id); the same id is reported once.
 */
export async function emitInventoryAlert(
  db: Kysely<MirrorSchema>,
  alert: InventoryAlertFinding,
  now: Date,
): Promise<RecordedEvent> {
  const data: InventoryAlertData = {
    id: alert.id,
    account_id: alert.account_id,
    kind: alert.kind,
    rule_id: alert.rule_id ?? null,
    description: alert.description,
    marketplace: alert.marketplace ?? null,
    asin: alert.asin ?? null,
    sku: alert.sku ?? null,
    metric: alert.metric ?? null,
    op: alert.op ?? null,
    threshold: alert.threshold ?? null,
    value: alert.value ?? null,
    days_of_cover: alert.days_of_cover ?? null,
    severity: alert.severity ?? (alert.kind === "stockout_risk" ? "critical" : "medium"),
    link: alert.link ?? inventoryLink(alert),
  };
  return recordEvent(db, {
    type: "inventory.alert",
    account_id: alert.account_id,
    data: data as unknown as Record<string, unknown>,
    now,
    dedupe_key: `inventory.alert|${alert.account_id}|${alert.id}`,
  });
}

function inventoryLink(alert: InventoryAlertFinding): EventLink {
  const body: Record<string, unknown> = {
    // The API has no route of an alert rule's own: the link asks about the stock it is about.
    query:
      (alert.asin ?? alert.sku) ? `days of cover for ${alert.asin ?? alert.sku}` : "products at risk of stocking out",
    account_id: alert.account_id,
  };
  if (alert.marketplace) body.marketplace = alert.marketplace;
  return { method: "POST", url: "/v1/query", body };
}

export type AnalysisOutcome = Optional<AnalysisCompletedData, "kind" | "error" | "link">;

/** Records `analysis.completed` when an asynchronous insights job ends, in the transaction that stores its result. */
export async function emitAnalysisCompleted(
  db: Kysely<MirrorSchema>,
  job: AnalysisOutcome,
  now: Date,
): Promise<RecordedEvent> {
  const data: AnalysisCompletedData = {
    id: job.id,
    account_id: job.account_id,
    status: job.status,
    kind: job.kind ?? null,
    completed_at: job.completed_at,
    result_url: job.result_url,
    error: job.error ?? null,
    link: job.link ?? { method: "GET", url: job.result_url },
  };
  return recordEvent(db, {
    type: "analysis.completed",
    account_id: job.account_id,
    data: data as unknown as Record<string, unknown>,
    now,
    dedupe_key: `analysis.completed|${job.id}`,
  });
}

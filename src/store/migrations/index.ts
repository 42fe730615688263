import type { Migration } from "kysely";
import { initialMigration } from "./0001-initial.js";
import { importLinesMigration } from "./0003-import-lines.js";
import { apiWorkspacesMigration } from "./0006-api-workspaces.js";
import { rollupsAndAlertsMigration } from "./0005-rollups-and-alerts.js";
import { answerIndexesMigration } from "./0007-answer-indexes.js";
import { priceChangesMigration } from "./0008-price-changes.js";
import { inventorySnapshotIndexMigration } from "./0009-inventory-snapshot-index.js";
import { orderLinesDayFirstIndexMigration } from "./0010-order-lines-day-first-index.js";
import { reviewSnapshotsByKeyMigration } from "./0011-review-snapshots-by-key.js";
import { eventsAndWebhooksMigration } from "./0016-events-and-webhooks.js";
import { connectionsMigration } from "./0012-connections.js";
import { insightsMigration } from "./0013-insights.js";
import { billingMigration } from "./0017-billing.js";
import { settlementsAndSettingsAuditMigration } from "./0015-settlements-and-settings-audit.js";
import { anomalySightingsMigration } from "./0018-anomaly-sightings.js";
import { distributionKeysMigration } from "./0019-distribution-keys.js";
import { rateKindsMigration } from "./0020-rate-kinds.js";
import { dataChangesMigration } from "./0021-data-changes-and-burst-counters.js";
import { workLeasesMigration } from "./0022-work-leases.js";
import { reviewSnapshotsDayIndexMigration } from "./0023-review-snapshots-day-index.js";

/**
 * Every migration of the mirror, by name. Names sort in the order they run;
 * a new migration takes the next number and is never renamed once shipped.
 */
export const MIGRATIONS: Record<string, Migration> = {
  "0001_initial": initialMigration,
  "0003_import_lines": importLinesMigration,
  "0005_rollups_and_alerts": rollupsAndAlertsMigration,
  "0006_api_workspaces": apiWorkspacesMigration,
  "0007_answer_indexes": answerIndexesMigration,
  "0008_price_changes": priceChangesMigration,
  "0009_inventory_snapshot_index": inventorySnapshotIndexMigration,
  "0010_order_lines_day_first_index": orderLinesDayFirstIndexMigration,
  "0011_review_snapshots_by_key": reviewSnapshotsByKeyMigration,
  "0012_connections": connectionsMigration,
  "0013_insights": insightsMigration,
  "0015_settlements_and_settings_audit": settlementsAndSettingsAuditMigration,
  "0016_events_and_webhooks": eventsAndWebhooksMigration,
  "0017_billing": billingMigration,
  "0018_anomaly_sightings": anomalySightingsMigration,
  "0019_distribution_keys": distributionKeysMigration,
  "0020_rate_kinds": rateKindsMigration,
  "0021_data_changes_and_burst_counters": dataChangesMigration,
  "0022_work_leases": workLeasesMigration,
  "0023_review_snapshots_day_index": reviewSnapshotsDayIndexMigration,
};

/**
 * Insights and anomaly detection: findings of four insight types ranked by
 * the money at stake, the anomaly scan they rest on, the `insights` and
 * `anomalies` intents, stored runs and jobs, alert rules that fire, and the
 * checks after each refresh that record alerts and new anomalies as events.
 */
export { ANOMALY_METRICS, detectAnomalies, type Anomaly, type AnomalyMetric, type Driver } from "./anomalies/detect.js";
export { scanAnomalies, DEFAULT_WINDOW_DAYS, type AnomalyScan, type ScanOptions } from "./anomalies/scan.js";
export { SENSITIVITIES, isSensitivity, type Sensitivity } from "./anomalies/sensitivity.js";
export { seriesFromDaily, seriesLayout, type DailyFigures, type SeriesSet } from "./anomalies/series-set.js";
export { runInsights, checkInsightOptions, type InsightOptions } from "./run-insights.js";
export { insightsIntent, anomaliesIntent, findingRow, DEFAULT_INSIGHT_TYPE } from "./intents.js";
export {
  checkAlerts,
  listAlerts,
  ALERT_WINDOW_DAYS,
  type AlertCheck,
  type FiredAlert,
  type ListedAlert,
} from "./alerts.js";
export { watchAfterRefresh, type RefreshWatch } from "./after-refresh.js";
export { watchAnomalies, type AnomalyReport } from "./anomaly-watch.js";
export { checkStockoutRisk, stockoutWatchId, type StockoutFiring } from "./stockout-watch.js";
export { runAndStore, findStoredFinding, type RunRequest, type StoredFinding } from "./run-and-store.js";
export { InsightJobWorker, MAX_ATTEMPTS, type JobRequest } from "./job-worker.js";
export {
  DETAIL_LEVELS,
  INSIGHT_TYPES,
  SEVERITIES,
  isDetailLevel,
  isInsightType,
  type DetailLevel,
  type Finding,
  type InsightsResult,
  type InsightType,
  type Severity,
} from "./types.js";

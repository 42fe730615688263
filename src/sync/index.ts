/**
 * Keeping a connected seller account in sync with Amazon: the Reports API,
 * Product Pricing and Ads API clients on `fetch` (throttled as Amazon
 * documents), and the sync that imports what they fetch through the same
 * importers as report files.
 */
export {
  amazonConfig,
  checkEndpoint,
  isRegion,
  requireCredentials,
  REGIONS,
  type AmazonConfig,
  type Region,
} from "./amazon-config.js";
export { AmazonHttp, AmazonApiError, REAL_TIMING, type HttpTiming } from "./amazon-http.js";
export { AccessTokens, ReauthRequired, exchangeCode, type LwaClient } from "./lwa.js";
export { DATA_SCOPES, HISTORY, type DataScope } from "./report-jobs.js";
export {
  connectionToSync,
  reconnectHint,
  syncAccount,
  type SyncOptions,
  type SyncProgress,
  type SyncResult,
  type SyncedReport,
} from "./run-sync.js";
export { DEFAULT_SYNC_LEASE_MS, runDueSyncs, type DueSyncsOptions, type DueSyncsRound } from "./due-syncs.js";
export { parseInterval, SyncSchedule } from "./schedule.js";

/**
 * The `refresh_data` intent's way to the network: the shells hand answer()
 * this function, so analytics stays pure and only the shells decide whether
 * a question may start a sync (the API: keys with the `write` scope). A sync
 * is followed by the checks every refresh gets (alert rules, stock-out risk,
 * new anomalies: insights/after-refresh.ts).
 */
import { secretBoxFor } from "../store/secret-box.js";
import { watchAfterRefresh } from "../insights/after-refresh.js";
import type { Mirror } from "../store/open-mirror.js";
import { connectionOfAccount } from "../store/connections.js";
import { amazonConfig } from "./amazon-config.js";
import { syncAccount } from "./run-sync.js";

/** What answer() puts beside a refresh_data answer after syncing. */
export interface RefreshSummary {
  synced: boolean;
  run_id?: number;
  status?: string;
  reports?: number;
  failed?: number;
  rows_written?: number;
  error?: string;
}

export type RefreshData = (accountId: string) => Promise<RefreshSummary | undefined>;

/**
 * A refresh function for one mirror: syncs the account when it has a live
 * connection (undefined otherwise, so the answer only describes). A failed
 * sync is reported in the summary, not thrown: the answer still describes
 * the data as it is.
 */
export function refreshService(deps: {
  mirror: Mirror;
  env: Record<string, string | undefined>;
  dbPath: string;
  clock: () => Date;
}): RefreshData {
  return async (accountId) => {
    const conn = await connectionOfAccount(deps.mirror.db, accountId);
    if (!conn) return undefined;
    try {
      const result = await syncAccount(deps.mirror, {
        accountId,
        now: deps.clock(),
        config: amazonConfig(deps.env),
        secrets: secretBoxFor(deps.env, deps.dbPath, { create: false }),
      });
      // Alert rules, stock-out risk and new anomalies after the data changed; their problems do not fail the refresh.
      await watchAfterRefresh(deps.mirror.db, { now: deps.clock(), accountIds: [accountId] });
      return {
        synced: true,
        run_id: result.run_id,
        status: result.status,
        reports: result.reports.length,
        failed: result.reports.filter((r) => r.status === "fatal" || r.status === "failed").length,
        rows_written: result.rows_written,
      };
    } catch (error) {
      return { synced: false, error: (error as Error).message };
    }
  };
}

/**
 * What runs after an account's data changed (an import, a sync, a demo
 * generation): the alert rules are checked, stock-out risk is checked for
 * products turning critical, and the anomaly detectors look for new
 * anomalies. Each records its events (`inventory.alert`, `anomaly.detected`)
 * in its own transaction. One failing part does not stop the others: its
 * problem is returned for the caller to show or log.
 */
import { checkAlerts, type FiredAlert } from "./alerts.js";
import { type AnomalyReport, watchAnomalies } from "./anomaly-watch.js";
import type { MirrorDb } from "../store/open-mirror.js";
import { checkStockoutRisk, type StockoutFiring } from "./stockout-watch.js";

export interface RefreshWatch {
  fired: FiredAlert[];
  stockouts: StockoutFiring[];
  anomalies: AnomalyReport[];
  /** What could not be checked, and why. */
  problems: string[];
}

/**
 * Checks each account after its data changed.
 *
 * @example
 * const watch = await watchAfterRefresh(db, { now, accountIds: ["demo"] });
 * watch.fired; // alert rules that crossed their threshold
 */
export async function watchAfterRefresh(
  db: MirrorDb,
  options: { now: Date; accountIds: readonly string[] },
): Promise<RefreshWatch> {
  const out: RefreshWatch = { fired: [], stockouts: [], anomalies: [], problems: [] };
  const attempt = async (what: string, accountId: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      out.problems.push(`${what} of account ${accountId}: ${(error as Error).message}`);
    }
  };
  for (const accountId of options.accountIds) {
    const scope = { now: options.now, accountId };
    await attempt("alert rules", accountId, async () => {
      out.fired.push(...(await checkAlerts(db, scope)).fired);
    });
    await attempt("stock-out risk", accountId, async () => {
      out.stockouts.push(...(await checkStockoutRisk(db, scope)));
    });
    await attempt("anomaly scan", accountId, async () => {
      out.anomalies.push(...(await watchAnomalies(db, scope)));
    });
  }
  return out;
}

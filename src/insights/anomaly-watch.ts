/**
 * Anomalies as they appear: after each refresh the detectors scan the
 * account's last two weeks (at its sensitivity setting), and each anomaly
 * not seen before records one `anomaly.detected`, in the transaction that
 * records it as seen. The sales-side anomalies of one product that move
 * together (units, revenue, sessions, conversion, buy box) are one event,
 * told by its driver's metric, as the insights show them; a later scan that
 * finds more of the same event, or the same one again, reports nothing.
 */
import { createAnalyticsContext } from "../analytics/facts/context.js";
import { isoDate } from "../core/dates.js";
import { emitAnomalyDetected, type AnomalyFinding } from "../events/index.js";
import { listAccounts } from "../store/accounts.js";
import { recordAnomalySightings, reportedAnomalies } from "../store/anomaly-sightings.js";
import { anomalySensitivity } from "../store/insight-settings.js";
import type { MirrorDb } from "../store/open-mirror.js";
import type { Anomaly } from "./anomalies/detect.js";
import { scanAnomalies } from "./anomalies/scan.js";
import { anomalyEvents, primaryOf } from "./sources/anomaly-findings.js";
import { changeWords, daysWords, METRIC_WORDS } from "./words.js";

/** Standard deviations from which an anomaly's event says high, then medium severity. */
const SEVERITY_SCORES = { high: 6, medium: 4.5 } as const;

export interface AnomalyReport {
  /** The event's data.id: the id of the anomaly that tells it. */
  id: string;
  account_id: string;
  marketplace: string;
  asin: string;
  metric: string;
  direction: "up" | "down";
  start: string;
}

/**
 * Scans an account (or every account) and records the anomalies not seen
 * before, each with its event. Returns what was reported.
 *
 * @example
 * const reported = await watchAnomalies(db, { now, accountId: "demo" });
 * reported[0]; // { id: "anm_…", metric: "units_sold", direction: "down", start: "2026-11-11", … }
 */
export async function watchAnomalies(
  db: MirrorDb,
  options: { now: Date; accountId?: string },
): Promise<AnomalyReport[]> {
  const at = options.now.toISOString();
  const out: AnomalyReport[] = [];
  for (const account of await listAccounts(db)) {
    if (options.accountId && account.id !== options.accountId) continue;
    const ctx = await createAnalyticsContext(db, account, options.now, isoDate(options.now));
    const scan = await scanAnomalies(ctx, { sensitivity: await anomalySensitivity(db, account.id) });
    if (scan.anomalies.length === 0) continue;
    const groups = anomalyEvents(scan.anomalies);
    const seen = await reportedAnomalies(
      db,
      account.id,
      scan.anomalies.map((a) => a.id),
    );
    await db.transaction().execute(async (trx) => {
      const sightings: { anomaly_id: string; reported_id: string }[] = [];
      for (const group of groups) {
        const primary = primaryOf(group);
        const known = group.map((a) => seen.get(a.id)).find((id) => id !== undefined);
        const reported = known ?? primary.id;
        for (const a of group) sightings.push({ anomaly_id: a.id, reported_id: reported });
        if (known) continue;
        const event = await emitAnomalyDetected(trx, finding(account.id, primary, group), options.now);
        if (!event.recorded) continue;
        out.push({
          id: primary.id,
          account_id: account.id,
          marketplace: primary.marketplace,
          asin: primary.asin,
          metric: primary.metric,
          direction: primary.direction,
          start: primary.start,
        });
      }
      await recordAnomalySightings(trx, account.id, sightings, at);
    });
  }
  return out;
}

function finding(accountId: string, primary: Anomaly, group: Anomaly[]): AnomalyFinding {
  const score = Math.abs(primary.score);
  const others = group.filter((a) => a !== primary).map((a) => METRIC_WORDS[a.metric] ?? a.metric);
  const verb = primary.direction === "up" ? "rose" : "fell";
  return {
    id: primary.id,
    account_id: accountId,
    metric: primary.metric,
    marketplace: primary.marketplace,
    asin: primary.asin,
    date: primary.start,
    observed: primary.observed,
    expected: primary.expected,
    direction: primary.direction,
    severity: score >= SEVERITY_SCORES.high ? "high" : score >= SEVERITY_SCORES.medium ? "medium" : "low",
    description:
      `${METRIC_WORDS[primary.metric] ?? primary.metric} of ${primary.asin} in ${primary.marketplace} ${verb} ` +
      `${daysWords(primary.start, primary.end)}: ${primary.observed} against ${primary.expected} expected ` +
      `(${changeWords(primary.change_pct)}; likely driver: ${primary.driver})` +
      (others.length ? `, with ${others.join(", ")}` : "") +
      ".",
  };
}

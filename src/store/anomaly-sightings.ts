/** Anomalies already seen, and the id each was reported under (see migration 0018). */
import type { MirrorDb } from "./open-mirror.js";

/** The id each of `ids` was reported under, for those already seen. */
export async function reportedAnomalies(db: MirrorDb, accountId: string, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("anomaly_sightings")
      .select(["anomaly_id", "reported_id"])
      .where("account_id", "=", accountId)
      .where("anomaly_id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.anomaly_id, r.reported_id);
  }
  return out;
}

/** Records that the anomalies were seen at `at` (first seen then, unless seen before). */
export async function recordAnomalySightings(
  db: MirrorDb,
  accountId: string,
  sightings: { anomaly_id: string; reported_id: string }[],
  at: string,
): Promise<void> {
  for (let i = 0; i < sightings.length; i += 100) {
    await db
      .insertInto("anomaly_sightings")
      .values(
        sightings.slice(i, i + 100).map((s) => ({ ...s, account_id: accountId, first_seen_at: at, last_seen_at: at })),
      )
      .onConflict((oc) =>
        oc
          .columns(["account_id", "anomaly_id"])
          .doUpdateSet((eb) => ({ last_seen_at: eb.ref("excluded.last_seen_at") })),
      )
      .execute();
  }
}

/** The account's anomaly sensitivity (settings.anomaly_sensitivity). */
import type { MirrorDb } from "./open-mirror.js";

export type AnomalySensitivity = "low" | "normal" | "high";

const KNOWN = new Set(["low", "normal", "high"]);

export async function anomalySensitivity(db: MirrorDb, accountId: string): Promise<AnomalySensitivity> {
  const row = await db
    .selectFrom("settings")
    .select("anomaly_sensitivity")
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  const value = row?.anomaly_sensitivity ?? "normal";
  return (KNOWN.has(value) ? value : "normal") as AnomalySensitivity;
}

export async function setAnomalySensitivity(
  db: MirrorDb,
  accountId: string,
  value: AnomalySensitivity,
  at: string,
): Promise<void> {
  await db
    .insertInto("settings")
    .values({ account_id: accountId, anomaly_sensitivity: value, updated_at: at })
    .onConflict((oc) => oc.column("account_id").doUpdateSet({ anomaly_sensitivity: value, updated_at: at }))
    .execute();
}

/** What alert rules found: each rule's state per thing it watches, and the events it fired. */
import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { MirrorDb } from "./open-mirror.js";
import type { AlertEventsTable, AlertStatesTable, AlertsTable } from "./schema.js";

export type AlertRule = Selectable<AlertsTable>;
export type AlertState = Selectable<AlertStatesTable>;
export type AlertEvent = Selectable<AlertEventsTable>;

export async function activeAlertRules(db: MirrorDb, accountId: string): Promise<AlertRule[]> {
  return db
    .selectFrom("alerts")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("active", "=", 1)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function alertStates(db: MirrorDb, alertId: string): Promise<Map<string, AlertState>> {
  const rows = await db.selectFrom("alert_states").selectAll().where("alert_id", "=", alertId).execute();
  return new Map(rows.map((r) => [r.entity, r]));
}

/**
 * Writes a rule's states after a check and the events of the crossings it
 * found, in one transaction: a crash cannot fire an event twice or lose one.
 * `inTransaction` runs in that transaction after the writes (the outbox
 * records each firing there).
 */
export async function recordAlertCheck(
  db: MirrorDb,
  accountId: string,
  alertId: string,
  states: Omit<AlertState, "alert_id" | "account_id">[],
  fired: { entity: string; value: number | null; details: unknown }[],
  at: string,
  inTransaction?: (trx: MirrorDb, events: AlertEvent[]) => Promise<void>,
): Promise<AlertEvent[]> {
  const events: AlertEvent[] = fired.map((f) => ({
    id: `evt_${randomBytes(8).toString("hex")}`,
    alert_id: alertId,
    account_id: accountId,
    entity: f.entity,
    value: f.value,
    fired_at: at,
    details: JSON.stringify(f.details),
  }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < states.length; i += 100) {
      await trx
        .insertInto("alert_states")
        .values(states.slice(i, i + 100).map((s) => ({ ...s, account_id: accountId, alert_id: alertId })))
        .onConflict((oc) =>
          oc.columns(["account_id", "alert_id", "entity"]).doUpdateSet((eb) => ({
            crossed: eb.ref("excluded.crossed"),
            value: eb.ref("excluded.value"),
            since: eb.ref("excluded.since"),
            checked_at: eb.ref("excluded.checked_at"),
          })),
        )
        .execute();
    }
    for (let i = 0; i < events.length; i += 100)
      await trx
        .insertInto("alert_events")
        .values(events.slice(i, i + 100))
        .execute();
    if (inTransaction && events.length) await inTransaction(trx, events);
  });
  return events;
}

/** Each rule's newest event and how many it fired, by rule id. */
export async function lastFirings(
  db: MirrorDb,
  accountId: string,
): Promise<Map<string, { fired_at: string; entity: string; value: number | null; events: number }>> {
  const rows = await db
    .selectFrom("alert_events")
    .select(["alert_id", "fired_at", "entity", "value"])
    .where("account_id", "=", accountId)
    .orderBy("alert_id")
    .orderBy("fired_at", "desc")
    .orderBy("entity")
    .execute();
  const out = new Map<string, { fired_at: string; entity: string; value: number | null; events: number }>();
  for (const r of rows) {
    const seen = out.get(r.alert_id);
    if (seen) seen.events++;
    else out.set(r.alert_id, { fired_at: r.fired_at, entity: r.entity, value: r.value, events: 1 });
  }
  return out;
}

import type { Kysely } from "kysely";
import { writeTransaction } from "../store/dialect.js";
import { newId } from "../events/index.js";
import { hasEventsToFanOut, takeEventsToFanOut } from "../store/events.js";
import { enqueueDeliveries, type NewDelivery } from "../store/webhook-deliveries.js";
import { endpointsForFanOut } from "../store/webhook-endpoints.js";
import type { MirrorSchema } from "../store/schema.js";

/** Whether an endpoint's subscription ("*" or a comma list of types) takes an event type. */
export function subscribes(events: string, type: string): boolean {
  return events === "*" || events.split(",").includes(type);
}

/**
 * Queues the deliveries of events waiting in the outbox: one for every
 * enabled endpoint that subscribes to the event's type, belongs to a
 * workspace that sees the event's account (or to the event's workspace) and
 * existed when the event happened. Events and their deliveries are taken in
 * one transaction. Returns how many of each.
 */
export async function fanOutEvents(
  db: Kysely<MirrorSchema>,
  now: Date,
  limit = 500,
): Promise<{ events: number; deliveries: number }> {
  if (!(await hasEventsToFanOut(db))) return { events: 0, deliveries: 0 };
  return writeTransaction(db, async (trx) => {
    const at = now.toISOString();
    const events = await takeEventsToFanOut(trx, limit, at);
    if (events.length === 0) return { events: 0, deliveries: 0 };
    const endpoints = await endpointsForFanOut(trx);
    const rows: NewDelivery[] = [];
    for (const event of events) {
      for (const endpoint of endpoints) {
        if (endpoint.after_event_seq >= event.seq) continue;
        if (event.endpoint_id !== null) {
          if (event.endpoint_id !== endpoint.id) continue;
        } else {
          if (!subscribes(endpoint.events, event.type)) continue;
          const reaches =
            event.account_id !== null
              ? endpoint.accounts.includes(event.account_id)
              : event.workspace_id === endpoint.workspace_id;
          if (!reaches) continue;
        }
        rows.push({
          id: newId("msg"),
          workspace_id: endpoint.workspace_id,
          event_id: event.id,
          endpoint_id: endpoint.id,
          next_attempt_at: at,
          created_at: at,
        });
      }
    }
    const deliveries = await enqueueDeliveries(trx, rows);
    return { events: events.length, deliveries };
  });
}

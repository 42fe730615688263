/** The deliveries log of an endpoint: each delivery with every attempt made. */
import type { Kysely } from "kysely";
import type { MirrorSchema, WebhookDeliveryStatus } from "./schema.js";

export interface LoggedAttempt {
  attempt: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  succeeded: boolean;
  next_attempt_at: string | null;
}

export interface LoggedDelivery {
  id: string;
  event_id: string;
  event_type: string;
  endpoint_id: string;
  status: WebhookDeliveryStatus;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
  attempts: LoggedAttempt[];
}

/**
 * An endpoint's deliveries, newest first, each with its attempts in order.
 * `before` pages on: the id of the last delivery of the previous page.
 */
export async function listDeliveryLog(
  db: Kysely<MirrorSchema>,
  endpointId: string,
  options: { limit: number; status?: WebhookDeliveryStatus; before?: { created_at: string; id: string } },
): Promise<LoggedDelivery[]> {
  let query = db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("events as v", "v.id", "d.event_id")
    .select([
      "d.id",
      "d.event_id",
      "v.type as event_type",
      "d.endpoint_id",
      "d.status",
      "d.next_attempt_at",
      "d.last_status_code",
      "d.last_error",
      "d.created_at",
      "d.finished_at",
    ])
    .where("d.endpoint_id", "=", endpointId);
  if (options.status) query = query.where("d.status", "=", options.status);
  const before = options.before;
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb("d.created_at", "<", before.created_at),
        eb.and([eb("d.created_at", "=", before.created_at), eb("d.id", "<", before.id)]),
      ]),
    );
  const deliveries = await query.orderBy("d.created_at", "desc").orderBy("d.id", "desc").limit(options.limit).execute();
  if (deliveries.length === 0) return [];
  const attempts = await db
    .selectFrom("webhook_attempts")
    .select([
      "delivery_id",
      "attempt",
      "started_at",
      "duration_ms",
      "status_code",
      "error",
      "succeeded",
      "next_attempt_at",
    ])
    .where(
      "delivery_id",
      "in",
      deliveries.map((d) => d.id),
    )
    .orderBy("delivery_id")
    .orderBy("attempt")
    .execute();
  const byDelivery = new Map<string, LoggedAttempt[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.delivery_id) ?? [];
    list.push({
      attempt: Number(a.attempt),
      started_at: a.started_at,
      duration_ms: Number(a.duration_ms),
      status_code: a.status_code === null ? null : Number(a.status_code),
      error: a.error,
      succeeded: Number(a.succeeded) === 1,
      next_attempt_at: a.next_attempt_at,
    });
    byDelivery.set(a.delivery_id, list);
  }
  return deliveries.map((d) => ({
    ...d,
    last_status_code: d.last_status_code === null ? null : Number(d.last_status_code),
    attempts: byDelivery.get(d.id) ?? [],
  }));
}

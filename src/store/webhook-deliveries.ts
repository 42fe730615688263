/**
 * The webhook delivery queue: one row per event and endpoint. A worker
 * claims a due row with a conditional update from 'pending' to 'delivering'
 * (only one of several workers can win it: the update's row count says
 * which) and holds it for a lease; a row whose lease ran out (its worker
 * died) goes back to 'pending'. Statements are portable SQL; a PostgreSQL
 * backend may pick due rows with FOR UPDATE SKIP LOCKED instead.
 */
import { sql, type Kysely, type Selectable } from "kysely";
import { writeTransaction } from "./dialect.js";
import { reusable, slot } from "./reusable-query.js";
import type { MirrorSchema, WebhookDeliveriesTable } from "./schema.js";
import { nextId } from "./row-ids.js";

export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface NewDelivery {
  id: string;
  /** The endpoint's workspace: the queue is kept by workspace. */
  workspace_id: string;
  event_id: string;
  endpoint_id: string;
  next_attempt_at: string;
  created_at: string;
}

/** Queues deliveries; one already queued for the same event and endpoint is kept. Returns how many were added. */
export async function enqueueDeliveries(db: Kysely<MirrorSchema>, rows: readonly NewDelivery[]): Promise<number> {
  let added = 0;
  // 7 values a row: far below any engine's limit of bound values per statement.
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500).map((r) => ({ ...r, status: "pending" as const, attempts: 0 }));
    const result = await db
      .insertInto("webhook_deliveries")
      .values(batch)
      .onConflict((oc) => oc.columns(["workspace_id", "event_id", "endpoint_id"]).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return added;
}

/**
 * Deliveries due at `now` to enabled endpoints, the longest waiting first,
 * with what an attempt needs (the counts are the claim's to give: see
 * claimDelivery).
 */
export async function dueDeliveries(db: Kysely<MirrorSchema>, now: string, limit: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const rows = await detailsQuery(db)
    .where("d.status", "=", "pending")
    .where("d.next_attempt_at", "<=", now)
    .where("e.status", "=", "enabled")
    .orderBy("d.next_attempt_at")
    .orderBy("d.id")
    .limit(limit)
    .execute();
  return rows.map(withNumbers);
}

/** The earliest time a pending delivery to an enabled endpoint is due, if any. */
export async function nextDueAt(db: Kysely<MirrorSchema>): Promise<string | undefined> {
  const row = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select((eb) => eb.fn.min("d.next_attempt_at").as("at"))
    .where("d.status", "=", "pending")
    .where("e.status", "=", "enabled")
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? undefined;
}

const claimQuery = reusable((db: Kysely<MirrorSchema>) =>
  db
    .updateTable("webhook_deliveries")
    .set((eb) => ({
      status: "delivering",
      claimed_by: slot("worker"),
      lease_expires_at: slot("lease"),
      attempts: eb("attempts", "+", 1),
      attempt_number: eb("attempt_number", "+", 1),
    }))
    .where("id", "=", slot("id"))
    .where("status", "=", "pending")
    // Still due: a delivery seen due a moment ago may have been tried and rescheduled by another worker since.
    .where("next_attempt_at", "<=", slot("now"))
    .returning(["attempts", "attempt_number"])
    .compile(),
);

/**
 * Claims a pending delivery for one attempt: its counts for the one worker
 * whose update changed the row, undefined for any other.
 */
export async function claimDelivery(
  db: Kysely<MirrorSchema>,
  id: string,
  workerId: string,
  now: string,
  leaseExpiresAt: string,
): Promise<{ attempts: number; attempt_number: number } | undefined> {
  const [row] = (await claimQuery(db).execute(db, { worker: workerId, lease: leaseExpiresAt, id, now })).rows;
  return row ? { attempts: Number(row.attempts), attempt_number: Number(row.attempt_number) } : undefined;
}

/** What an attempt needs: the delivery, its event's body and the endpoint's address and secrets. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  attempt_number: number;
  event_id: string;
  event_type: string;
  payload: string;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  failing_since: string | null;
}

function detailsQuery(db: Kysely<MirrorSchema>) {
  return db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("events as v", "v.id", "d.event_id")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select([
      "d.id",
      "d.attempts",
      "d.attempt_number",
      "d.event_id",
      "v.type as event_type",
      "v.payload",
      "d.endpoint_id",
      "e.url",
      "e.secret",
      "e.previous_secret",
      "e.previous_secret_expires_at",
      "e.failing_since",
    ]);
}

function withNumbers<R extends { attempts: number; attempt_number: number }>(row: R): R {
  return { ...row, attempts: Number(row.attempts), attempt_number: Number(row.attempt_number) };
}

const loadQuery = reusable((db: Kysely<MirrorSchema>) => detailsQuery(db).where("d.id", "=", slot("id")).compile());

export async function loadDelivery(db: Kysely<MirrorSchema>, id: string): Promise<ClaimedDelivery | undefined> {
  const [row] = (await loadQuery(db).execute(db, { id })).rows;
  return row ? withNumbers(row) : undefined;
}

export interface AttemptRecord {
  deliveryId: string;
  workerId: string;
  /** The attempt's number in the log (the claim's attempt_number). */
  attempt: number;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  succeeded: boolean;
  /** The delivery's new state: 'pending' with the next attempt's time, or final. */
  status: "pending" | "succeeded" | "failed";
  nextAttemptAt: string | null;
  finishedAt: string | null;
}

const finishQuery = reusable((db: Kysely<MirrorSchema>) =>
  db
    .updateTable("webhook_deliveries")
    .set({
      status: slot<"pending" | "succeeded" | "failed">("status"),
      next_attempt_at: slot("next"),
      claimed_by: null,
      lease_expires_at: null,
      last_status_code: slot<number | null>("code"),
      last_error: slot<string | null>("error"),
      finished_at: slot<string | null>("finished"),
    })
    .where("id", "=", slot("id"))
    .where("status", "=", "delivering")
    .where("claimed_by", "=", slot("worker"))
    .compile(),
);

const logQuery = reusable((db: Kysely<MirrorSchema>) =>
  db
    .insertInto("webhook_attempts")
    .values({
      id: nextId(db, "webhook_attempts"),
      workspace_id: sql<string>`(select d.workspace_id from webhook_deliveries d where d.id = ${slot("id")})`,
      delivery_id: slot("id"),
      attempt: slot<number>("attempt"),
      started_at: slot("started"),
      duration_ms: slot<number>("duration"),
      status_code: slot<number | null>("code"),
      error: slot<string | null>("error"),
      succeeded: slot<number>("succeeded"),
      next_attempt_at: slot<string | null>("next"),
    })
    .compile(),
);

/** An attempt's outcome to record, with more writes of the same outcome (the endpoint's health). */
export interface AttemptRecordItem {
  record: AttemptRecord;
  also?: (trx: Kysely<MirrorSchema>) => Promise<void>;
}

/**
 * Ends claimed attempts: for each, the delivery's new state and a line in
 * the attempts log, all in one transaction (a worker records the attempts
 * that end together at once). Nothing is written for an attempt whose claim
 * is no longer this worker's (its lease ran out and another worker took the
 * delivery, or the endpoint was deleted); returns, for each, whether it was.
 */
export async function recordAttempts(
  db: Kysely<MirrorSchema>,
  items: readonly AttemptRecordItem[],
): Promise<boolean[]> {
  const finish = finishQuery(db);
  const log = logQuery(db);
  return writeTransaction(db, async (trx) => {
    const recorded: boolean[] = [];
    for (const { record, also } of items) {
      const result = await finish.execute(trx, {
        status: record.status,
        next: record.nextAttemptAt,
        code: record.statusCode,
        error: record.error,
        finished: record.finishedAt,
        id: record.deliveryId,
        worker: record.workerId,
      });
      if (Number(result.numAffectedRows ?? 0n) !== 1) {
        recorded.push(false);
        continue;
      }
      await log.execute(trx, {
        id: record.deliveryId,
        attempt: record.attempt,
        started: record.startedAt,
        duration: Math.round(record.durationMs),
        code: record.statusCode,
        error: record.error,
        succeeded: record.succeeded ? 1 : 0,
        next: record.nextAttemptAt,
      });
      await also?.(trx);
      recorded.push(true);
    }
    return recorded;
  });
}

/** Ends one claimed attempt (see recordAttempts). */
export async function recordAttempt(
  db: Kysely<MirrorSchema>,
  record: AttemptRecord,
  also?: AttemptRecordItem["also"],
): Promise<boolean> {
  return (await recordAttempts(db, [{ record, also }]))[0];
}

/**
 * Gives a claim back untried (the worker is stopping): the delivery is due
 * again at once and the attempt is not counted.
 */
export async function releaseClaim(db: Kysely<MirrorSchema>, id: string, workerId: string): Promise<boolean> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set((eb) => ({
      status: "pending",
      claimed_by: null,
      lease_expires_at: null,
      attempts: eb("attempts", "-", 1),
      attempt_number: eb("attempt_number", "-", 1),
    }))
    .where("id", "=", id)
    .where("status", "=", "delivering")
    .where("claimed_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Returns to the queue the deliveries whose worker's lease ran out (the
 * worker died mid-attempt), logging the lost attempt; returns their ids.
 */
export async function reclaimExpired(db: Kysely<MirrorSchema>, now: string): Promise<string[]> {
  const expired = await db
    .selectFrom("webhook_deliveries")
    .select(["id", "workspace_id", "claimed_by", "lease_expires_at", "attempt_number"])
    .where("status", "=", "delivering")
    .where("lease_expires_at", "<", now)
    .limit(500)
    .execute();
  const reclaimed: string[] = [];
  for (const row of expired) {
    const done = await writeTransaction(db, async (trx) => {
      const result = await trx
        .updateTable("webhook_deliveries")
        .set({ status: "pending", claimed_by: null, lease_expires_at: null, next_attempt_at: now })
        .where("id", "=", row.id)
        .where("status", "=", "delivering")
        .where("claimed_by", "=", row.claimed_by)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto("webhook_attempts")
        .values({
          id: nextId(trx, "webhook_attempts"),
          workspace_id: row.workspace_id,
          delivery_id: row.id,
          attempt: Number(row.attempt_number),
          started_at: row.lease_expires_at ?? now,
          duration_ms: 0,
          status_code: null,
          error: "the attempt was interrupted (its worker stopped before it finished); delivering again",
          succeeded: 0,
          next_attempt_at: now,
        })
        .execute();
      return true;
    });
    if (done) reclaimed.push(row.id);
  }
  return reclaimed;
}

/**
 * Claims a delivery in any state but under way, for an attempt made at
 * once (a replay), its retry schedule started afresh: `attempts` counts the
 * attempts of the current schedule, the log keeps them all. False while an
 * attempt is under way.
 */
export async function claimForReplay(
  db: Kysely<MirrorSchema>,
  id: string,
  workerId: string,
  leaseExpiresAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set((eb) => ({
      status: "delivering",
      attempts: 1,
      attempt_number: eb("attempt_number", "+", 1),
      claimed_by: workerId,
      lease_expires_at: leaseExpiresAt,
      next_attempt_at: null,
      finished_at: null,
    }))
    .where("id", "=", id)
    .where("status", "!=", "delivering")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Queues a delivery already claimed by `workerId`, for an attempt made at once (a test). */
export async function insertClaimedDelivery(
  db: Kysely<MirrorSchema>,
  row: NewDelivery,
  workerId: string,
  leaseExpiresAt: string,
): Promise<void> {
  await db
    .insertInto("webhook_deliveries")
    .values({
      ...row,
      status: "delivering",
      attempts: 1,
      attempt_number: 1,
      claimed_by: workerId,
      lease_expires_at: leaseExpiresAt,
    })
    .execute();
}

export async function findDelivery(db: Kysely<MirrorSchema>, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Counts by status, for one endpoint or all. */
export async function deliveryCounts(
  db: Kysely<MirrorSchema>,
  endpointId?: string,
): Promise<Record<WebhookDeliveryRow["status"], number>> {
  let query = db
    .selectFrom("webhook_deliveries")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status");
  if (endpointId !== undefined) query = query.where("endpoint_id", "=", endpointId);
  const counts = { pending: 0, delivering: 0, succeeded: 0, failed: 0 };
  for (const row of await query.execute()) counts[row.status] = Number(row.n);
  return counts;
}

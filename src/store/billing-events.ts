/**
 * The billing events received from the payment provider: stored before the
 * webhook is answered, then processed once each by a worker. Processing
 * claims its events as the first statement of its transaction (row locks
 * that skip the events another instance holds, on PostgreSQL; the write
 * lock taken at BEGIN, on SQLite) and marks each with a conditional update,
 * so two workers (or a worker and `billing retry`) never apply the same
 * event twice; a rollback gives them back.
 */
import type { Kysely, Selectable } from "kysely";
import { dialectOf, durably } from "./dialect.js";
import type { BillingEventStatus, BillingEventsTable, MirrorSchema } from "./schema.js";

export type StoredBillingEvent = Selectable<BillingEventsTable>;

export interface NewBillingEvent {
  id: string;
  type: string;
  created: number;
  payload: string;
  received_at: string;
}

/**
 * Stores a received event, due at once, on disk when this returns (it is
 * acknowledged next); false when an event with its id is already stored.
 */
export async function insertBillingEvent(db: Kysely<MirrorSchema>, event: NewBillingEvent): Promise<boolean> {
  return (await insertBillingEvents(db, [event])).has(event.id);
}

/**
 * Stores received events in one statement (one commit, synced to disk before
 * this returns: each is acknowledged right after), each due at once; returns
 * the ids stored, leaving out those already stored.
 */
export async function insertBillingEvents(db: Kysely<MirrorSchema>, events: NewBillingEvent[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const rows = await durably(db, (d) =>
    d
      .insertInto("billing_events")
      .values(events.map((e) => ({ ...e, status: "pending" as const, next_attempt_at: e.received_at })))
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .execute(),
  );
  return new Set(rows.map((r) => r.id));
}

export async function billingEvent(db: Kysely<MirrorSchema>, id: string): Promise<StoredBillingEvent | undefined> {
  return db.selectFrom("billing_events").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Ids of the pending events due at `at`, in the order the provider created them. */
export async function dueBillingEvents(db: Kysely<MirrorSchema>, at: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("billing_events")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", at)
    .orderBy("created")
    .orderBy("received_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** When the next pending event falls due (undefined when none waits). */
export async function nextBillingEventDue(db: Kysely<MirrorSchema>): Promise<string | undefined> {
  const row = await db
    .selectFrom("billing_events")
    .select((eb) => eb.fn.min("next_attempt_at").as("due"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  return row?.due ?? undefined;
}

/** The statuses an event may be processed from: waiting, and (a person retrying it) failed for good. */
function processable(includeFailed: boolean): BillingEventStatus[] {
  return includeFailed ? ["pending", "failed"] : ["pending"];
}

/**
 * Claims the events of `ids` not processed yet, with their payloads (for a
 * batch: one read), for the caller's transaction: on PostgreSQL their rows
 * stay locked until it ends, and events another instance holds are left
 * out rather than waited for (it is applying them); on SQLite the
 * transaction's write lock already keeps every other writer out.
 */
export async function claimBillingEvents(
  trx: Kysely<MirrorSchema>,
  ids: readonly string[],
  includeFailed: boolean,
): Promise<Pick<StoredBillingEvent, "id" | "type" | "payload">[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom("billing_events")
    .select(["id", "type", "payload"])
    .where("id", "in", [...ids])
    .where("status", "in", processable(includeFailed))
    .modifyEnd(dialectOf(trx).skipLocked())
    .execute();
}

/**
 * Marks an event processed (an attempt more) with what processing did, in
 * the transaction that applied it, if no one else processed it meanwhile;
 * false when someone did (the caller then undoes its own changes). The
 * update is the row's lock: of two workers, the second finds it done.
 */
export async function markBillingEventProcessed(
  trx: Kysely<MirrorSchema>,
  id: string,
  outcome: string,
  at: string,
  includeFailed: boolean,
): Promise<boolean> {
  const result = await trx
    .updateTable("billing_events")
    .set((eb) => ({
      status: "processed",
      attempts: eb("attempts", "+", 1),
      processed_at: at,
      next_attempt_at: null,
      last_error: null,
      outcome,
    }))
    .where("id", "=", id)
    .where("status", "in", processable(includeFailed))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a failed attempt (after the claim was rolled back): pending again
 * at `retryAt`, or failed for good (waiting for a person) without one.
 */
export async function recordBillingEventFailure(
  db: Kysely<MirrorSchema>,
  id: string,
  error: string,
  retryAt: string | undefined,
): Promise<void> {
  await db
    .updateTable("billing_events")
    .set((eb) => ({
      status: retryAt ? "pending" : "failed",
      attempts: eb("attempts", "+", 1),
      next_attempt_at: retryAt ?? null,
      last_error: error,
    }))
    .where("id", "=", id)
    .where("status", "!=", "processed")
    .execute();
}

/** Events in one state, oldest first. */
export async function billingEventsWithStatus(
  db: Kysely<MirrorSchema>,
  status: BillingEventStatus,
  limit = 1000,
): Promise<StoredBillingEvent[]> {
  return db
    .selectFrom("billing_events")
    .selectAll()
    .where("status", "=", status)
    .orderBy("created")
    .orderBy("received_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** How many events are pending that have failed at least once (retrying) and how many failed for good. */
export async function billingEventCounts(
  db: Kysely<MirrorSchema>,
): Promise<{ pending: number; retrying: number; failed: number; processed: number }> {
  const rows = await db
    .selectFrom("billing_events")
    .select((eb) => [
      "status",
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>(eb.case().when("last_error", "is not", null).then(1).else(0).end()).as("with_error"),
    ])
    .groupBy("status")
    .execute();
  const counts = { pending: 0, retrying: 0, failed: 0, processed: 0 };
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    if (row.status === "pending") counts.retrying = Number(row.with_error ?? 0);
  }
  return counts;
}

/** How many events failed for good and wait for a person. */
export async function failedBillingEventCount(db: Kysely<MirrorSchema>): Promise<number> {
  const row = await db
    .selectFrom("billing_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "failed")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

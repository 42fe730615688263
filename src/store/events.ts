/**
 * The events outbox: events are inserted in the transaction of the change
 * that causes them and later fanned out into webhook deliveries.
 */
import type { Kysely, Selectable } from "kysely";
import { writeTransaction } from "./dialect.js";
import type { EventsTable, MirrorSchema } from "./schema.js";

export type StoredEvent = Selectable<EventsTable>;

export interface NewEventRow {
  id: string;
  type: string;
  account_id: string | null;
  workspace_id?: string | null;
  endpoint_id?: string | null;
  payload: string;
  dedupe_key?: string | null;
  created_at: string;
  /** Already fanned out by the caller (an event for one endpoint, queued with it). */
  fanned_out?: boolean;
}

/**
 * Inserts an event; one whose dedupe key is already stored is left out.
 * Returns whether it was inserted.
 */
export async function insertEvent(db: Kysely<MirrorSchema>, row: NewEventRow): Promise<boolean> {
  const result = await db
    .insertInto("events")
    .values({
      id: row.id,
      type: row.type,
      account_id: row.account_id,
      workspace_id: row.workspace_id ?? null,
      endpoint_id: row.endpoint_id ?? null,
      payload: row.payload,
      dedupe_key: row.dedupe_key ?? null,
      created_at: row.created_at,
      fanned_out: row.fanned_out ? 1 : 0,
      fanned_out_at: row.fanned_out ? row.created_at : null,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Whether any event waits to be fanned out: a read, so a worker with nothing to do never asks for the write lock. */
export async function hasEventsToFanOut(db: Kysely<MirrorSchema>): Promise<boolean> {
  const row = await db.selectFrom("events").select("seq").where("fanned_out", "=", 0).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes up to `limit` events not yet fanned out, oldest first, marking them
 * fanned out. Call it in the transaction that queues their deliveries: a
 * rollback leaves them waiting. The marking is the statement's first write,
 * so a second worker doing the same waits for this one and takes the next.
 */
export async function takeEventsToFanOut(
  db: Kysely<MirrorSchema>,
  limit: number,
  now: string,
): Promise<Pick<StoredEvent, "seq" | "id" | "type" | "account_id" | "workspace_id" | "endpoint_id">[]> {
  const rows = await db
    .updateTable("events")
    .set({ fanned_out: 1, fanned_out_at: now })
    .where("fanned_out", "=", 0)
    .where("seq", "in", (eb) =>
      eb.selectFrom("events").select("seq").where("fanned_out", "=", 0).orderBy("seq").limit(limit),
    )
    .returning(["seq", "id", "type", "account_id", "workspace_id", "endpoint_id"])
    .execute();
  return rows.map((r) => ({ ...r, seq: Number(r.seq) })).sort((a, b) => a.seq - b.seq);
}

/**
 * Deletes the events fanned out before `before` whose deliveries all ended
 * before it too (with those deliveries and their attempts); returns how many.
 * The outbox and the deliveries are read apart, a page of events at a time,
 * never one inside a subquery of the other: sharded (docs/scale-out.md), the
 * outbox stays on the coordinator while the deliveries are spread by workspace.
 */
export async function pruneEvents(db: Kysely<MirrorSchema>, before: string): Promise<number> {
  return writeTransaction(db, async (trx) => {
    let pruned = 0;
    let afterSeq = 0;
    for (;;) {
      const page = await trx
        .selectFrom("events")
        .select(["seq", "id"])
        .where("fanned_out", "=", 1)
        .where("seq", ">", afterSeq)
        .where("fanned_out_at", "<", before)
        .orderBy("seq")
        .limit(PRUNE_PAGE)
        .execute();
      if (page.length === 0) return pruned;
      afterSeq = Number(page.at(-1)!.seq);
      const ids = page.map((e) => e.id);
      const open = await trx
        .selectFrom("webhook_deliveries")
        .select("event_id")
        .where("event_id", "in", ids)
        .where((w) => w.or([w("finished_at", "is", null), w("finished_at", ">=", before)]))
        .execute();
      const kept = new Set(open.map((d) => d.event_id));
      const gone = ids.filter((id) => !kept.has(id));
      if (gone.length === 0) continue;
      await trx.deleteFrom("webhook_deliveries").where("event_id", "in", gone).execute();
      const result = await trx.deleteFrom("events").where("id", "in", gone).executeTakeFirst();
      pruned += Number(result.numDeletedRows);
    }
  });
}

/** Events looked at per statement when pruning: well under any engine's limit of bound values. */
const PRUNE_PAGE = 500;

/** The newest event's sequence number (0 when there is none). */
export async function lastEventSeq(db: Kysely<MirrorSchema>): Promise<number> {
  const row = await db
    .selectFrom("events")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

export async function findEvent(db: Kysely<MirrorSchema>, id: string): Promise<StoredEvent | undefined> {
  return db.selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Events of a type, newest first (for inspection and tests). */
export async function listEvents(
  db: Kysely<MirrorSchema>,
  options: { type?: string; accountId?: string; limit?: number } = {},
): Promise<StoredEvent[]> {
  let query = db.selectFrom("events").selectAll();
  if (options.type) query = query.where("type", "=", options.type);
  if (options.accountId) query = query.where("account_id", "=", options.accountId);
  return query
    .orderBy("seq", "desc")
    .limit(options.limit ?? 100)
    .execute();
}

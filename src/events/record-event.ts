import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { insertEvent } from "../store/events.js";
import type { MirrorSchema } from "../store/schema.js";
import type { EventPayload, EventType, TEST_EVENT_TYPE } from "./event-types.js";

/** A new id with a prefix: `evt_` and 22 URL-safe random characters (132 bits). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(17).toString("base64url").slice(0, 22)}`;
}

export interface NewEvent<D extends Record<string, unknown> = Record<string, unknown>> {
  type: EventType | typeof TEST_EVENT_TYPE;
  data: D;
  /** The seller account the event is about; its workspaces' endpoints receive it. */
  account_id: string | null;
  /** When the change happened. */
  now: Date;
  /** For an event without an account: the workspace whose endpoints receive it. */
  workspace_id?: string;
  /** Only this endpoint receives the event. */
  endpoint_id?: string;
  /**
   * The same finding reported again (a demo generated anew, a file imported
   * twice) records nothing when given the key of the first.
   */
  dedupe_key?: string;
  /** The event is queued for its one endpoint by the caller, in the same transaction. */
  fanned_out?: boolean;
}

export interface RecordedEvent {
  id: string;
  /** False when an event with the same dedupe key was already recorded. */
  recorded: boolean;
  payload: string;
}

/**
 * Writes an event to the outbox. Call it with the handle of the transaction
 * that makes the change the event reports, so that the change and its event
 * commit together or not at all: a crash can neither lose an event nor
 * report a change that was rolled back. Delivery happens later, from the
 * outbox (see src/webhooks/).
 *
 * @example
 * await db.transaction().execute(async (trx) => {
 *   // … the change …
 *   await recordEvent(trx, { type: "inventory.alert", account_id: "acme", data: { … }, now });
 * });
 */
export async function recordEvent(db: Kysely<MirrorSchema>, event: NewEvent): Promise<RecordedEvent> {
  const id = newId("evt");
  const data =
    event.account_id !== null && !("account_id" in event.data)
      ? { ...event.data, account_id: event.account_id }
      : event.data;
  const payload: EventPayload = { type: event.type, timestamp: event.now.toISOString(), data };
  const text = JSON.stringify(payload);
  const recorded = await insertEvent(db, {
    id,
    type: event.type,
    account_id: event.account_id,
    workspace_id: event.workspace_id,
    endpoint_id: event.endpoint_id,
    payload: text,
    dedupe_key: event.dedupe_key,
    created_at: event.now.toISOString(),
    fanned_out: event.fanned_out,
  });
  return { id, recorded, payload: text };
}

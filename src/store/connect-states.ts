import type { Selectable } from "kysely";
import type { MirrorDb } from "./open-mirror.js";
import type { ConnectStatesTable } from "./schema.js";

export type ConnectStateRow = Selectable<ConnectStatesTable>;

export async function insertConnectState(db: MirrorDb, row: ConnectStateRow): Promise<void> {
  await db.insertInto("connect_states").values(row).execute();
}

/**
 * Marks a state used and returns it, in one statement, so two callbacks with
 * the same state cannot both get it. Undefined when unknown or already used;
 * the caller checks the expiry.
 */
export async function takeConnectState(
  db: MirrorDb,
  stateHash: string,
  at: string,
): Promise<ConnectStateRow | undefined> {
  const taken = await db
    .updateTable("connect_states")
    .set({ used_at: at })
    .where("state_hash", "=", stateHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom("connect_states").selectAll().where("state_hash", "=", stateHash).executeTakeFirst();
}

/** Forgets states that expired before `before` (they can never be used). */
export async function purgeConnectStates(db: MirrorDb, before: string): Promise<void> {
  await db.deleteFrom("connect_states").where("expires_at", "<", before).execute();
}

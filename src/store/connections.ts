import type { Insertable, Selectable } from "kysely";
import type { MirrorDb } from "./open-mirror.js";
import type { ConnectionState, ConnectionsTable } from "./schema.js";

export type Connection = Selectable<ConnectionsTable>;

/** Every connection, newest first. */
export async function listConnections(db: MirrorDb): Promise<Connection[]> {
  return db.selectFrom("connections").selectAll().orderBy("created_at", "desc").orderBy("id").execute();
}

export async function findConnection(db: MirrorDb, id: string): Promise<Connection | undefined> {
  return db.selectFrom("connections").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The account's connection that is not disconnected, if any (an account has at most one live connection). */
export async function connectionOfAccount(db: MirrorDb, accountId: string): Promise<Connection | undefined> {
  return db
    .selectFrom("connections")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("state", "!=", "disconnected")
    .orderBy("updated_at", "desc")
    .executeTakeFirst();
}

export async function insertConnection(db: MirrorDb, connection: Insertable<ConnectionsTable>): Promise<void> {
  await db.insertInto("connections").values(connection).execute();
}

export async function updateConnection(
  db: MirrorDb,
  id: string,
  changes: Partial<Omit<Connection, "id" | "created_at">> & { updated_at: string },
): Promise<void> {
  await db.updateTable("connections").set(changes).where("id", "=", id).execute();
}

/**
 * Sets a connection's state and mirrors it on its account, so `status` and
 * the account listing agree. Leaving `connected` never keeps tokens that
 * were disconnected.
 */
export async function setConnectionState(
  db: MirrorDb,
  id: string,
  state: ConnectionState,
  at: string,
  lastError: string | null = null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const conn = await trx.selectFrom("connections").select("account_id").where("id", "=", id).executeTakeFirst();
    if (!conn) return;
    await trx
      .updateTable("connections")
      .set({
        state,
        last_error: lastError,
        updated_at: at,
        ...(state === "disconnected" ? { refresh_token: null, ads_refresh_token: null } : {}),
      })
      .where("id", "=", id)
      .execute();
    await trx.updateTable("accounts").set({ connection_state: state }).where("id", "=", conn.account_id).execute();
  });
}

/**
 * The workspace of the mirror's own user, for what the CLI sets up without
 * an API key (webhooks added with `seller-ai webhooks add`): `ws_local`, on
 * the enterprise plan (the user owns the mirror; no quota applies to them).
 * Its webhooks receive the events of every account in the mirror, those
 * imported after it was made included; it is connected to the accounts
 * present when it is made, which is what a key added to it sees.
 */
import type { Kysely } from "kysely";
import { writeTransaction } from "./dialect.js";
import type { MirrorSchema } from "./schema.js";

export const LOCAL_WORKSPACE_ID = "ws_local";

/** Every workspace's id, oldest first. */
export async function listWorkspaceIds(db: Kysely<MirrorSchema>): Promise<string[]> {
  const rows = await db.selectFrom("workspaces").select("id").orderBy("created_at").orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** Creates the local workspace (connected to every account) unless it exists; returns its id. */
export async function ensureLocalWorkspace(db: Kysely<MirrorSchema>, now: Date): Promise<string> {
  await writeTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("workspaces")
      .values({ id: LOCAL_WORKSPACE_ID, name: "local", plan: "enterprise", created_at: now.toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return;
    const accounts = await trx.selectFrom("accounts").select("id").execute();
    for (const a of accounts)
      await trx
        .insertInto("workspace_accounts")
        .values({ workspace_id: LOCAL_WORKSPACE_ID, account_id: a.id })
        .onConflict((oc) => oc.columns(["workspace_id", "account_id"]).doNothing())
        .execute();
  });
  return LOCAL_WORKSPACE_ID;
}

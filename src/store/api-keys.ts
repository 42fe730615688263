/**
 * The API keys' rows as the request path reads them: one indexed lookup by
 * the key's hash per request, the workspace's accounts, and the key's last
 * use. Creating, listing and revoking keys is in accounts/keys.ts.
 */
import type { Kysely } from "kysely";
import type { MirrorDb } from "./backend.js";
import { dialectOf, type WriteWaitOptions } from "./dialect.js";
import { reusable, slot } from "./reusable-query.js";
import type { MirrorSchema, Plan } from "./schema.js";

/** A key with its workspace's plan; `scopes` is the stored comma list. */
export interface StoredKey {
  id: string;
  name: string;
  hash: string;
  scopes: string;
  revoked_at: string | null;
  workspace_id: string;
  plan: Plan;
}

const findQuery = reusable((db: Kysely<MirrorSchema>) =>
  db
    .selectFrom("api_keys")
    .innerJoin("workspaces", "workspaces.id", "api_keys.workspace_id")
    .select([
      "api_keys.id",
      "api_keys.name",
      "api_keys.hash",
      "api_keys.scopes",
      "api_keys.revoked_at",
      "api_keys.workspace_id",
      "workspaces.plan",
    ])
    .where("api_keys.hash", "=", slot("hash"))
    .compile(),
);

// Joined with accounts, so an account deleted from the mirror drops out of every workspace.
const accountsQuery = reusable((db: Kysely<MirrorSchema>) =>
  db
    .selectFrom("workspace_accounts")
    .innerJoin("accounts", "accounts.id", "workspace_accounts.account_id")
    .select("workspace_accounts.account_id")
    .where("workspace_accounts.workspace_id", "=", slot("workspace"))
    .orderBy("workspace_accounts.account_id")
    .compile(),
);

const touchQuery = reusable((db: Kysely<MirrorSchema>) =>
  db
    .updateTable("api_keys")
    .set({ last_used_at: slot("at") })
    .where("id", "=", slot("id"))
    .compile(),
);

/** The key stored under a hash, with its workspace's plan. */
export async function findKeyByHash(db: MirrorDb, hash: string): Promise<StoredKey | undefined> {
  return (await findQuery(db).execute(db, { hash })).rows[0] as StoredKey | undefined;
}

/** The accounts a workspace may use, in id order. */
export async function workspaceAccountIds(db: MirrorDb, workspaceId: string): Promise<string[]> {
  return (await accountsQuery(db).execute(db, { workspace: workspaceId })).rows.map((r) => r.account_id);
}

/** Records when a key was last used. */
export async function touchKey(db: MirrorDb, id: string, at: string, wait?: WriteWaitOptions): Promise<void> {
  await dialectOf(db).standaloneWrite(db, async (trx) => void (await touchQuery(db).execute(trx, { id, at })), wait);
}

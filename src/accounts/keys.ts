import { SellerAiError, usageError } from "../core/errors.js";
import type { MirrorDb } from "../store/backend.js";
import { writeTransaction } from "../store/dialect.js";
import { displayPrefix, generateApiKey, hashApiKey, isScope, randomBase62, SCOPES, type Scope } from "./api-keys.js";
import { isPlan, PLANS, type Plan } from "./plans.js";

export interface NewApiKey {
  name: string;
  /** The plan of a new workspace; with `workspaceId` it must match the workspace's plan or be left out. */
  plan?: string;
  scopes: string[];
  /** Add the key to this existing workspace instead of creating one. */
  workspaceId?: string;
  /** Accounts to connect to the workspace; default for a new workspace: every account in the mirror. */
  accountIds?: string[];
  now: Date;
}

export interface ApiKeyListing {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  workspace_id: string;
  plan: Plan;
  accounts: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A key as just created: its listing before any use, plus the secret, returned once and never stored. */
export type CreatedApiKey = Omit<ApiKeyListing, "last_used_at" | "revoked_at"> & { key: string };

/** Parses scope names from a comma list, rejecting unknown ones. */
export function parseScopes(text: string): Scope[] {
  const names = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (names.length === 0) throw usageError(`--scopes needs at least one of ${SCOPES.join(", ")}.`);
  const unknown = names.filter((s) => !isScope(s));
  if (unknown.length)
    throw usageError(`unknown scope ${unknown.map((s) => `"${s}"`).join(", ")}; scopes are ${SCOPES.join(", ")}.`);
  return [...new Set(names as Scope[])];
}

/**
 * Creates a key, and its workspace unless an existing one is named. The
 * workspace is connected to the given accounts, or to every account of the
 * mirror when none are given. The secret is in the result only.
 *
 * @example
 * const created = await createApiKey(db, { name: "ci", plan: "starter", scopes: ["query"], now });
 * console.log(created.key); // sk_live_…
 */
export async function createApiKey(db: MirrorDb, input: NewApiKey): Promise<CreatedApiKey> {
  const name = input.name.trim();
  if (name === "") throw usageError("--name must not be empty.");
  if (input.plan !== undefined && !isPlan(input.plan))
    throw usageError(`unknown plan "${input.plan}"; plans are ${PLANS.join(", ")}.`);
  const scopes = parseScopes(input.scopes.join(","));
  const createdAt = input.now.toISOString();
  const key = generateApiKey();
  const id = `key_${randomBase62(16)}`;

  // The write lock from the start: a transaction that reads, then writes, would fail at its first write
  // when another process wrote meanwhile, where waiting a moment for the lock succeeds.
  return writeTransaction(db, async (trx) => {
    const known = new Set((await trx.selectFrom("accounts").select("id").execute()).map((a) => a.id));
    const requested = input.accountIds ? [...new Set(input.accountIds)] : undefined;
    const missing = (requested ?? []).filter((a) => !known.has(a));
    if (missing.length) {
      throw new SellerAiError(
        "not_found",
        `no account ${missing.map((a) => `"${a}"`).join(", ")} in the mirror${known.size ? `; known accounts: ${[...known].join(", ")}` : ""}.`,
      );
    }

    let workspaceId: string;
    let plan: Plan;
    if (input.workspaceId !== undefined) {
      const workspace = await trx
        .selectFrom("workspaces")
        .selectAll()
        .where("id", "=", input.workspaceId)
        .executeTakeFirst();
      if (!workspace)
        throw new SellerAiError(
          "not_found",
          `no workspace "${input.workspaceId}"; \`seller-ai keys list\` shows the workspaces of existing keys.`,
        );
      if (input.plan !== undefined && input.plan !== workspace.plan) {
        throw usageError(
          `workspace ${workspace.id} is on the ${workspace.plan} plan; leave out --plan to add a key to it.`,
        );
      }
      workspaceId = workspace.id;
      plan = workspace.plan;
    } else {
      if (input.plan === undefined)
        throw usageError(`--plan is required for a new workspace: one of ${PLANS.join(", ")}.`);
      plan = input.plan as Plan;
      workspaceId = `ws_${randomBase62(16)}`;
      await trx.insertInto("workspaces").values({ id: workspaceId, name, plan, created_at: createdAt }).execute();
    }
    const link = input.workspaceId === undefined ? (requested ?? [...known]) : (requested ?? []);
    for (const accountId of link) {
      await trx
        .insertInto("workspace_accounts")
        .values({ workspace_id: workspaceId, account_id: accountId })
        .onConflict((oc) => oc.columns(["workspace_id", "account_id"]).doNothing())
        .execute();
    }
    await trx
      .insertInto("api_keys")
      .values({
        id,
        workspace_id: workspaceId,
        name,
        scopes: scopes.join(","),
        prefix: displayPrefix(key),
        hash: hashApiKey(key),
        created_at: createdAt,
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    const accounts = (
      await trx
        .selectFrom("workspace_accounts")
        .select("account_id")
        .where("workspace_id", "=", workspaceId)
        .orderBy("account_id")
        .execute()
    ).map((r) => r.account_id);
    return {
      key,
      id,
      name,
      prefix: displayPrefix(key),
      scopes,
      workspace_id: workspaceId,
      plan,
      accounts,
      created_at: createdAt,
    };
  });
}

/** Every key, newest first, with its workspace's plan and accounts. Never the secret. */
export async function listApiKeys(db: MirrorDb): Promise<ApiKeyListing[]> {
  const rows = await db
    .selectFrom("api_keys")
    .innerJoin("workspaces", "workspaces.id", "api_keys.workspace_id")
    .select([
      "api_keys.id",
      "api_keys.name",
      "api_keys.prefix",
      "api_keys.scopes",
      "api_keys.workspace_id",
      "workspaces.plan",
      "api_keys.created_at",
      "api_keys.last_used_at",
      "api_keys.revoked_at",
    ])
    .orderBy("api_keys.created_at", "desc")
    .orderBy("api_keys.id")
    .execute();
  const links = await db.selectFrom("workspace_accounts").selectAll().orderBy("account_id").execute();
  const byWorkspace = new Map<string, string[]>();
  for (const l of links) byWorkspace.set(l.workspace_id, [...(byWorkspace.get(l.workspace_id) ?? []), l.account_id]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes.split(",").filter(isScope),
    workspace_id: r.workspace_id,
    plan: r.plan,
    accounts: byWorkspace.get(r.workspace_id) ?? [],
    created_at: r.created_at,
    last_used_at: r.last_used_at,
    revoked_at: r.revoked_at,
  }));
}

/**
 * Revokes a key; it stops working at once, also for a server already
 * running on the same mirror. Returns when it was revoked (the earlier time
 * when it already was).
 */
export async function revokeApiKey(
  db: MirrorDb,
  id: string,
  now: Date,
): Promise<{ revoked_at: string; already: boolean }> {
  const row = await db.selectFrom("api_keys").select(["id", "revoked_at"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new SellerAiError("not_found", `no key "${id}"; \`seller-ai keys list\` shows the keys.`);
  if (row.revoked_at) return { revoked_at: row.revoked_at, already: true };
  const revokedAt = now.toISOString();
  await db
    .updateTable("api_keys")
    .set({ revoked_at: revokedAt })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .execute();
  return { revoked_at: revokedAt, already: false };
}

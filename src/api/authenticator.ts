import type Database from "better-sqlite3";
import { SellerAiError } from "../core/errors.js";
import type { MirrorDb } from "../store/open-mirror.js";
import { hashApiKey, isScope, isWellFormedKey, sameHash, type Scope } from "./api-keys.js";
import type { Plan } from "./plans.js";
import { PreparedQuery, param } from "./prepared.js";

/** Who is calling: the key, its workspace, the plan and the accounts it may see. */
export interface ApiPrincipal {
  keyId: string;
  keyName: string;
  workspaceId: string;
  plan: Plan;
  scopes: ReadonlySet<Scope>;
  accountIds: readonly string[];
}

interface KeyRow {
  id: string;
  name: string;
  hash: string;
  scopes: string;
  revoked_at: string | null;
  workspace_id: string;
  plan: Plan;
}

/** last_used_at is written at most this often per key, so the hot path rarely writes. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * Checks bearer keys. Each request runs one prepared, indexed lookup by the
 * key's SHA-256, so a revocation (also from another process on the same
 * mirror) applies to the very next request; the workspace's accounts are
 * cached per workspace until the mirror changes (PRAGMA data_version).
 */
export class Authenticator {
  private readonly findKey: PreparedQuery<KeyRow>;
  private readonly findAccounts: PreparedQuery<{ account_id: string }>;
  private readonly touchKey: PreparedQuery;
  private readonly dataVersion: Database.Statement;
  private readonly accountsCache = new Map<string, { version: number; generation: number; accountIds: string[] }>();
  private readonly lastTouched = new Map<string, number>();
  private generation = 0;

  constructor(db: MirrorDb, sqlite: Database.Database) {
    this.findKey = new PreparedQuery(
      sqlite,
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
        .where("api_keys.hash", "=", param("hash"))
        .compile(),
    );
    this.findAccounts = new PreparedQuery(
      sqlite,
      // Joined with accounts, so an account deleted from the mirror drops out of every workspace.
      db
        .selectFrom("workspace_accounts")
        .innerJoin("accounts", "accounts.id", "workspace_accounts.account_id")
        .select("workspace_accounts.account_id")
        .where("workspace_accounts.workspace_id", "=", param("workspace"))
        .orderBy("workspace_accounts.account_id")
        .compile(),
    );
    this.touchKey = new PreparedQuery(
      sqlite,
      db
        .updateTable("api_keys")
        .set({ last_used_at: param("at") })
        .where("id", "=", param("id"))
        .compile(),
    );
    this.dataVersion = sqlite.prepare("PRAGMA data_version").pluck();
  }

  /** Drops cached workspace accounts (after this process changes them itself). */
  invalidate(): void {
    this.generation++;
  }

  /** The principal for an `Authorization` header, or a 401 `unauthorized` error. */
  authenticate(header: string | undefined, now: Date): ApiPrincipal {
    if (header === undefined || header === "")
      throw unauthorized("missing API key: send `Authorization: Bearer sk_live_…`.");
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match) throw unauthorized("malformed Authorization header: expected `Bearer sk_live_…`.");
    const key = match[1];
    if (!isWellFormedKey(key))
      throw unauthorized("malformed API key: keys look like sk_live_ followed by at least 32 letters and digits.");
    const hash = hashApiKey(key);
    const row = this.findKey.get({ hash });
    // The lookup is by hash; the constant-time comparison guards against any index or collation surprise.
    if (!row || !sameHash(row.hash, hash)) throw unauthorized("unknown API key.");
    if (row.revoked_at) throw unauthorized("this API key has been revoked.");
    this.touch(row.id, now);
    return {
      keyId: row.id,
      keyName: row.name,
      workspaceId: row.workspace_id,
      plan: row.plan,
      scopes: new Set(row.scopes.split(",").filter(isScope)),
      accountIds: this.accountsOf(row.workspace_id),
    };
  }

  private accountsOf(workspaceId: string): string[] {
    const version = this.dataVersion.get() as number;
    const cached = this.accountsCache.get(workspaceId);
    if (cached && cached.version === version && cached.generation === this.generation) return cached.accountIds;
    const accountIds = this.findAccounts.all({ workspace: workspaceId }).map((r) => r.account_id);
    this.accountsCache.set(workspaceId, { version, generation: this.generation, accountIds });
    return accountIds;
  }

  private touch(keyId: string, now: Date): void {
    const at = now.getTime();
    const last = this.lastTouched.get(keyId);
    if (last !== undefined && at - last < LAST_USED_EVERY_MS && at >= last) return;
    this.lastTouched.set(keyId, at);
    this.touchKey.run({ id: keyId, at: now.toISOString() });
  }
}

function unauthorized(message: string): SellerAiError {
  return new SellerAiError("unauthorized", message, {
    suggestions: [
      "Create a key with `seller-ai keys create --name NAME --plan starter --scopes query` and send it as `Authorization: Bearer <key>`.",
    ],
  });
}

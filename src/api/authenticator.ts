import { SellerAiError } from "../core/errors.js";
import { findKeyByHash, touchKey, workspaceAccountIds } from "../store/api-keys.js";
import type { Mirror, MirrorDb } from "../store/backend.js";
import { isDatabaseBusy } from "../store/dialect.js";
import type { WriteBehind } from "../store/write-behind.js";
import { hashApiKey, isScope, isWellFormedKey, sameHash, type Scope } from "../accounts/api-keys.js";
import type { Plan } from "../accounts/plans.js";

/** Who is calling: the key, its workspace, the plan and the accounts it may see. */
export interface ApiPrincipal {
  keyId: string;
  keyName: string;
  workspaceId: string;
  plan: Plan;
  scopes: ReadonlySet<Scope>;
  accountIds: readonly string[];
}

/** last_used_at is written at most this often per key, so the hot path rarely writes. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * Checks bearer keys. Each request runs one indexed lookup by the key's
 * SHA-256, so a revocation (also from another process on the same mirror)
 * applies to the very next request; the workspace's accounts are cached per
 * workspace until the mirror changes (the dialect's change detection).
 * A key's last use is written without waiting for another writer's lock:
 * when the mirror is busy, the write is left to the background.
 */
export class Authenticator {
  private readonly db: MirrorDb;
  private readonly accountsCache = new Map<string, { version: number; generation: number; accountIds: string[] }>();
  private readonly lastTouched = new Map<string, number>();
  private generation = 0;

  constructor(
    private readonly mirror: Pick<Mirror, "db" | "dialect">,
    private readonly later: WriteBehind,
  ) {
    this.db = mirror.db;
  }

  /** Drops cached workspace accounts (after this process changes them itself). */
  invalidate(): void {
    this.generation++;
  }

  /** The principal for an `Authorization` header, or a 401 `unauthorized` error. */
  async authenticate(header: string | undefined, now: Date): Promise<ApiPrincipal> {
    if (header === undefined || header === "")
      throw unauthorized("missing API key: send `Authorization: Bearer sk_live_…`.");
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match) throw unauthorized("malformed Authorization header: expected `Bearer sk_live_…`.");
    const key = match[1];
    if (!isWellFormedKey(key))
      throw unauthorized("malformed API key: keys look like sk_live_ followed by at least 32 letters and digits.");
    const hash = hashApiKey(key);
    const row = await findKeyByHash(this.db, hash);
    // The lookup is by hash; the constant-time comparison guards against any index or collation surprise.
    if (!row || !sameHash(row.hash, hash)) throw unauthorized("unknown API key.");
    if (row.revoked_at) throw unauthorized("this API key has been revoked.");
    await this.touch(row.id, now);
    return {
      keyId: row.id,
      keyName: row.name,
      workspaceId: row.workspace_id,
      plan: row.plan,
      scopes: new Set(row.scopes.split(",").filter(isScope)),
      accountIds: await this.accountsOf(row.workspace_id),
    };
  }

  private async accountsOf(workspaceId: string): Promise<string[]> {
    const version = await this.mirror.dialect.dataVersion(this.db);
    const cached = this.accountsCache.get(workspaceId);
    if (cached && cached.version === version && cached.generation === this.generation) return cached.accountIds;
    const accountIds = await workspaceAccountIds(this.db, workspaceId);
    this.accountsCache.set(workspaceId, { version, generation: this.generation, accountIds });
    return accountIds;
  }

  private async touch(keyId: string, now: Date): Promise<void> {
    const at = now.getTime();
    const last = this.lastTouched.get(keyId);
    if (last !== undefined && at - last < LAST_USED_EVERY_MS && at >= last) return;
    this.lastTouched.set(keyId, at);
    const write = () => touchKey(this.db, keyId, now.toISOString(), { waitMs: 0 });
    try {
      await write();
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error;
      this.later.defer("key last used", write);
    }
  }
}

function unauthorized(message: string): SellerAiError {
  return new SellerAiError("unauthorized", message, {
    suggestions: [
      "Create a key with `seller-ai keys create --name NAME --plan starter --scopes query` and send it as `Authorization: Bearer <key>`.",
    ],
  });
}

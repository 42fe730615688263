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

/** A principal as found for a key's hash, and the data-change version it was found at. */
export interface KnownPrincipal {
  principal: ApiPrincipal;
  version: string;
}

/**
 * Checks bearer keys. A key's row and its workspace's accounts are looked up
 * once and then kept, per key hash, while the mirror's data-change version
 * (store/data-changes.ts) stands: creating or revoking a key, or changing a
 * workspace's accounts, moves it, from this process or another, so the next
 * request that reads the version looks the key up again. A key's last use
 * is written at most once a minute, without waiting for another writer's
 * lock: when the mirror is busy, the write is left to the background.
 */
export class Authenticator {
  private readonly db: MirrorDb;
  private readonly known = new Map<string, KnownPrincipal & { generation: number }>();
  private readonly lastTouched = new Map<string, number>();
  private generation = 0;

  constructor(
    private readonly mirror: Pick<Mirror, "db" | "dialect">,
    private readonly later: WriteBehind,
  ) {
    this.db = mirror.db;
  }

  /** Forgets every key (after this process changes keys or accounts itself). */
  invalidate(): void {
    this.generation++;
    this.known.clear();
  }

  /** The hash of the key in an `Authorization` header, or a 401 `unauthorized` error. */
  keyHash(header: string | undefined): string {
    if (header === undefined || header === "")
      throw unauthorized("missing API key: send `Authorization: Bearer sk_live_…`.");
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match) throw unauthorized("malformed Authorization header: expected `Bearer sk_live_…`.");
    const key = match[1];
    if (!isWellFormedKey(key))
      throw unauthorized("malformed API key: keys look like sk_live_ followed by at least 32 letters and digits.");
    return hashApiKey(key);
  }

  /**
   * The principal found for `hash` before, with the version it was found at:
   * still good if the version has not moved since (the caller checks).
   */
  remembered(hash: string): KnownPrincipal | undefined {
    const known = this.known.get(hash);
    return known && known.generation === this.generation ? known : undefined;
  }

  /**
   * Looks the key up (its row, its workspace's accounts) and remembers it at
   * `version`, read before the lookup; a 401 when it is unknown or revoked.
   */
  async lookUp(hash: string, version: string, now: Date): Promise<ApiPrincipal> {
    const generation = this.generation;
    const row = await findKeyByHash(this.db, hash);
    // The lookup is by hash; the constant-time comparison guards against any index or collation surprise.
    if (!row || !sameHash(row.hash, hash)) throw unauthorized("unknown API key.");
    if (row.revoked_at) throw unauthorized("this API key has been revoked.");
    const principal: ApiPrincipal = {
      keyId: row.id,
      keyName: row.name,
      workspaceId: row.workspace_id,
      plan: row.plan,
      scopes: new Set(row.scopes.split(",").filter(isScope)),
      accountIds: await workspaceAccountIds(this.db, row.workspace_id),
    };
    if (generation === this.generation) {
      if (this.known.size >= MAX_KNOWN_KEYS) this.known.delete(this.known.keys().next().value as string);
      this.known.set(hash, { principal, version, generation });
    }
    await this.touch(row.id, now);
    return { ...principal };
  }

  /** A remembered principal for one request (its plan is the request's to change), its last use noted. */
  async use(known: KnownPrincipal, now: Date): Promise<ApiPrincipal> {
    await this.touch(known.principal.keyId, now);
    return { ...known.principal };
  }

  /** The principal for an `Authorization` header, or a 401 `unauthorized` error. */
  async authenticate(header: string | undefined, now: Date): Promise<ApiPrincipal> {
    const hash = this.keyHash(header);
    const version = await this.mirror.dialect.dataVersion(this.db);
    const known = this.remembered(hash);
    if (known && known.version === version) return this.use(known, now);
    return this.lookUp(hash, version, now);
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

/** Keys remembered at most (the oldest found dropped first). */
const MAX_KNOWN_KEYS = 10_000;

function unauthorized(message: string): SellerAiError {
  return new SellerAiError("unauthorized", message, {
    suggestions: [
      "Create a key with `seller-ai keys create --name NAME --plan starter --scopes query` and send it as `Authorization: Bearer <key>`.",
    ],
  });
}

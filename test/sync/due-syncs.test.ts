// Scheduled syncs on a database several `serve` instances share: each due account is synced by one instance, never
// by two at once nor twice in one interval, and an account held by an instance that stopped waits for its lease.
import { describe, expect, it } from "vitest";
import { createAccount } from "../../src/store/accounts.js";
import { insertConnection } from "../../src/store/connections.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { claimDueSync } from "../../src/store/sync-claims.js";
import { runDueSyncs } from "../../src/sync/due-syncs.js";
import { BACKENDS } from "../helpers/backends.js";

const AT = "2026-11-21T06:00:00.000Z";
const EVERY_MS = 6 * 3_600_000;
const LEASE_MS = 5 * 60_000;
const ACCOUNTS = Array.from({ length: 12 }, (_, i) => `amazon-A${String(i).padStart(2, "0")}`);

function atPlus(ms: number): Date {
  return new Date(Date.parse(AT) + ms);
}

async function connectedAccounts(mirror: Mirror): Promise<void> {
  for (const [i, id] of ACCOUNTS.entries()) {
    await createAccount(mirror.db, {
      id,
      name: id,
      provider: "spapi",
      homeCurrency: "USD",
      marketplaces: [],
      isDefault: i === 0,
      createdAt: AT,
    });
    await insertConnection(mirror.db, {
      id: `con_${id}`,
      account_id: id,
      workspace_id: null,
      region: "na",
      scopes: "orders",
      selling_partner_id: `SP${i}`,
      refresh_token: "sealed",
      ads_refresh_token: null,
      state: i === ACCOUNTS.length - 1 ? "needs_reauth" : "connected",
      last_error: null,
      created_at: AT,
      updated_at: AT,
    });
  }
}

/** Syncs that note who synced which account, and any account synced by two at once. */
function recorder() {
  const synced: { worker: string; account: string }[] = [];
  const running = new Set<string>();
  const overlaps: string[] = [];
  const sync = (worker: string) => async (conn: { account_id: string }) => {
    if (running.has(conn.account_id)) overlaps.push(conn.account_id);
    running.add(conn.account_id);
    // A sync awaits Amazon: the other instance gets its turn meanwhile.
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    running.delete(conn.account_id);
    synced.push({ worker, account: conn.account_id });
    return { status: "ok", rows: 1 };
  };
  return { synced, overlaps, sync };
}

const noBeats = () => () => undefined;

describe.each(BACKENDS)("scheduled syncs of two instances on $name", (backend) => {
  it("sync each due account once between them, and again only an interval later", async () => {
    const location = await backend.location();
    const first = await openStore(location);
    // On a server the second instance has its own connections; elsewhere it shares the mirror.
    const second: Mirror = backend.name === "postgres" ? await openStore(location) : first;
    try {
      await connectedAccounts(first);
      const { synced, overlaps, sync } = recorder();
      const round = (mirror: Mirror, worker: string, now: Date) =>
        runDueSyncs({
          db: mirror.db,
          workerId: worker,
          clock: () => now,
          everyMs: EVERY_MS,
          retryMs: 60_000,
          every: noBeats,
          sync: sync(worker),
        });
      const connected = ACCOUNTS.slice(0, -1);

      await Promise.all([round(first, "one", atPlus(0)), round(second, "two", atPlus(0))]);
      expect(synced.map((s) => s.account).sort()).toEqual(connected);
      expect(overlaps).toEqual([]);

      synced.length = 0;
      await Promise.all([round(first, "one", atPlus(EVERY_MS - 1)), round(second, "two", atPlus(EVERY_MS - 1))]);
      expect(synced).toEqual([]);

      await Promise.all([round(first, "one", atPlus(EVERY_MS)), round(second, "two", atPlus(EVERY_MS))]);
      expect(synced.map((s) => s.account).sort()).toEqual(connected);
      expect(overlaps).toEqual([]);
    } finally {
      if (second !== first) await second.close();
      await first.close();
    }
  });

  it("leave an account held by an instance that stopped until its lease runs out", async () => {
    const mirror = await openStore(await backend.location());
    try {
      await connectedAccounts(mirror);
      const held = await claimDueSync(mirror.db, {
        workerId: "stopped",
        at: AT,
        leaseUntil: atPlus(LEASE_MS).toISOString(),
      });
      expect(held?.account_id).toBe(ACCOUNTS[0]);
      const { synced, sync } = recorder();
      const round = (now: Date) =>
        runDueSyncs({
          db: mirror.db,
          workerId: "live",
          clock: () => now,
          everyMs: EVERY_MS,
          retryMs: 60_000,
          every: noBeats,
          sync: sync("live"),
        });

      await round(atPlus(LEASE_MS - 1));
      expect(synced.map((s) => s.account)).not.toContain(ACCOUNTS[0]);
      expect(synced).toHaveLength(ACCOUNTS.length - 2);

      await round(atPlus(LEASE_MS));
      expect(synced.map((s) => s.account).slice(ACCOUNTS.length - 2)).toEqual([ACCOUNTS[0]]);
    } finally {
      await mirror.close();
    }
  });

  it("make an account whose sync failed due again after the retry interval", async () => {
    const mirror = await openStore(await backend.location());
    try {
      await connectedAccounts(mirror);
      const tried: string[] = [];
      const round = (now: Date) =>
        runDueSyncs({
          db: mirror.db,
          workerId: "live",
          clock: () => now,
          everyMs: EVERY_MS,
          retryMs: 60_000,
          every: noBeats,
          sync: async (conn) => {
            tried.push(conn.account_id);
            if (conn.account_id === ACCOUNTS[1]) throw new Error("Amazon answered 503");
            return { status: "ok", rows: 1 };
          },
        });

      expect((await round(atPlus(0))).problems).toEqual([`${ACCOUNTS[1]}: Amazon answered 503`]);
      tried.length = 0;
      await round(atPlus(59_999));
      expect(tried).toEqual([]);
      await round(atPlus(60_000));
      expect(tried).toEqual([ACCOUNTS[1]]);
    } finally {
      await mirror.close();
    }
  });
});

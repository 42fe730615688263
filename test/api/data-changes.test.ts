// The API's caches (answers, keys) hold while the mirror's data-change counter stands: every write to what
// answers or keys depend on moves it, from this instance or another on the same database, and counting
// requests (quotas, bursts, conversations, a key's last use) does not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer as coreAnswer } from "../../src/answer/answer.js";
import { createApiKey, revokeApiKey } from "../../src/accounts/keys.js";
import { importFile } from "../../src/ingest/import-file.js";
import { writeRates } from "../../src/store/currency-rates.js";
import { setAnomalySensitivity } from "../../src/store/insight-settings.js";
import { openStore, PGLITE_MEMORY, type Mirror } from "../../src/store/open-mirror.js";
import { reserveUsage } from "../../src/store/usage-counters.js";
import { startConversations } from "../../src/store/conversations.js";
import { touchKey } from "../../src/store/api-keys.js";
import { apiHarness, NOON, type Harness } from "../helpers/api-harness.js";
import { BACKENDS } from "../helpers/backends.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { buildTwoSellerMirror } from "../helpers/two-sellers.js";

const QUESTION = { query: "how much did I sell last month", account_id: "acme" };

type Write = (other: Mirror, ids: { keyId: string; workspaceId: string }) => Promise<unknown>;

/** Writes that change what an answer (or a key) depends on: each must make the next request recompute. */
const CHANGES: [string, Write][] = [
  [
    "an import",
    (other) => importFile(other, "fixtures/import/orders-by-order-date.tsv", { accountId: "acme", now: NOON }),
  ],
  [
    "an exchange rate",
    (other) => writeRates(other, [{ currency: "GBP", quote: "USD", date: "2026-11-01", rate: 1.5, kind: "daily" }]),
  ],
  ["a setting", (other) => setAnomalySensitivity(other.db, "acme", "high")],
  [
    "an alert",
    (other) =>
      other.db
        .insertInto("alerts")
        .values({
          id: "alert_cache",
          account_id: "acme",
          metric: "revenue",
          op: "<",
          value: 10,
          description: "revenue below 10",
          created_at: NOON.toISOString(),
        })
        .execute(),
  ],
  [
    "a key created",
    (other) =>
      createApiKey(other.db, { name: "another", plan: "starter", scopes: ["query"], accountIds: ["acme"], now: NOON }),
  ],
  [
    "a workspace's plan",
    (other, ids) =>
      other.db.updateTable("workspaces").set({ plan: "business" }).where("id", "=", ids.workspaceId).execute(),
  ],
  [
    "an account's connection to a workspace",
    (other, ids) =>
      other.db
        .insertInto("workspace_accounts")
        .values({ workspace_id: ids.workspaceId, account_id: "zenith" })
        .execute(),
  ],
];

/** Writes that only count or log requests: the caches stay valid through them. */
const COUNTS: [string, Write][] = [
  [
    "a quota unit",
    (other, ids) =>
      reserveUsage(other.db, { workspaceId: ids.workspaceId, day: "2026-11-21", kind: "query" }, 1_000_000),
  ],
  [
    "a conversation",
    (other) =>
      startConversations(other.db, [{ id: "conv_cachetest", accountId: "acme", state: "{}", at: NOON.toISOString() }]),
  ],
  [
    "a key's last use",
    (other, ids) => touchKey(other.db, ids.keyId, new Date(NOON.getTime() + 3_600_000).toISOString()),
  ],
];

describe.each(BACKENDS)("the API's caches on $name", (backend) => {
  let mirror: Mirror;
  /** Another instance's connections to the same database (PGlite has one session: the same mirror). */
  let other: Mirror;
  let h: Harness;
  let computed = 0;
  let key: string;
  let ids: { keyId: string; workspaceId: string };

  beforeAll(async () => {
    const location = backend.name === "sqlite" ? tempDbPath() : await backend.location();
    mirror = await buildTwoSellerMirror(location);
    other = location === PGLITE_MEMORY ? mirror : await openStore(location);
    h = await apiHarness({
      mirror,
      answer: (question, options) => {
        computed++;
        return coreAnswer(question, options);
      },
      burstPerSecond: { starter: 10_000, business: 10_000, enterprise: 10_000 },
    });
    const created = await h.key({ plan: "starter" });
    key = created.key;
    ids = { keyId: created.id, workspaceId: created.workspace_id };
  });

  afterAll(async () => {
    await h.close();
    if (other !== mirror) await other.close();
    await mirror.close();
  });

  /** The computations a request made (0: answered from the cache). */
  async function computations(): Promise<number> {
    const before = computed;
    const res = await h.query(key, QUESTION);
    expect(res.statusCode, res.body).toBe(200);
    return computed - before;
  }

  it.each(CHANGES)("recomputes a remembered answer after %s", async (_label, write) => {
    await computations();
    expect(await computations()).toBe(0);
    await write(other, ids);
    expect(await computations()).toBe(1);
    expect(await computations()).toBe(0);
  });

  it.each(COUNTS)("keeps a remembered answer after %s", async (_label, write) => {
    await computations();
    expect(await computations()).toBe(0);
    // SQLite also sees any commit by another connection as a change (its per-row triggers would cost imports
    // too much on the time-series tables, so it watches the file's data_version): one SQLite server keeps its
    // cache through its own counting, several servers on one database is PostgreSQL's case.
    await write(backend.name === "sqlite" ? mirror : other, ids);
    expect(await computations()).toBe(0);
  });

  it("refuses a key at once when another instance revokes it", async () => {
    const created = await h.key({ plan: "starter" });
    expect((await h.query(created.key, QUESTION)).statusCode).toBe(200);
    await revokeApiKey(other.db, created.id, NOON);
    const refused = await h.query(created.key, QUESTION);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toMatch(/revoked/);
  });
});

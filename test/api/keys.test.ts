import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generateApiKey, isWellFormedKey, randomBase62 } from "../../src/accounts/api-keys.js";
import { buildApp } from "../../src/api/build-app.js";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { buildTwoSellerMirror } from "../helpers/two-sellers.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

let db: string;

beforeEach(async () => {
  db = tempDbPath();
  await (await buildTwoSellerMirror(db)).close();
});

async function cli(...args: string[]) {
  const io = captureIo({ clock: () => new Date("2026-11-21T12:00:00.000Z") });
  const code = await runCli(["--db", db, "keys", ...args], io);
  return { code, out: io.out(), err: io.err() };
}

async function create(...args: string[]) {
  const result = await cli("create", ...args, "--json");
  expect(result.err).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.out) as {
    key: string;
    id: string;
    workspace_id: string;
    plan: string;
    scopes: string[];
    accounts: string[];
    prefix: string;
  };
}

describe("key material", () => {
  it("keys are sk_live_ and 40 base62 characters, all different", () => {
    const keys = Array.from({ length: 2000 }, generateApiKey);
    for (const key of keys) expect(key).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every(isWellFormedKey)).toBe(true);
  });

  it("random base62 uses the whole alphabet about evenly", () => {
    const text = randomBase62(62_000);
    const counts = new Map<string, number>();
    for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 1,000 expected per character; 6 standard deviations is about ±190.
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(200);
  });
});

describe("seller-ai keys", () => {
  it("create prints the key once, and the mirror keeps only its SHA-256 and a prefix", async () => {
    const created = await create("--name", "ci", "--plan", "starter", "--scopes", "query,insights");
    expect(created.key).toMatch(/^sk_live_[0-9A-Za-z]{32,}$/);
    expect(created).toMatchObject({
      plan: "starter",
      scopes: ["query", "insights"],
      accounts: ["acme", "zenith"],
      prefix: created.key.slice(0, 12),
    });
    const mirror = await openMirror(db);
    const row = await mirror.db
      .selectFrom("api_keys")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    await mirror.close();
    expect(row.hash).toBe(createHash("sha256").update(created.key).digest("hex"));
    expect(Object.values(row)).not.toContain(created.key);
    for (const file of [db, `${db}-wal`]) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        continue;
      }
      expect(bytes.includes(Buffer.from(created.key))).toBe(false);
    }
    const listed = await cli("list", "--json");
    expect(listed.out).not.toContain(created.key);
  });

  it("create without --json shows the key, the workspace and its accounts", async () => {
    const result = await cli("create", "--name", "laptop", "--plan", "business", "--scopes", "query");
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Created key key_\w+ "laptop" in workspace ws_\w+/);
    expect(result.out).toMatch(/plan business, scopes query, accounts acme, zenith/);
    expect(result.out).toMatch(/^ {2}sk_live_[0-9A-Za-z]{40}$/m);
  });

  it("list shows id, name, plan, scopes, prefix, created, last used and revoked", async () => {
    const a = await create("--name", "one", "--plan", "starter", "--scopes", "query");
    await create("--name", "two", "--plan", "enterprise", "--scopes", "query,webhooks", "--account", "zenith");
    await cli("revoke", a.id);
    const json = JSON.parse((await cli("list", "--json")).out) as Record<string, unknown>[];
    expect(json).toHaveLength(2);
    for (const k of json) {
      expect(Object.keys(k).sort()).toEqual([
        "accounts",
        "created_at",
        "id",
        "last_used_at",
        "name",
        "plan",
        "prefix",
        "revoked_at",
        "scopes",
        "workspace_id",
      ]);
    }
    const one = json.find((k) => k.name === "one")!;
    expect(one.revoked_at).toBe("2026-11-21T12:00:00.000Z");
    expect(json.find((k) => k.name === "two")).toMatchObject({
      plan: "enterprise",
      scopes: ["query", "webhooks"],
      accounts: ["zenith"],
      revoked_at: null,
    });
    const text = (await cli("list")).out;
    expect(text.split("\n")[0]).toMatch(
      /^ID\s+NAME\s+PLAN\s+SCOPES\s+PREFIX\s+WORKSPACE\s+ACCOUNTS\s+CREATED\s+LAST USED\s+REVOKED$/,
    );
    expect(text).toMatch(/one\s+starter\s+query\s+sk_live_\w{4}…/);
    expect(text).toMatch(/2026-11-21 12:00Z$/m);
  });

  it("--workspace adds a key to an existing workspace and --account connects accounts", async () => {
    const first = await create("--name", "first", "--plan", "starter", "--scopes", "query", "--account", "acme");
    const second = await create(
      "--name",
      "second",
      "--scopes",
      "insights",
      "--workspace",
      first.workspace_id,
      "--account",
      "zenith",
    );
    expect(second.workspace_id).toBe(first.workspace_id);
    expect(second.plan).toBe("starter");
    expect(second.accounts).toEqual(["acme", "zenith"]);
  });

  it.each([
    [
      "an unknown plan",
      ["--name", "x", "--plan", "gold"],
      2,
      /unknown plan "gold"; plans are starter, business, enterprise/,
    ],
    ["no plan for a new workspace", ["--name", "x"], 2, /--plan is required for a new workspace/],
    ["an unknown scope", ["--name", "x", "--plan", "starter", "--scopes", "query,admin"], 2, /unknown scope "admin"/],
    ["no name", ["--plan", "starter"], 2, /required option '--name <name>'/],
    [
      "an unknown account",
      ["--name", "x", "--plan", "starter", "--account", "nobody"],
      1,
      /no account "nobody" in the mirror; known accounts: acme, zenith/,
    ],
    ["an unknown workspace", ["--name", "x", "--workspace", "ws_nothing"], 1, /no workspace "ws_nothing"/],
  ])("create refuses %s", async (_label, args, code, message) => {
    const result = await cli("create", ...(args as string[]));
    expect(result.code).toBe(code);
    expect(result.err).toMatch(message);
    expect(result.out).toBe("");
  });

  it("revoke of an unknown key fails and names it", async () => {
    const result = await cli("revoke", "key_nothing");
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/no key "key_nothing"/);
  });
});

describe("keys against a running server", () => {
  let served: Mirror;
  afterEach(() => served?.close());

  it("a key revoked from the CLI stops working on the next request; last use is recorded", async () => {
    const created = await create("--name", "live", "--plan", "enterprise", "--scopes", "query");
    served = await openMirror(db);
    const app = await buildApp({ mirror: served, clock: () => new Date("2026-11-21T12:00:00.000Z") });
    const ask = () =>
      app.inject({
        method: "POST",
        url: "/v1/query",
        headers: { authorization: `Bearer ${created.key}` },
        payload: { query: "how much did I sell last month", account_id: "acme" },
      });
    expect((await ask()).statusCode).toBe(200);
    const used = JSON.parse((await cli("list", "--json")).out)[0] as { last_used_at: string | null };
    expect(used.last_used_at).toBe("2026-11-21T12:00:00.000Z");

    expect((await cli("revoke", created.id)).code).toBe(0);
    const refused = await ask();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toMatch(/revoked/);
    await app.close();
  });

  it.each([
    [["query"], 200],
    [["query", "insights"], 200],
    [["insights"], 403],
    [["connect", "webhooks"], 403],
  ])("scopes %j give %i on /v1/query", async (scopes, status) => {
    const created = await create(
      "--name",
      "scoped",
      "--plan",
      "enterprise",
      "--scopes",
      scopes.join(","),
      "--account",
      "acme",
    );
    served = await openMirror(db);
    const app = await buildApp({ mirror: served, clock: () => new Date("2026-11-21T12:00:00.000Z") });
    const res = await app.inject({
      method: "POST",
      url: "/v1/query",
      headers: { authorization: `Bearer ${created.key}` },
      payload: { query: "how much did I sell last month" },
    });
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().error.code).toBe("forbidden");
    await app.close();
  });
});

// Per-key request counts of the current second: `limit` requests a second per key, a new second afresh,
// keys apart; a clock a little behind another instance's counts in the later second. On every backend
// (SQLite counts in the process, PostgreSQL in the database).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/accounts/keys.js";
import { takeBurst, type BurstKey } from "../../src/store/burst-counters.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { BACKENDS } from "../helpers/backends.js";

const NOW = new Date("2026-11-21T12:00:00Z");

describe.each(BACKENDS)("burst counts on $name", (backend) => {
  let mirror: Mirror;
  let keys: BurstKey[];

  beforeAll(async () => {
    mirror = await openStore(await backend.location());
    keys = [];
    for (const name of ["a", "b", "c", "d"]) {
      const created = await createApiKey(mirror.db, { name, plan: "business", scopes: ["query"], now: NOW });
      keys.push({ workspaceId: created.workspace_id, keyId: created.id });
    }
  });

  afterAll(async () => {
    await mirror.close();
  });

  it.each([
    ["allows `limit` requests in a second, then refuses", 0, [100, 100, 100, 100], [1, 2, 3, null]],
    ["starts afresh in a new second", 1, [100, 100, 100, 100, 101], [1, 2, 3, null, 1]],
    ["counts a request from a clock behind in the later second", 2, [101, 100, 100, 100], [1, 2, 3, null]],
  ] as const)("%s", async (_label, keyIndex, seconds, expected) => {
    const counts = [];
    for (const second of seconds) counts.push(await takeBurst(mirror.db, keys[keyIndex], second, 3));
    expect(counts).toEqual(expected);
  });

  it("counts each key apart", async () => {
    expect(await takeBurst(mirror.db, keys[3], 200, 1)).toBe(1);
    expect(await takeBurst(mirror.db, keys[3], 200, 1)).toBeNull();
    expect(await takeBurst(mirror.db, keys[0], 200, 1)).toBe(1);
  });
});

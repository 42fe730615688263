// Per-key request counts of the current second: `limit` requests a second per key, a new second afresh,
// keys apart; a clock a little behind another instance's counts in the later second. On every backend
// (SQLite counts in the process, PostgreSQL in the database).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/accounts/keys.js";
import { admitRequest, takeBurst, type BurstKey } from "../../src/store/burst-counters.js";
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

// On PostgreSQL a request's burst count and quota unit are taken in one statement, which requests arriving
// together share: counted at once, from two instances, every key still gets exactly its limit and every
// workspace exactly its quota (SQLite keeps no shared burst counts, and takes the unit on its own).
describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("admissions at once on $name", (backend) => {
  it("grant each key its burst limit and each workspace its quota, exactly", async () => {
    const location = await backend.location();
    const first = await openStore(location);
    const second = backend.name === "postgres" ? await openStore(location) : first;
    try {
      const a = await createApiKey(first.db, { name: "a", plan: "business", scopes: ["query"], now: NOW });
      const b = await createApiKey(first.db, { name: "b", scopes: ["query"], workspaceId: a.workspace_id, now: NOW });
      const c = await createApiKey(first.db, { name: "c", plan: "business", scopes: ["query"], now: NOW });
      const keys = [a, b, c];
      const asks = Array.from({ length: 120 }, (_, i) => keys[i % 3]);
      const admissions = await Promise.all(
        asks.map((key, i) =>
          admitRequest((i % 2 === 0 ? first : second).db, { workspaceId: key.workspace_id, keyId: key.id }, 300, 20, {
            key: { workspaceId: key.workspace_id, day: "2026-11-21", kind: "query" },
            limit: 25,
          }),
        ),
      );
      const granted = (key: (typeof keys)[number]) =>
        admissions.filter((admission, i) => asks[i] === key && admission.count !== null);
      const units = (workspaceId: string) =>
        admissions.filter((admission, i) => asks[i].workspace_id === workspaceId && admission.quota?.granted);
      for (const key of keys)
        expect(
          granted(key)
            .map((admission) => admission.count)
            .sort((x, y) => Number(x) - Number(y)),
        ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(units(a.workspace_id)).toHaveLength(25);
      expect(units(c.workspace_id)).toHaveLength(20);
    } finally {
      if (second !== first) await second.close();
      await first.close();
    }
  });
});

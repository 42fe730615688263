// Numbered ids (sync runs, account changes, webhook attempts) on PostgreSQL come from identity sequences:
// connections inserting at once get distinct ids, later rows larger ones, and a mirror whose ids were
// plain integers numbers on from its stored ones.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migratePostgres, openStore, type Mirror } from "../../src/store/open-mirror.js";
import { startSyncRun } from "../../src/store/sync-runs.js";
import { BACKENDS } from "../helpers/backends.js";

const AT = "2026-11-21T12:00:00.000Z";

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("numbered ids on $name", (backend) => {
  it("gives distinct ids to runs started at once from two connections, and a larger one to the next", async () => {
    const location = await backend.location();
    const first = await openStore(location);
    // On a server the second mirror has connections of its own; PGlite has one session for both.
    const second: Mirror = backend.name === "postgres" ? await openStore(location) : first;
    try {
      const ids = await Promise.all(
        Array.from({ length: 60 }, (_, i) => startSyncRun(i % 2 === 0 ? first.db : second.db, "acme", `run ${i}`, AT)),
      );
      expect(new Set(ids).size).toBe(60);
      const next = await startSyncRun(first.db, "acme", "later", AT);
      expect(next).toBeGreaterThan(Math.max(...ids));
    } finally {
      if (second !== first) await second.close();
      await first.close();
    }
  });

  it("numbers on from the stored ids once a mirror with plain integer ids is opened", async () => {
    const mirror = await openStore(await backend.location());
    try {
      // The shape of a mirror made before the ids were identity columns, with runs numbered up to 7.
      await sql`alter table sync_runs alter column id drop identity`.execute(mirror.db);
      for (const id of [3, 7])
        await sql`insert into sync_runs (id, account_id, kind, source, status, started_at)
          values (${id}, 'acme', 'import', 'old', 'ok', ${AT})`.execute(mirror.db);
      await migratePostgres(mirror.db);
      expect(await startSyncRun(mirror.db, "acme", "new", AT)).toBe(8);
    } finally {
      await mirror.close();
    }
  });

  it("numbers on past rows a bulk load wrote with their own ids", async () => {
    const mirror = await openStore(await backend.location());
    try {
      const load = mirror.beginBulkLoad();
      load.writer.write("sync_runs", [
        { id: 1, account_id: "acme", kind: "import", source: "fixture", status: "ok", started_at: AT },
        { id: 5, account_id: "acme", kind: "import", source: "fixture", status: "ok", started_at: AT },
      ]);
      load.commit();
      expect(await startSyncRun(mirror.db, "acme", "next", AT)).toBe(6);
    } finally {
      await mirror.close();
    }
  });
});

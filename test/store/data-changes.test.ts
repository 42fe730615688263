// Every table of the mirror either moves the data-change counter when written, or is named as one whose
// writes do not change what answers and keys depend on (with its reason): a table added later without
// its trigger, or a rebuilt table that lost it, fails here.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_UNTRIGGERED_TABLES, UNWATCHED_TABLES } from "../../src/store/data-changes.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { tableKeys } from "../../src/store/table-keys.js";
import { BACKENDS } from "../helpers/backends.js";

describe.each(BACKENDS)("the data-change triggers on $name", (backend) => {
  let mirror: Mirror;
  let tables: string[];
  let watched: Set<string>;

  beforeAll(async () => {
    mirror = await openStore(await backend.location());
    tables = (await tableKeys(mirror.db)).map((t) => t.table);
    const rows =
      backend.name === "sqlite"
        ? (
            await sql<{
              t: string;
            }>`select tbl_name as t from sqlite_master where type = 'trigger' and name like 'data_changed_%'`.execute(
              mirror.db,
            )
          ).rows
        : (
            await sql<{
              t: string;
            }>`select c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'data_changed'`.execute(
              mirror.db,
            )
          ).rows;
    watched = new Set(rows.map((r) => r.t));
  });

  afterAll(async () => {
    await mirror.close();
  });

  it("names only tables of the schema as unwatched, each with its reason", () => {
    for (const [table, why] of Object.entries(UNWATCHED_TABLES)) {
      expect(tables, table).toContain(table);
      expect(why, table).toMatch(/\w+ \w+/);
    }
  });

  it("watches every other table, and none of the unwatched", () => {
    const expected = tables.filter(
      (t) => !(t in UNWATCHED_TABLES) && !(backend.name === "sqlite" && SQLITE_UNTRIGGERED_TABLES.has(t)),
    );
    expect([...watched].sort()).toEqual(expected.sort());
  });
});

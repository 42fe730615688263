import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/store/migrations/index.js";
import { openMirror } from "../../src/store/open-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

function appliedMigrations(path: string): string[] {
  const sqlite = new Database(path, { readonly: true });
  try {
    return sqlite.prepare("select name from kysely_migration order by name").pluck().all() as string[];
  } finally {
    sqlite.close();
  }
}

describe("openMirror", () => {
  it("runs a migration a mirror has not had yet, even when its other migrations are done", async () => {
    const path = tempDbPath();
    await (await openMirror(path)).close();
    const latest = Object.keys(MIGRATIONS).sort().at(-1)!;
    // A mirror from before the latest migration: its tables and its record gone.
    const sqlite = new Database(path);
    await MIGRATIONS[latest].down!(new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) }));
    sqlite.prepare("delete from kysely_migration where name = ?").run(latest);
    sqlite.close();
    expect(appliedMigrations(path)).not.toContain(latest);

    await (await openMirror(path)).close();
    expect(appliedMigrations(path)).toEqual(Object.keys(MIGRATIONS).sort());
  });

  it("refuses a mirror holding a migration this version does not know", async () => {
    const path = tempDbPath();
    await (await openMirror(path)).close();
    const sqlite = new Database(path);
    sqlite
      .prepare("insert into kysely_migration (name, timestamp) values (?, ?)")
      .run("9999_from_a_newer_version", new Date(0).toISOString());
    sqlite.close();
    await expect(openMirror(path)).rejects.toThrow(/schema could not be upgraded/);
  });

  it("opens an up-to-date mirror without running a migration", async () => {
    const path = tempDbPath();
    await (await openMirror(path)).close();
    const rows = () => {
      const sqlite = new Database(path, { readonly: true });
      try {
        return sqlite.prepare("select name, timestamp from kysely_migration order by name").all();
      } finally {
        sqlite.close();
      }
    };
    const before = rows();
    await (await openMirror(path)).close();
    const after = rows();
    expect(after).toEqual(before);
    expect(after).toHaveLength(Object.keys(MIGRATIONS).length);
  });
});

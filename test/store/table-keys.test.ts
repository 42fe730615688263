import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { KyselyPGlite } from "kysely-pglite";
import { describe, expect, it } from "vitest";
import { tableKeys, type TableKeys } from "../../src/store/table-keys.js";

/** DDL both engines take: keys of one and several columns, unique constraints and indexes, an expression. */
const SCHEMA = [
  "create table owners (id text primary key, name text)",
  `create table things (
     owner_id text not null references owners (id), id text not null, code text, note text,
     constraint things_pk primary key (owner_id, id),
     constraint things_code_uq unique (owner_id, code))`,
  "create unique index things_note_idx on things (note, owner_id)",
  "create unique index things_lower_idx on things (lower(note))",
  "create index things_code_idx on things (code)",
  "create table logs (seq integer primary key, owner_id text)",
  "create table loose (a text, b integer not null)",
];

const EXPECTED: TableKeys[] = [
  { table: "logs", columns: [col("seq", true), col("owner_id", false)], primaryKey: ["seq"], uniques: [] },
  { table: "loose", columns: [col("a", false), col("b", true)], primaryKey: [], uniques: [] },
  { table: "owners", columns: [col("id", true), col("name", false)], primaryKey: ["id"], uniques: [] },
  {
    table: "things",
    columns: [col("owner_id", true), col("id", true), col("code", false), col("note", false)],
    primaryKey: ["owner_id", "id"],
    uniques: [["(expression)"], ["note", "owner_id"], ["owner_id", "code"]],
  },
];

function col(name: string, notNull: boolean) {
  return { name, notNull };
}

async function describeOn(db: Kysely<any>): Promise<TableKeys[]> {
  try {
    for (const statement of SCHEMA) await sql.raw(statement).execute(db);
    return await tableKeys(db);
  } finally {
    await db.destroy();
  }
}

describe("tableKeys: the schema as the engine's catalog describes it", () => {
  it.each([
    ["SQLite", async () => new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) })],
    // PostgreSQL through PGlite (PostgreSQL compiled to WebAssembly): no server needed.
    ["PostgreSQL", async () => new Kysely<any>({ dialect: (await KyselyPGlite.create()).dialect })],
  ])("reads columns, primary keys and unique constraints alike on %s", async (_engine, open) => {
    expect(await describeOn(await open())).toEqual(EXPECTED);
  });
});

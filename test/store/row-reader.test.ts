import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowReader, rowShape } from "../../src/store/sqlite/row-reader.js";

describe("rows read through the row reader", () => {
  const sqlite = new Database(":memory:");
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: rowReader(sqlite) }) });

  beforeAll(() => {
    sqlite.exec(`create table t (id integer primary key, name text, price real, note text);
      insert into t values (1, 'Mug', 12.99, null), (2, 'Lamp "XL", blue', 0.1 + 0.2, 'x'), (3, '', -0.0, '')`);
  });
  afterAll(() => db.destroy());

  it.each([
    ["every column", "select * from t order by id"],
    [
      "computed and aliased columns",
      "select id * 2 as twice, upper(name) as shout, price + 1 as more from t order by id",
    ],
    ["no rows", "select * from t where id > 99"],
    ["an aggregate", "select count(*) as n, total(price) as sum from t"],
    ["columns named like inherited properties", "select id as constructor, name as toString from t order by id"],
    ["two columns with one name", "select id as a, name as a from t order by id"],
  ])("gives the same objects as better-sqlite3 for %s", async (_label, query) => {
    const expected = sqlite.prepare(query).all();
    const { rows } = await db.executeQuery(sql.raw(query).compile(db));
    expect(rows).toEqual(expected);
    rows.forEach((row, i) => {
      expect(Object.keys(row as object)).toEqual(Object.keys(expected[i] as object));
    });
  });

  it("keeps prototype-named columns as data, not as the object's prototype", async () => {
    const { rows } = await db.executeQuery(sql.raw("select 'x' as __proto__").compile(db));
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(rows[0], "__proto__")?.value).toBe("x");
  });

  it("reports changes and inserted row ids for writes", async () => {
    const result = await db.insertInto("t").values({ id: 10, name: "Pen", price: 1, note: null }).executeTakeFirst();
    expect(result.insertId).toBe(10n);
    const updated = await db.updateTable("t").set({ note: "y" }).where("id", ">=", 2).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(3n);
  });

  it("streams rows as objects", async () => {
    const names: string[] = [];
    for await (const row of db.selectFrom("t").select("name").orderBy("id").stream()) names.push(row.name);
    expect(names).toEqual(["Mug", 'Lamp "XL", blue', "", "Pen"]);
  });
});

describe("row shapes", () => {
  it.each([
    [["a", "b"], [1, "x"], { a: 1, b: "x" }],
    [["with space", 'quote"d'], [null, 2.5], { "with space": null, 'quote"d': 2.5 }],
    [[], [], {}],
  ])("builds an object with columns %j from %j", (names, values, expected) => {
    expect(rowShape(names)(values)).toEqual(expected);
  });
});

describe("prepared statements kept for reuse", () => {
  it.each([
    ["a column added after a read", "alter table s add column extra text default 'e'"],
    [
      "a table rebuilt with other columns",
      "drop table s; create table s (id integer primary key, label text, extra text)",
    ],
  ])("still name the columns right after %s", async (_label, change) => {
    const sqlite = new Database(":memory:");
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: rowReader(sqlite) }) });
    sqlite.exec("create table s (id integer primary key, label text); insert into s values (1, 'a')");
    const read = () => db.executeQuery(sql.raw("select * from s").compile(db));
    expect((await read()).rows).toEqual([{ id: 1, label: "a" }]);
    sqlite.exec(change);
    sqlite.exec("insert or ignore into s (id, label) values (1, 'a')");
    expect((await read()).rows).toEqual(sqlite.prepare("select * from s").all());
    await db.destroy();
  });
});

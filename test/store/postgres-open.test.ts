// Opening a mirror on a PostgreSQL server: an empty database is created into only by commands that write,
// and another program's database is refused and left as it was (runs with SELLER_AI_TEST_PG_URL).
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/open-mirror.js";
import { freshServerDatabase, SERVER_URL } from "../helpers/backends.js";

async function tablesIn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    return rows.map((r) => r.table_name as string).sort();
  } finally {
    await client.end();
  }
}

describe.runIf(SERVER_URL)("a PostgreSQL mirror's database", () => {
  it("holding nothing, is not_found for a command that only reads, and gets nothing written", async () => {
    const url = await freshServerDatabase();
    await expect(openStore(url, { createFile: false, origin: "--db" })).rejects.toMatchObject({
      code: "not_found",
      message: expect.stringContaining("there is no mirror in"),
    });
    expect(await tablesIn(url)).toEqual([]);
  });

  it("holding another program's tables, is refused and left as it was", async () => {
    const url = await freshServerDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("create table invoices (id int primary key)");
    await client.end();
    await expect(openStore(url, { origin: "--db" })).rejects.toThrow(/another program's tables/);
    expect(await tablesIn(url)).toEqual(["invoices"]);
  });

  it("holding nothing, gets the mirror's schema for a command that writes", async () => {
    const url = await freshServerDatabase();
    const mirror = await openStore(url);
    await mirror.close();
    expect(await tablesIn(url)).toEqual(expect.arrayContaining(["accounts", "daily_sales", "kysely_migration"]));
  });
});

import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { durably } from "../../src/store/dialect.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

/** PRAGMA synchronous: 1 NORMAL (the mirror's own setting in WAL mode), 2 FULL (every commit synced). */
const NORMAL = 1;
const FULL = 2;

let mirror: Mirror | undefined;
afterEach(async () => {
  await mirror?.close();
  mirror = undefined;
});

async function synchronous(db: Mirror["db"]): Promise<number> {
  const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  return Number(rows[0].synchronous);
}

describe("durably", () => {
  it("syncs the commits of its work to disk and leaves the connection's setting as it was", async () => {
    mirror = await openMirror(tempDbPath());
    const db = mirror.db;
    expect(await synchronous(db)).toBe(NORMAL);
    const during = await durably(db, async (d) => {
      await d
        .insertInto("billing_prices")
        .values({ price_id: "price_1", plan: "business", updated_at: "2026-11-21T06:00:00Z" })
        .execute();
      return synchronous(d);
    });
    expect(during).toBe(FULL);
    expect(await synchronous(db)).toBe(NORMAL);
    const stored = await db.selectFrom("billing_prices").select("plan").where("price_id", "=", "price_1").execute();
    expect(stored).toEqual([{ plan: "business" }]);
  });

  it("restores the setting when its work fails", async () => {
    mirror = await openMirror(tempDbPath());
    const db = mirror.db;
    await expect(
      durably(db, async (d) => {
        await sql`select * from no_such_table`.execute(d);
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await synchronous(db)).toBe(NORMAL);
  });

  it("refuses to run inside a transaction, whose commit it cannot make durable", async () => {
    mirror = await openMirror(tempDbPath());
    await expect(mirror.db.transaction().execute((trx) => durably(trx, async () => undefined))).rejects.toThrow(
      /transaction/,
    );
  });
});

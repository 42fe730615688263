// The fragments each engine spells its own way give the same values on SQLite and on PostgreSQL.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialectOf } from "../../src/store/dialect.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { BACKENDS } from "../helpers/backends.js";

describe.each(BACKENDS)("on $name", (backend) => {
  let mirror: Mirror;
  beforeAll(async () => {
    mirror = await openStore(await backend.location());
  });
  afterAll(async () => {
    await mirror?.close();
  });

  async function value<T>(build: (d: ReturnType<typeof dialectOf>) => ReturnType<typeof sql<T>>): Promise<T> {
    const { rows } = await sql<{ v: T }>`select ${build(dialectOf(mirror.db))} as v`.execute(mirror.db);
    return rows[0].v;
  }

  async function bucket(date: string, by: "day" | "week" | "month" | "quarter" | "year"): Promise<string> {
    const { rows } = await sql<{
      v: string;
    }>`select ${dialectOf(mirror.db).bucketStart("d", by)} as v from (select ${date} as d) as t`.execute(mirror.db);
    return rows[0].v;
  }

  it.each([
    ["2026-11-18", "day", "2026-11-18"],
    ["2026-11-18", "week", "2026-11-16"],
    ["2026-11-16", "week", "2026-11-16"],
    ["2026-11-22", "week", "2026-11-16"],
    ["2026-01-01", "week", "2025-12-29"],
    ["2026-11-18", "month", "2026-11-01"],
    ["2026-11-18", "quarter", "2026-10-01"],
    ["2026-03-31", "quarter", "2026-01-01"],
    ["2026-11-18", "year", "2026-01-01"],
  ] as const)("puts %s in the %s starting %s", async (date, by, start) => {
    expect(await bucket(date, by)).toBe(start);
  });

  it.each([
    ["2026-11-22", 0],
    ["2026-11-16", 1],
    ["2026-11-21", 6],
  ] as const)("numbers the weekday of %s as %i", async (date, day) => {
    const { rows } = await sql<{
      v: number;
    }>`select ${dialectOf(mirror.db).dayOfWeek("d")} as v from (select ${date} as d) as t`.execute(mirror.db);
    expect(rows[0].v).toBe(day);
  });

  it("sums to 0.0 over no rows and keeps cents exact over many", async () => {
    const { sum } = dialectOf(mirror.db);
    const none = await sql<{ v: number }>`select ${sum(sql`x`)} as v from (select 1.5 as x) as t where 1 = 0`.execute(
      mirror.db,
    );
    expect(none.rows[0].v).toBe(0);
    const cents = await sql<{
      v: number;
    }>`select ${sum(sql`x`)} as v from (select 0.1 as x union all select 0.2 union all select 19.99) as t`.execute(
      mirror.db,
    );
    expect(Math.round(cents.rows[0].v * 100)).toBe(2029);
  });

  it.each([
    [2.344, 2.34],
    [2.346, 2.35],
    [-2.346, -2.35],
    [1999.999, 2000],
  ])("rounds %d to the cent as %d", async (x, cents) => {
    expect(await value<number>((d) => d.round(sql`${sql.lit(x)}`, 2))).toBe(cents);
  });

  it("packs values into a JSON array that keeps every digit", async () => {
    const packed = await value<string>((d) =>
      d.jsonArray([
        sql`${sql.lit(3)}`,
        sql`cast(${sql.lit(0.1)} as double precision) + cast(${sql.lit(0.2)} as double precision)`,
      ]),
    );
    expect(JSON.parse(packed)).toEqual([3, 0.1 + 0.2]);
  });
});

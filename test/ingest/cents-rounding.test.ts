// A file's daily revenue loaded as it is on PostgreSQL is rounded in JavaScript: to the same cent the
// server's round(value, 2) gives for the recomputed sums, halves and binary near-halves alike.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundedToCents } from "../../src/ingest/daily-sums.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { dialectOf } from "../../src/store/dialect.js";
import { BACKENDS } from "../helpers/backends.js";

const VALUES: [string, number][] = [
  ["a whole amount", 12],
  ["an amount in cents", 19.99],
  ["a half cent stored just below it", 1.005],
  ["a half cent stored just above it", 0.125],
  ["a half cent of a large sum", 123456.785],
  ["a sum of prices with binary noise", 0.1 + 0.2],
  ["a sum a hair below a cent", 2.9999999999999996],
  ["a third", 10 / 3],
  ["a refund", -4.995],
  ["a negative amount rounding to zero", -0.004],
  ["zero", 0],
  ["a tiny amount", 1e-9],
  ["a sum past fifteen digits", 98765432109.876],
];

/** Sums of prices as a file's lines add them, and amounts around half cents, many at a time. */
const MANY: [string, number[]][] = [
  [
    "sums of prices in cents",
    Array.from({ length: 2_000 }, (_, i) => {
      let sum = 0;
      for (let k = 0; k <= i % 13; k++) sum += ((i * 7 + k * 13) % 9_999) / 100;
      return i % 5 === 0 ? -sum : sum;
    }),
  ],
  [
    "amounts a thousandth of a cent apart, across half cents",
    Array.from({ length: 2_000 }, (_, i) => (i % 2 ? 1 : 12_345) + 0.004 + (i - 1_000) * 1e-5),
  ],
  ["amounts near a billion", Array.from({ length: 500 }, (_, i) => 999_999_999.995 + (i - 250) * 1e-4)],
];

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("on $name", (backend) => {
  let mirror: Mirror;
  beforeAll(async () => {
    mirror = await openStore(await backend.location());
  });
  afterAll(async () => {
    await mirror.close();
  });

  it.each(VALUES)("rounds %s as the server does", async (_label, value) => {
    const { round } = dialectOf(mirror.db);
    const row = await sql<{ r: number }>`select ${round(sql`${value}::double precision`, 2)} as r`.execute(mirror.db);
    expect(Object.is(roundedToCents(value), Number(row.rows[0].r) || 0)).toBe(true);
  });

  it.each(MANY)("rounds %s as the server does", async (_label, values) => {
    const { round } = dialectOf(mirror.db);
    const rows = await sql<{ r: number }>`select ${round(sql`v`, 2)} as r
      from unnest(${`{${values.map((v) => v.toPrecision(17)).join(",")}}`}::double precision[]) with ordinality as u(v, i)
      order by i`.execute(mirror.db);
    expect(values.map(roundedToCents)).toEqual(rows.rows.map((row) => Number(row.r) || 0));
  });
});

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
});

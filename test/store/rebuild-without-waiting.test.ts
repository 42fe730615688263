// A key set aside for a load and rebuilt without waiting for it (the import goes on making rows meanwhile):
// the next statement sees it built, and a key that cannot be built fails the load there, which a rollback
// then undoes with everything else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { BACKENDS } from "../helpers/backends.js";

const COLUMNS = ["account_id", "marketplace", "asin", "date", "units", "revenue", "orders"] as const;

/** Daily rows of `days` days, the first of them twice when `twice`. */
function dailyRows(days: number, twice: boolean): unknown[] {
  const values: unknown[] = [];
  for (let d = 0; d < days; d++)
    values.push("acme", "US", "B000000001", `2026-01-${String(1 + d).padStart(2, "0")}`, 1, 9.99, 1);
  if (twice) values.push(...values.slice(0, COLUMNS.length));
  return values;
}

const KEY_COUNT = `select count(*) as n from pg_constraint where conrelid = 'daily_sales'::regclass and contype = 'p'`;

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("a key rebuilt without waiting on $name", (backend) => {
  let mirror: Mirror;
  beforeAll(async () => {
    mirror = await openStore(await backend.location());
  });
  afterAll(async () => {
    await mirror?.close();
  });

  it.each([
    { rows: "distinct keys", twice: false, error: undefined, stored: 20 },
    { rows: "a key loaded twice", twice: true, error: "23505", stored: 0 },
  ])("after rows with $rows, the next statement finds the key built or fails", ({ twice, error, stored }) => {
    const load = mirror.beginBulkLoad();
    const count = (text: string) => Number((load.statements.prepare(text).get() as { n: number }).n);
    let failure: { code?: string } | undefined;
    try {
      const rebuild = load.writer.suspendKey!("daily_sales", { empty: true })!;
      expect(count(KEY_COUNT)).toBe(0);
      const queue = load.writer.rowQueue!("daily_sales", COLUMNS);
      queue.add(dailyRows(20, twice));
      expect(queue.finish().refused).toBeUndefined();
      rebuild({ wait: false });
      // The statement after the rebuild is answered once the key is built: it is there.
      expect(count(KEY_COUNT)).toBe(1);
      load.commit();
    } catch (e) {
      failure = e as { code?: string };
      load.rollback();
    }
    expect(failure?.code).toBe(error);
    // Committed with its key, or rolled back to the empty table and its key.
    expect(count(KEY_COUNT)).toBe(1);
    expect(count("select count(*) as n from daily_sales")).toBe(stored);
    if (stored > 0) mirror.statements.prepare("delete from daily_sales").run();
  });
});

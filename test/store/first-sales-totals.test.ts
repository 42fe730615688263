// An account's first order file on PostgreSQL brings its running sales totals with it (made from the file's
// daily sums): the rebuild after the file keeps them, and they are the totals a rebuild from the daily rows makes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/ingest/import-file.js";
import { LOADED_WITH_FILE } from "../../src/store/loaded-totals.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { rebuildRollups, usableRollups } from "../../src/store/rollups.js";
import { BACKENDS } from "../helpers/backends.js";
import { orderFile as orderFileOf, tableRows } from "../helpers/order-files.js";

const now = new Date("2026-11-21T12:00:00Z");

/** Lines over 150 days (weekly totals, month ends and the dense last weeks), products starting on different days. */
function orderFile(name: string, from: number, to: number): string {
  return orderFileOf(name, from, to, (i) => {
    const day = new Date(Date.UTC(2026, 5, 1 + (i % 150))).toISOString().slice(0, 10);
    return {
      "amazon-order-id": `111-${String(i).padStart(7, "0")}-0000001`,
      "purchase-date": `${day}T09:15:00-08:00`,
      "last-updated-date": `${day}T10:00:00-08:00`,
      "order-status": "Shipped",
      "fulfillment-channel": "Amazon",
      "sales-channel": "Amazon.com",
      sku: `SKU-${(i * 7) % 37}`,
      asin: `B0${String((i * 7) % 37).padStart(8, "0")}`,
      "item-status": "Shipped",
      quantity: String(1 + (i % 3)),
      currency: "USD",
      "item-price": (((i % 3) + 1) * (4.99 + (i % 40))).toFixed(2),
    };
  });
}

const totalsOf = (mirror: Mirror) => tableRows(mirror, "rollup_sales");

async function stateOf(mirror: Mirror) {
  return mirror.db.selectFrom("rollup_state").selectAll().executeTakeFirst();
}

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("an account's first sales totals on $name", (backend) => {
  let mirror: Mirror;
  let account: string;
  let range: { start: string; end: string };
  beforeAll(async () => {
    mirror = await openStore(await backend.location());
    const report = await importFile(mirror, orderFile("first.tsv", 0, 3_000), {
      now,
      marketplace: "US",
      refreshRollups: false,
    });
    account = report.account;
    range = { start: report.periodStart!, end: report.periodEnd! };
  });
  afterAll(async () => {
    await mirror?.close();
  });

  it("are loaded with the file and read only once a rebuild has taken them", async () => {
    expect((await stateOf(mirror))?.built_at).toBe(LOADED_WITH_FILE);
    expect(await mirror.db.selectFrom("rollup_sales").select("asin").limit(1).execute()).toHaveLength(1);
    expect(await usableRollups(mirror.db, account)).toBeUndefined();
    await rebuildRollups(mirror, account, range, now.toISOString());
    expect((await stateOf(mirror))?.built_at).toBe(now.toISOString());
    expect(await usableRollups(mirror.db, account)).toEqual({ first: range.start, last: range.end });
  });

  it("are the totals a rebuild from the daily rows makes", async () => {
    const loaded = await totalsOf(mirror);
    await rebuildRollups(mirror, account);
    expect(await totalsOf(mirror)).toEqual(loaded);
  });

  it("are not loaded by a file that adds to stored sales", async () => {
    const before = await stateOf(mirror);
    const report = await importFile(mirror, orderFile("second.tsv", 3_000, 3_500), {
      now,
      marketplace: "US",
      refreshRollups: false,
    });
    expect(report.status).toBe("ok");
    expect(await stateOf(mirror)).toEqual(before);
  });
});

import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/store/migrations/index.js";
import { migrateToLatest, openMirror } from "../../src/store/open-mirror.js";
import { mirrorStatus } from "../../src/store/mirror-status.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

async function schemaOf(path: string): Promise<{ sql: string[]; version: string | null; migrations: number }> {
  const mirror = await openMirror(path);
  try {
    const sql = mirror.sqlite
      .prepare("select type || ' ' || name || ': ' || coalesce(sql, '') as s from sqlite_master order by type, name")
      .pluck()
      .all() as string[];
    const status = await mirrorStatus(mirror.db);
    const migrations = (mirror.sqlite.prepare("select count(*) from kysely_migration").pluck().get() as number) ?? 0;
    return { sql, version: status.schema_version, migrations };
  } finally {
    await mirror.close();
  }
}

describe("migrations", () => {
  it("create every table of the mirror on an empty file", async () => {
    const { sql, version, migrations } = await schemaOf(tempDbPath());
    expect(migrations).toBe(Object.keys(MIGRATIONS).length);
    expect(version).toBe(Object.keys(MIGRATIONS).sort().at(-1));
    for (const table of [
      "accounts",
      "daily_sales",
      "inventory_snapshots",
      "review_snapshots",
      "competitor_offers",
      "market_catalog",
      "ad_campaigns",
      "ad_targets",
      "ad_search_term_daily",
      "settings",
      "sync_runs",
      "currency_rates",
    ]) {
      expect(sql.some((s) => s.startsWith(`table ${table}:`))).toBe(true);
    }
    expect(sql.some((s) => s.startsWith("index daily_sales_date_idx:"))).toBe(true);
  });

  it("change nothing when run again on an existing mirror", async () => {
    const path = tempDbPath();
    const first = await schemaOf(path);
    const second = await schemaOf(path);
    expect(second).toEqual(first);
    const mirror = await openMirror(path);
    try {
      const result = await migrateToLatest(mirror.db);
      expect(result.results ?? []).toEqual([]);
    } finally {
      await mirror.close();
    }
  });

  it("keep the data of an existing mirror", async () => {
    const path = tempDbPath();
    const mirror = await openMirror(path);
    await mirror.db
      .insertInto("accounts")
      .values({
        id: "shop",
        name: "Shop",
        provider: "files",
        created_at: "2026-11-21T00:00:00.000Z",
        last_refresh_at: null,
      })
      .execute();
    await mirror.close();
    const again = await openMirror(path);
    try {
      const rows = await again.db.selectFrom("accounts").select("id").execute();
      expect(rows).toEqual([{ id: "shop" }]);
    } finally {
      await again.close();
    }
  });
});

describe("review snapshots stored by key (0011)", () => {
  it.each([
    ["down", "without rowid" as const, false],
    ["up again", "without rowid" as const, true],
  ])("keep every snapshot when run %s", async (_step, marker, keyed) => {
    const path = tempDbPath();
    const mirror = await openMirror(path);
    const snapshots = [
      { account_id: "shop", marketplace: "US", asin: "B000000001", date: "2026-11-19", rating: 4.5, review_count: 120 },
      { account_id: "shop", marketplace: "US", asin: "B000000001", date: "2026-11-20", rating: 4.4, review_count: 123 },
      { account_id: "shop", marketplace: "DE", asin: "B000000002", date: "2026-11-20", rating: 3.9, review_count: 7 },
    ];
    try {
      await mirror.db.insertInto("review_snapshots").values(snapshots).execute();
      const migration = MIGRATIONS["0011_review_snapshots_by_key"];
      await migration.down!(mirror.db);
      if (keyed) await migration.up(mirror.db);
      const table = mirror.sqlite
        .prepare("select sql from sqlite_master where name = 'review_snapshots'")
        .pluck()
        .get() as string;
      expect(table.toLowerCase().includes(marker)).toBe(keyed);
      const rows = await mirror.db
        .selectFrom("review_snapshots")
        .selectAll()
        .orderBy(["account_id", "marketplace", "asin", "date"])
        .execute();
      expect(rows).toEqual([...snapshots].sort((a, b) => (a.marketplace + a.date < b.marketplace + b.date ? -1 : 1)));
      await expect(mirror.db.insertInto("review_snapshots").values(snapshots[0]).execute()).rejects.toThrow(
        /UNIQUE|PRIMARY KEY/,
      );
    } finally {
      await mirror.close();
    }
  });
});

import type Database from "better-sqlite3";
import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DISTRIBUTION, distributionColumn } from "../../src/store/distribution.js";
import { MIGRATIONS } from "../../src/store/migrations/index.js";
import { migrateToLatest, openMirror } from "../../src/store/open-mirror.js";
import { kyselyOn, openSqliteConnection } from "../../src/store/sqlite/open.js";
import { tableKeys, type TableKeys } from "../../src/store/table-keys.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

let schema: Promise<TableKeys[]> | undefined;

/** The tables of a new mirror, read once for the whole file. */
function freshSchema(): Promise<TableKeys[]> {
  schema ??= (async () => {
    const mirror = await openMirror(":memory:");
    try {
      return await tableKeys(mirror.db);
    } finally {
      await mirror.close();
    }
  })();
  return schema;
}

const distributed = Object.entries(DISTRIBUTION).filter(([, d]) => d.kind === "account" || d.kind === "workspace");

describe("citus readiness of the mirror's schema", () => {
  it("places every table of the schema, and only those", async () => {
    const tables = (await freshSchema()).map((t) => t.table).sort();
    expect(Object.keys(DISTRIBUTION).sort()).toEqual(tables);
  });

  it("copies to every node only the global lookups: exchange rates and the price-to-plan map", () => {
    const reference = Object.entries(DISTRIBUTION)
      .filter(([, d]) => d.kind === "reference")
      .map(([table]) => table)
      .sort();
    expect(reference).toEqual(["billing_prices", "currency_rates"]);
  });

  it("keeps on the coordinator only bookkeeping and global queues, each with its reason", () => {
    const local = Object.entries(DISTRIBUTION).filter(([, d]) => d.kind === "local");
    expect(local.map(([table]) => table).sort()).toEqual([
      "billing_events",
      "connect_states",
      "data_changes",
      "events",
      "kysely_migration",
      "kysely_migration_lock",
    ]);
    for (const [table, d] of local) expect(d.kind === "local" ? d.why : "", table).toMatch(/\w+ \w+ \w+/);
  });

  it.each(distributed)("distributes %s by a non-null owner column that every key includes", async (table) => {
    const keys = (await freshSchema()).find((t) => t.table === table);
    const column = distributionColumn(table)!;
    expect(keys, `${table} exists`).toBeDefined();
    expect(
      keys!.columns.find((c) => c.name === column),
      `${table}.${column}`,
    ).toMatchObject({ notNull: true });
    expect(keys!.primaryKey, `${table}'s primary key`).toContain(column);
    for (const unique of keys!.uniques) expect(unique, `a unique constraint of ${table}`).toContain(column);
  });

  it("names the owner the same way across a colocation group", () => {
    for (const [table, d] of distributed) {
      const owner = d.kind === "account" ? "account" : "workspace";
      const expected = table === `${owner}s` ? "id" : `${owner}_id`;
      expect(`${table}.${distributionColumn(table)}`).toBe(`${table}.${expected}`);
    }
  });
});

/** A mirror file as the version before migration 0019 left it. */
async function mirrorBefore0019(path: string) {
  const sqlite = openSqliteConnection(path, {});
  const db = kyselyOn(sqlite);
  // Only the migrations before 0019: later ones may add columns that 0019's rebuilt tables do not know yet.
  const earlier = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < "0019"));
  const result = await new Migrator({
    db,
    provider: { getMigrations: async () => earlier },
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  if (result.error) throw result.error;
  return { sqlite, db };
}

const AT = "2026-11-20T10:00:00.000Z";

/** One row in each table 0019 rebuilds, as earlier versions wrote them. */
const SEED = `
  insert into accounts (id, name, provider, created_at) values ('shop', 'Shop', 'files', '${AT}');
  insert into workspaces (id, name, plan, created_at) values ('ws', 'Agency', 'business', '${AT}');
  insert into alerts (id, account_id, metric, op, value, description, created_at)
    values ('alr_1', 'shop', 'units', '<', 5, 'low units', '${AT}');
  insert into alert_states (alert_id, entity, crossed, value, since, checked_at)
    values ('alr_1', 'US|B0001', 1, 3, '${AT}', '${AT}');
  insert into alert_states (alert_id, entity, crossed, value, since, checked_at)
    values ('stockout_risk:shop', 'US|SKU-1', 0, 40, null, '${AT}');
  insert into alert_events (id, alert_id, account_id, entity, value, fired_at, details)
    values ('evt_a', 'alr_1', 'shop', 'US|B0001', 3, '${AT}', '{}');
  insert into insight_runs (id, account_id, insight_type, detail_level, period_start, period_end, generated_at, total, result)
    values ('run_1', 'shop', 'all', 'summary', '2026-11-01', '2026-11-19', '${AT}', 1, '{}');
  insert into insight_findings (run_id, finding_id, account_id, insight_type, kind, severity, money_at_stake, generated_at, body)
    values ('run_1', 'f_1', 'shop', 'all', 'stockout', 'high', 120.5, '${AT}', '{}');
  insert into insight_jobs (id, account_id, workspace_id, request, status, created_at, next_attempt_at)
    values ('job_1', 'shop', 'ws', '{}', 'done', '${AT}', '${AT}');
  insert into connections (id, account_id, region, scopes, state, created_at, updated_at)
    values ('con_1', 'shop', 'na', 'orders', 'connected', '${AT}', '${AT}');
  insert into conversations (id, account_id, state, created_at, updated_at) values ('conv_a', 'shop', '{}', '${AT}', '${AT}');
  insert into conversations (id, account_id, state, created_at, updated_at) values ('conv_b', null, '{}', '${AT}', '${AT}');
  insert into sync_runs (account_id, kind, source, status, started_at) values ('shop', 'import', 'a.txt', 'ok', '${AT}');
  insert into sync_runs (account_id, kind, source, status, started_at) values ('shop', 'import', 'b.txt', 'ok', '${AT}');
  insert into account_changes (account_id, changed_at, actor, kind, subject, previous, value)
    values ('shop', '${AT}', 'cli', 'setting', 'lead_time_days', '30', '45');
  insert into api_keys (id, workspace_id, name, scopes, prefix, hash, created_at)
    values ('key_1', 'ws', 'ci', 'query', 'sk_live_ab', 'h1', '${AT}');
  insert into billing_subscriptions (id, workspace_id, status, price_id, plan, last_event_id, last_event_created, created_at, updated_at)
    values ('sub_1', 'ws', 'active', 'price_b', 'business', 'evt_s', 1, '${AT}', '${AT}');
  insert into billing_notifications (id, workspace_id, kind, event_id, message, created_at)
    values ('bn_1', 'ws', 'payment_failed', 'evt_p', 'failed', '${AT}');
  insert into events (id, type, account_id, payload, created_at) values ('evt_1', 'alert.fired', 'shop', '{}', '${AT}');
  insert into webhook_endpoints (id, workspace_id, url, events, status, secret, created_at)
    values ('we_1', 'ws', 'https://example.test/hook', '*', 'enabled', 'whsec', '${AT}');
  insert into webhook_deliveries (id, event_id, endpoint_id, status, created_at)
    values ('whd_1', 'evt_1', 'we_1', 'succeeded', '${AT}');
  insert into webhook_attempts (delivery_id, attempt, started_at, duration_ms, status_code, succeeded)
    values ('whd_1', 1, '${AT}', 12, 200, 1);
`;

const REBUILT = [
  "alerts",
  "alert_states",
  "alert_events",
  "insight_runs",
  "insight_findings",
  "insight_jobs",
  "connections",
  "conversations",
  "sync_runs",
  "account_changes",
  "api_keys",
  "billing_subscriptions",
  "billing_notifications",
  "webhook_endpoints",
  "webhook_deliveries",
  "webhook_attempts",
];

function dump(sqlite: Database.Database, table: string): Record<string, unknown>[] {
  return sqlite.prepare(`select * from ${table} order by 1, 2`).all() as Record<string, unknown>[];
}

describe("migration 0019 (distribution keys) on a mirror of the previous version", () => {
  it("keeps every row and every value, and fills the owner columns from the parent rows", async () => {
    const path = tempDbPath();
    const before = await mirrorBefore0019(path);
    before.sqlite.exec(SEED);
    const old = Object.fromEntries(REBUILT.map((t) => [t, dump(before.sqlite, t)]));
    await before.db.destroy();

    const mirror = await openMirror(path);
    try {
      for (const table of REBUILT) {
        const rows = dump(mirror.sqlite, table);
        expect(rows.length, table).toBe(old[table]!.length);
        for (const row of old[table]!)
          expect(rows, table).toContainEqual(
            expect.objectContaining(row.account_id === null ? { ...row, account_id: "" } : row),
          );
      }
      expect(dump(mirror.sqlite, "alert_states").map((r) => [r.account_id, r.alert_id])).toEqual([
        ["shop", "alr_1"],
        ["shop", "stockout_risk:shop"],
      ]);
      expect(dump(mirror.sqlite, "webhook_deliveries")[0]).toMatchObject({ workspace_id: "ws", id: "whd_1" });
      expect(dump(mirror.sqlite, "webhook_attempts")[0]).toMatchObject({ workspace_id: "ws", delivery_id: "whd_1" });
      expect(mirror.sqlite.prepare("pragma foreign_key_check").all()).toEqual([]);
      expect(mirror.sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    } finally {
      await mirror.close();
    }
  });

  it("still cascades a deleted parent into its children", async () => {
    const path = tempDbPath();
    const before = await mirrorBefore0019(path);
    before.sqlite.exec(SEED);
    await before.db.destroy();
    const mirror = await openMirror(path);
    try {
      await sql`delete from insight_runs where id = 'run_1'`.execute(mirror.db);
      await sql`delete from events where id = 'evt_1'`.execute(mirror.db);
      expect(dump(mirror.sqlite, "insight_findings")).toEqual([]);
      expect(dump(mirror.sqlite, "webhook_deliveries")).toEqual([]);
      expect(dump(mirror.sqlite, "webhook_attempts")).toEqual([]);
    } finally {
      await mirror.close();
    }
  });

  it("is undone by its down: the earlier keys back and every row as it was", async () => {
    const path = tempDbPath();
    const before = await mirrorBefore0019(path);
    before.sqlite.exec(SEED);
    const old = Object.fromEntries(REBUILT.map((t) => [t, dump(before.sqlite, t)]));
    const keysBefore = await tableKeys(before.db);
    const namesBefore = before.sqlite.prepare("select type, name from sqlite_master order by name").all();
    await MIGRATIONS["0019_distribution_keys"]!.up(before.db);
    await MIGRATIONS["0019_distribution_keys"]!.down!(before.db);
    try {
      for (const table of REBUILT) expect(dump(before.sqlite, table), table).toEqual(old[table]);
      expect(await tableKeys(before.db)).toEqual(keysBefore);
      expect(before.sqlite.prepare("select type, name from sqlite_master order by name").all()).toEqual(namesBefore);
    } finally {
      await before.db.destroy();
    }
  });

  it("runs once: opening the migrated mirror again changes nothing", async () => {
    const path = tempDbPath();
    await (await openMirror(path)).close();
    const mirror = await openMirror(path);
    try {
      expect((await migrateToLatest(mirror.db)).results ?? []).toEqual([]);
    } finally {
      await mirror.close();
    }
  });
});

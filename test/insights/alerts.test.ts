// Alert rules that fire: once per crossing (not on every check while a
// product stays past the threshold, again after it came back and crossed
// anew), after imports and on `seller-ai alerts check`, listed with their
// last firing by `seller-ai alerts`.
import { describe, expect, it } from "vitest";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { answerUnderstanding } from "../../src/answer/answer.js";
import { checkAlerts, listAlerts } from "../../src/insights/alerts.js";
import type { Condition } from "../../src/core/understanding.js";
import { SqliteBulkWriter as BulkWriter } from "../../src/store/sqlite/bulk-writer.js";
import type { MirrorDb } from "../../src/store/open-mirror.js";
import { buildSmallMirror, FIXTURE_TODAY } from "../helpers/small-mirror.js";
import { runImport, withMirror } from "../helpers/import-run.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

const at = (day: string) => new Date(`${day}T12:00:00.000Z`);
const NOW = at(FIXTURE_TODAY);

async function createRule(db: MirrorDb, conditions: Condition[], filters: Record<string, unknown> = {}, now = NOW) {
  const answered = await answerUnderstanding(
    {
      intent: "create_alert",
      area: "account",
      confidence: 1,
      filters: { conditions, ...filters },
      interpretation: "test",
    },
    { db, now },
  );
  return (answered.body.result.alerts as { id: string }[])[0].id;
}

describe("alert rules", () => {
  it("fire once per crossing: not again while crossed, again after coming back and crossing anew", async () => {
    const mirror = await buildSmallMirror();
    try {
      const id = await createRule(mirror.db, [{ metric: "available_quantity", op: "<", value: 100 }]);
      const first = await checkAlerts(mirror.db, { now: NOW });
      expect(first.checked).toBe(1);
      const crossed = first.fired.map((f) => f.entity);
      expect(crossed.length).toBeGreaterThan(0);
      expect(first.fired.every((f) => f.alert_id === id && f.value !== null && f.value < 100)).toBe(true);
      expect((await checkAlerts(mirror.db, { now: at("2026-11-22") })).fired).toEqual([]);

      // A restock the next day: every product is back above the threshold.
      const sku = crossed[0].split("|")[1];
      const snapshot = await mirror.db
        .selectFrom("inventory_snapshots")
        .selectAll()
        .where("sku", "=", sku)
        .orderBy("date", "desc")
        .executeTakeFirstOrThrow();
      const write = (day: string, available: number) =>
        new BulkWriter(mirror.db, mirror.sqlite).write("inventory_snapshots", [
          ...crossed.map((entity) => ({
            ...snapshot,
            marketplace: entity.split("|")[0],
            sku: entity.split("|")[1],
            date: day,
            available,
          })),
        ]);
      mirror.sqlite.transaction(() => write("2026-11-21", 5000))();
      const cleared = await checkAlerts(mirror.db, { now: at("2026-11-22") });
      expect(cleared.fired).toEqual([]);
      // Then the stock runs low again: a new crossing, a new event.
      mirror.sqlite.transaction(() => write("2026-11-22", 10))();
      const again = await checkAlerts(mirror.db, { now: at("2026-11-23") });
      expect(again.fired.map((f) => f.entity).sort()).toEqual([...crossed].sort());
      const events = mirror.sqlite.prepare("select count(*) as n from alert_events where alert_id = ?").get(id) as {
        n: number;
      };
      expect(events.n).toBe(crossed.length * 2);

      const [listed] = await listAlerts(mirror.db, "acme");
      expect(listed).toMatchObject({
        id,
        last_fired_at: at("2026-11-23").toISOString(),
        events: crossed.length * 2,
        crossed_now: crossed.length,
      });
    } finally {
      await mirror.close();
    }
  });

  it.each([
    ["a sales rule on each product's last 7 days", { metric: "revenue", op: ">", value: 1 } as Condition, {}],
    [
      "a rule limited to a marketplace",
      { metric: "units_sold", op: ">=", value: 1 } as Condition,
      { marketplace: "UK" },
    ],
    ["a ratio rule", { metric: "conversion_rate", op: ">", value: 0 } as Condition, { marketplace: "US" }],
  ])("checks %s", async (_label, condition, filters) => {
    const mirror = await buildSmallMirror();
    try {
      await createRule(mirror.db, [condition], filters);
      const { fired, unchecked } = await checkAlerts(mirror.db, { now: NOW });
      expect(unchecked).toEqual([]);
      expect(fired.length).toBeGreaterThan(0);
      if ("marketplace" in filters)
        expect(fired.every((f) => f.entity.startsWith(`${filters.marketplace}|`))).toBe(true);
    } finally {
      await mirror.close();
    }
  });

  it("says which rules it cannot check rather than guessing", async () => {
    const mirror = await buildSmallMirror();
    try {
      const id = await createRule(mirror.db, [{ metric: "organic_rank", op: ">", value: 10 }]);
      const result = await checkAlerts(mirror.db, { now: NOW });
      expect(result).toMatchObject({ checked: 0, unchecked: [id], fired: [] });
    } finally {
      await mirror.close();
    }
  });
});

describe("seller-ai alerts", () => {
  it("checks the rules after an import and lists them with their last firing", async () => {
    const db = tempDbPath();
    expect(
      (await runImport(db, ["fixtures/import/myi-unsuppressed.tsv", "--marketplace", "US", "--date", "2024-03-01"]))
        .code,
    ).toBe(0);
    await withMirror(db, (m) =>
      createRule(m.db, [{ metric: "available_quantity", op: "<", value: 500 }], {}, at("2024-03-20")),
    );

    const imported = await runImport(db, [
      "fixtures/import/myi-unsuppressed.tsv",
      "--marketplace",
      "US",
      "--date",
      "2024-03-02",
    ]);
    expect(imported.code).toBe(0);
    expect(imported.err).toMatch(/^alert: available quantity < 500: US\|SKU-MUG at 120$/m);
    expect(imported.err).toMatch(/^alert: available quantity < 500: US\|SKU-TEA at 120$/m);
    // Still crossed on the next import: nothing new.
    const quiet = await runImport(db, [
      "fixtures/import/myi-unsuppressed.tsv",
      "--marketplace",
      "US",
      "--date",
      "2024-03-03",
    ]);
    expect(quiet.err).not.toMatch(/alert:/);

    const list = captureIo();
    expect(await runCli(["--db", db, "--today", "2024-03-20", "alerts"], list)).toBe(0);
    expect(list.out()).toMatch(/available quantity < 500/);
    expect(list.out()).toMatch(/last fired 2024-03-20T12:00:00.000Z for US\|SKU-MUG \(120\), 2 firings in all/);

    const check = captureIo();
    expect(await runCli(["--db", db, "--today", "2024-03-20", "alerts", "check", "--json"], check)).toBe(0);
    expect(JSON.parse(check.out())).toMatchObject({ checked: 1, fired: [] });
  });

  it("says how to make a rule when there is none", async () => {
    const db = tempDbPath();
    expect((await runImport(db, ["fixtures/import/myi-unsuppressed.tsv", "--marketplace", "US"])).code).toBe(0);
    const io = captureIo();
    expect(await runCli(["--db", db, "alerts"], io)).toBe(0);
    expect(io.out()).toMatch(/No alert rules .* seller-ai ask "alert me when/);
  });
});

// Every event category recorded by its real cause, not by calling its
// emitter: the anomaly scan finding a planted anomaly, an alert rule
// crossing, stock-out risk turning critical, an async insights job ending,
// and a sync against the Amazon sandbox (its refresh, and the price moves
// in the offers it fetched). Each is recorded once, however often its cause
// runs again over the same facts.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createAnalyticsContext } from "../../src/analytics/facts/context.js";
import { inventoryStatus } from "../../src/analytics/facts/inventory-status.js";
import { answer, answerUnderstanding } from "../../src/answer/answer.js";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { addDaysIso, nowForToday } from "../../src/core/dates.js";
import type { Condition } from "../../src/core/understanding.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { checkAlerts } from "../../src/insights/alerts.js";
import { watchAnomalies } from "../../src/insights/anomaly-watch.js";
import { checkStockoutRisk } from "../../src/insights/stockout-watch.js";
import type { InsightJobWorker } from "../../src/insights/job-worker.js";
import { resolveAccount } from "../../src/store/accounts.js";
import { listEvents } from "../../src/store/events.js";
import { openMirror, type MirrorDb } from "../../src/store/open-mirror.js";
import { rebuildRollups } from "../../src/store/rollups.js";
import { apiHarness } from "../helpers/api-harness.js";
import { connectSandbox, startHarness, syncAccount } from "../helpers/sandbox-harness.js";
import { buildSmallMirror, FIXTURE_TODAY } from "../helpers/small-mirror.js";

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function eventsOf(db: MirrorDb, type: string) {
  return (await listEvents(db, { type, limit: 10_000 })).map((e) => JSON.parse(e.payload).data);
}

describe("anomaly.detected, from the anomaly scan", () => {
  const END = "2026-11-20";
  const NOW = nowForToday("2026-11-21");

  it("records a planted anomaly once: not again on the next scan nor the next day's", async () => {
    const mirror = await openMirror(":memory:");
    open.push(mirror);
    await generateDemo(mirror, { seed: 3, end: END, scale: "small", now: NOW, anomalies: false });
    const before = await watchAnomalies(mirror.db, { now: NOW });
    // The steadiest seller of the US: its last four days sell a sixth as much on the same traffic.
    const top = await mirror.db
      .selectFrom("daily_sales")
      .select(["asin", (eb) => eb.fn.sum<number>("units").as("units")])
      .where("account_id", "=", "demo")
      .where("marketplace", "=", "US")
      .where("date", ">", addDaysIso(END, -60))
      .groupBy("asin")
      .orderBy("units", "desc")
      .executeTakeFirstOrThrow();
    expect(before.filter((a) => a.asin === top.asin)).toEqual([]);
    // At the same price: revenue follows the units kept.
    await sql`update daily_sales
      set revenue = case when units > 0 then revenue * (units / 6) / units else 0 end,
          refund_amount = case when units > 0 then refund_amount * (units / 6) / units else 0 end,
          refund_units = refund_units / 6, orders = min(orders, units / 6), units = units / 6
      where account_id = 'demo' and marketplace = 'US' and asin = ${top.asin} and date > ${addDaysIso(END, -4)}`.execute(
      mirror.db,
    );
    await rebuildRollups(mirror, "demo", undefined, NOW.toISOString());

    const reported = await watchAnomalies(mirror.db, { now: NOW });
    expect(reported.map((a) => [a.marketplace, a.asin, a.direction])).toEqual([["US", top.asin, "down"]]);
    const events = (await eventsOf(mirror.db, "anomaly.detected")).filter((e) => e.asin === top.asin);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: reported[0].id,
      account_id: "demo",
      marketplace: "US",
      direction: "down",
      date: reported[0].start,
      link: { method: "POST", url: "/v1/query" },
    });
    expect(events[0].observed).toBeLessThan(events[0].expected);
    // The link's question is the anomalies question.
    const asked = await answer(events[0].link.body.query, { db: mirror.db, now: NOW, accountId: "demo" });
    expect(asked.understanding.intent).toBe("anomalies");

    const all = (await listEvents(mirror.db, { type: "anomaly.detected", limit: 10_000 })).length;
    expect(await watchAnomalies(mirror.db, { now: NOW })).toEqual([]);
    expect(await watchAnomalies(mirror.db, { now: new Date(NOW.getTime() + 86_400_000) })).toEqual([]);
    expect(await listEvents(mirror.db, { type: "anomaly.detected", limit: 10_000 })).toHaveLength(all);
  }, 120_000);
});

describe("inventory.alert", () => {
  const NOW = new Date(`${FIXTURE_TODAY}T12:00:00.000Z`);

  async function createRule(db: MirrorDb, conditions: Condition[]) {
    const answered = await answerUnderstanding(
      {
        intent: "create_alert",
        area: "account",
        confidence: 1,
        filters: { conditions },
        interpretation: "test",
      },
      { db, now: NOW },
    );
    return (answered.body.result.alerts as { id: string }[])[0].id;
  }

  it("is recorded for each crossing of an alert rule, once while it stays crossed", async () => {
    const mirror = await buildSmallMirror();
    open.push(mirror);
    const rule = await createRule(mirror.db, [{ metric: "available_quantity", op: "<", value: 100 }]);
    const { fired } = await checkAlerts(mirror.db, { now: NOW });
    expect(fired.length).toBeGreaterThan(0);
    const events = await eventsOf(mirror.db, "inventory.alert");
    expect(events.map((e) => [e.id, e.rule_id, `${e.marketplace}|${e.sku}`, e.value]).sort()).toEqual(
      fired.map((f) => [f.event_id, rule, f.entity, f.value]).sort(),
    );
    for (const e of events)
      expect(e).toMatchObject({
        account_id: "acme",
        kind: "alert_rule",
        metric: "available_quantity",
        op: "<",
        threshold: 100,
        link: { method: "POST", url: "/v1/query" },
      });
    // The link asks about the stock of the SKU that crossed.
    expect(events[0].link.body.query).toBe(`days of cover for ${events[0].sku}`);
    const asked = await answer(events[0].link.body.query, { db: mirror.db, now: NOW, accountId: "acme" });
    expect(asked.understanding.area).toBe("inventory");
    await checkAlerts(mirror.db, { now: new Date(NOW.getTime() + 86_400_000) });
    expect(await eventsOf(mirror.db, "inventory.alert")).toHaveLength(events.length);
  });

  it("is recorded when a product's stock-out risk becomes critical, once until it recovers", async () => {
    const mirror = await buildSmallMirror();
    open.push(mirror);
    const account = (await resolveAccount(mirror.db, "acme"))!;
    const status = async (now: Date) =>
      inventoryStatus(await createAnalyticsContext(mirror.db, account, now, now.toISOString().slice(0, 10)), {
        intent: "stockout_risk",
        area: "inventory",
        confidence: 1,
        filters: {},
        interpretation: "test",
      });
    const critical = (await status(NOW)).rows.filter((r) => r.restock_recommendation.urgency === "critical");
    const first = await checkStockoutRisk(mirror.db, { now: NOW });
    expect(first.map((f) => `${f.marketplace}|${f.sku}`).sort()).toEqual(
      critical.map((r) => `${r.marketplace}|${r.sku}`).sort(),
    );
    expect(await checkStockoutRisk(mirror.db, { now: NOW })).toEqual([]);

    // The next day a product that was fine has nothing left.
    const fine = (await status(NOW)).rows.find(
      (r) => r.restock_recommendation.urgency !== "critical" && r.daily_demand > 0,
    )!;
    const snapshot = await mirror.db
      .selectFrom("inventory_snapshots")
      .selectAll()
      .where("account_id", "=", "acme")
      .where("marketplace", "=", fine.marketplace)
      .where("sku", "=", fine.sku)
      .orderBy("date", "desc")
      .executeTakeFirstOrThrow();
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    const day = tomorrow.toISOString().slice(0, 10);
    const others = await mirror.db
      .selectFrom("inventory_snapshots")
      .selectAll()
      .where("account_id", "=", "acme")
      .where("date", "=", snapshot.date)
      .execute();
    mirror.bulkWriter().write(
      "inventory_snapshots",
      others.map((s) => ({
        ...s,
        date: day,
        ...(s.sku === fine.sku && s.marketplace === fine.marketplace ? { available: 0, inbound: 0, reserved: 0 } : {}),
      })),
    );
    const next = await checkStockoutRisk(mirror.db, { now: tomorrow });
    expect(next.map((f) => `${f.marketplace}|${f.sku}`)).toEqual([`${fine.marketplace}|${fine.sku}`]);
    const events = await eventsOf(mirror.db, "inventory.alert");
    expect(events).toHaveLength(first.length + 1);
    expect(events.find((e) => e.id === next[0].id)).toMatchObject({
      kind: "stockout_risk",
      severity: "critical",
      rule_id: null,
      marketplace: fine.marketplace,
      sku: fine.sku,
      asin: fine.asin,
      days_of_cover: 0,
    });
  });
});

describe("analysis.completed, from an async insights job", () => {
  it("is recorded once when the job's result is stored, with where to fetch it", async () => {
    const h = await apiHarness({ burstPerSecond: { starter: 10_000, business: 10_000 } });
    open.push(h);
    const { key } = await h.key({ scopes: ["insights"] });
    const res = await h.app.inject({
      method: "POST",
      url: "/v1/insights",
      headers: { authorization: `Bearer ${key}` },
      payload: { insight_type: "risks", async: true },
    });
    expect(res.statusCode).toBe(202);
    const job = res.json();
    expect(await eventsOf(h.mirror.db, "analysis.completed")).toEqual([]);
    await (h.app as unknown as { insightJobs: InsightJobWorker }).insightJobs.drain();
    const events = await eventsOf(h.mirror.db, "analysis.completed");
    expect(events).toEqual([
      {
        id: job.job_id,
        account_id: "acme",
        status: "succeeded",
        kind: "risks",
        completed_at: h.clock.now.toISOString(),
        result_url: job.status_url,
        error: null,
        link: { method: "GET", url: job.status_url },
      },
    ]);
    const fetched = await h.app.inject({
      method: "GET",
      url: events[0].result_url,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(fetched.json()).toMatchObject({ status: "done", result: { insight_type: "risks" } });
  });
});

describe("a sync against the Amazon sandbox", () => {
  it("records one data_refresh.completed per sync, and the competitor price moves of the offers it fetched", async () => {
    const h = await startHarness();
    // The sandbox shows offers as of yesterday: start on the day after a day whose competitor prices moved.
    const moved = await h.sandbox.seller.db
      .selectFrom("competitor_offers as o")
      .innerJoin("competitor_offers as b", (join) =>
        join
          .onRef("b.account_id", "=", "o.account_id")
          .onRef("b.marketplace", "=", "o.marketplace")
          .onRef("b.asin", "=", "o.asin")
          .onRef("b.seller_id", "=", "o.seller_id")
          .on("b.date", "=", sql<string>`date(o.date, '-1 day')`),
      )
      .select((eb) => eb.fn.max("o.date").as("day"))
      .where(sql<boolean>`abs(o.price - b.price) >= 0.06 * b.price`)
      .executeTakeFirstOrThrow();
    h.clock.now = new Date(`${moved.day}T06:00:00Z`);
    const accountId = await connectSandbox(h, ["orders", "inventory", "financial", "pricing"]);
    const first = await syncAccount(h.mirror, h.syncOptions({ now: h.clock.now, since: addDaysIso(moved.day!, -7) }));
    let refreshes = await eventsOf(h.mirror.db, "data_refresh.completed");
    expect(refreshes).toHaveLength(1);
    const imported = first.reports.filter((r) => r.status === "imported");
    expect(refreshes[0]).toMatchObject({
      id: `run_${first.run_id}`,
      account_id: accountId,
      source: "sync",
      status: "ok",
      file: null,
      marketplaces: h.sandbox.seller.marketplaces.map((m) => m.code).sort(),
      report_types: [...new Set(imported.map((r) => r.report_type))].sort(),
      rows: { written: first.rows_written },
      first_day: imported.flatMap((r) => r.period_start ?? []).sort()[0],
      last_day: imported
        .flatMap((r) => r.period_end ?? [])
        .sort()
        .at(-1),
    });

    // A day later the next sync fetches the day's offers: each move of 5% or more on a listing is an event.
    h.clock.now = new Date(h.clock.now.getTime() + 86_400_000);
    const second = await syncAccount(h.mirror, h.syncOptions({ now: h.clock.now }));
    refreshes = await eventsOf(h.mirror.db, "data_refresh.completed");
    expect(refreshes.map((r) => r.id)).toEqual([`run_${second.run_id}`, `run_${first.run_id}`]);
    const today = h.clock.now.toISOString().slice(0, 10);
    const moves = await h.mirror.db
      .selectFrom("competitor_offers as now")
      .innerJoin("competitor_offers as before", (join) =>
        join
          .onRef("before.account_id", "=", "now.account_id")
          .onRef("before.marketplace", "=", "now.marketplace")
          .onRef("before.asin", "=", "now.asin")
          .onRef("before.seller_id", "=", "now.seller_id"),
      )
      .select(["now.marketplace", "now.asin", "now.seller_id", "before.price as before", "now.price as after"])
      .where("now.account_id", "=", accountId)
      .where("now.date", "=", today)
      .where("before.date", "=", addDaysIso(today, -1))
      .execute();
    const expected = moves
      .filter(
        (m) => Math.abs(Math.round(m.after * 100) - Math.round(m.before * 100)) * 100 >= 5 * Math.round(m.before * 100),
      )
      .map((m) => `${m.marketplace} ${m.asin} ${m.seller_id}`)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    const events = await eventsOf(h.mirror.db, "price_change.detected");
    expect(
      events
        .filter((e) => e.kind === "competitor")
        .map((e) => `${e.marketplace} ${e.asin} ${e.seller_id}`)
        .sort(),
    ).toEqual(expected);
  }, 120_000);
});

describe("after a sync from the terminal", () => {
  it("checks the alert rules: a rule crossed by the synced stock fires and records its events", async () => {
    const h = await startHarness({ realTime: true, processingPolls: 0 });
    const accountId = await connectSandbox(h, ["orders", "inventory"]);
    await answerUnderstanding(
      {
        intent: "create_alert",
        area: "account",
        confidence: 1,
        filters: { conditions: [{ metric: "available_quantity", op: "<", value: 1_000_000 }] },
        interpretation: "test",
      },
      { db: h.mirror.db, now: h.clock.now, accountId },
    );
    const io = captureIo({ env: h.env });
    const code = await runCli(["--db", h.dbPath, "--today", "2026-11-21", "sync", "--since", "2026-11-16"], io);
    expect(code, io.err()).toBe(0);
    const alerts = await eventsOf(h.mirror.db, "inventory.alert");
    const rules = alerts.filter((e) => e.kind === "alert_rule");
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.every((e) => e.account_id === accountId && e.value < 1_000_000)).toBe(true);
    expect(io.err().match(/^alert: /gm)).toHaveLength(rules.length);
    expect(await eventsOf(h.mirror.db, "data_refresh.completed")).toHaveLength(1);
  }, 180_000);
});

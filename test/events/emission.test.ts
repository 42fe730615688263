import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDaysIso } from "../../src/core/dates.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import {
  PRICE_CHANGE_RECENT_DAYS,
  emitAnalysisCompleted,
  emitAnomalyDetected,
  emitInventoryAlert,
  emitPriceChangesDetected,
} from "../../src/events/index.js";
import { SqliteBulkWriter as BulkWriter } from "../../src/store/sqlite/bulk-writer.js";
import { listEvents } from "../../src/store/events.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { runImport, withMirror } from "../helpers/import-run.js";
import { FIXTURE_LAST, buildSmallMirror } from "../helpers/small-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

const MADE = "fixtures/import";

async function eventsOf(db: string, type?: string) {
  return withMirror(db, async (mirror) =>
    (await listEvents(mirror.db, { type, limit: 1000 })).reverse().map((e) => ({ ...e, body: JSON.parse(e.payload) })),
  );
}

describe("data_refresh.completed, from an import", () => {
  let db: string;
  beforeEach(() => {
    db = tempDbPath();
  });

  it("is recorded with the file's import, saying what changed", async () => {
    const run = await runImport(db, [`${MADE}/orders-by-order-date.tsv`, "--account", "shop"]);
    expect(run.code).toBe(0);
    const [event] = await eventsOf(db);
    const stored = await withMirror(db, (m) =>
      m.db.selectFrom("sync_runs").selectAll().where("account_id", "=", "shop").executeTakeFirstOrThrow(),
    );
    expect(event.type).toBe("data_refresh.completed");
    expect(event.account_id).toBe("shop");
    expect(event.body).toEqual({
      type: "data_refresh.completed",
      timestamp: "2024-03-20T12:00:00.000Z",
      data: {
        id: `run_${stored.id}`,
        account_id: "shop",
        source: "import",
        status: "ok",
        file: "orders-by-order-date.tsv",
        marketplaces: ["US"],
        report_types: ["GET_FLAT_FILE_ALL_ORDERS_DATA"],
        rows: { read: stored.rows_read, written: stored.rows_written, rejected: 0 },
        first_day: stored.period_start,
        last_day: stored.period_end,
        link: {
          method: "POST",
          url: "/v1/query",
          body: {
            query: "sales summary",
            account_id: "shop",
            timeframe: `${stored.period_start}..${stored.period_end}`,
            marketplace: "US",
          },
        },
      },
    });
    expect(stored.rows_written).toBeGreaterThan(0);
  });

  it("is recorded once per file, and not at all for a file that was rolled back", async () => {
    const strict = await runImport(db, [`${MADE}/orders-malformed.tsv`, "--strict"]);
    expect(strict.code).toBe(1);
    expect(await eventsOf(db)).toEqual([]);
    const partial = await runImport(db, [`${MADE}/orders-malformed.tsv`, `${MADE}/listings.tsv`]);
    expect(partial.err).toContain("3 rows rejected; the other rows were imported.");
    const events = await eventsOf(db, "data_refresh.completed");
    expect(events.map((e) => [e.body.data.file, e.body.data.status, e.body.data.report_types])).toEqual([
      ["orders-malformed.tsv", "partial", ["GET_FLAT_FILE_ALL_ORDERS_DATA"]],
      ["listings.tsv", "ok", ["GET_MERCHANT_LISTINGS_ALL_DATA"]],
    ]);
    expect(events[0].body.data.rows.rejected).toBeGreaterThan(0);
  });
});

describe("events of a demo generation", () => {
  let mirror: Mirror;
  const END = "2026-11-20";
  const NOW = new Date("2026-11-21T06:00:00Z");

  beforeEach(async () => {
    mirror = await openMirror(":memory:");
  });
  afterEach(async () => {
    await mirror.close();
  });

  /** The moves a seller would call news, computed straight from the offers: last week, 5% or more, on a listed product. */
  async function expectedCompetitorMoves(): Promise<string[]> {
    const offers = await mirror.db
      .selectFrom("competitor_offers")
      .select(["marketplace", "asin", "seller_id", "date", "price"])
      .where("account_id", "=", "demo")
      .orderBy("date")
      .execute();
    const listed = new Set(
      (
        await mirror.db
          .selectFrom("products")
          .select(["marketplace", "asin"])
          .where("account_id", "=", "demo")
          .execute()
      ).map((p) => `${p.marketplace}|${p.asin}`),
    );
    const previous = new Map<string, number>();
    const moves: string[] = [];
    const from = addDaysIso(END, -(PRICE_CHANGE_RECENT_DAYS - 1));
    for (const o of offers) {
      const key = `${o.marketplace}|${o.asin}|${o.seller_id}`;
      const before = previous.get(key);
      previous.set(key, o.price);
      if (before === undefined || o.date < from || !listed.has(`${o.marketplace}|${o.asin}`)) continue;
      if (Math.abs(Math.round(o.price * 100) - Math.round(before * 100)) * 100 >= 5 * Math.round(before * 100))
        moves.push(`${o.marketplace} ${o.asin} ${o.seller_id} ${o.date} ${before}->${o.price}`);
    }
    return moves.sort();
  }

  it("record the refresh and every competitor price move of its last week, once", async () => {
    const summary = await generateDemo(mirror, { seed: 7, end: END, scale: "small", now: NOW });
    const refreshes = await listEvents(mirror.db, { type: "data_refresh.completed" });
    expect(refreshes).toHaveLength(1);
    const refresh = JSON.parse(refreshes[0].payload);
    expect(refresh.data).toMatchObject({
      account_id: "demo",
      source: "demo",
      status: "ok",
      file: null,
      marketplaces: summary.marketplaces,
      rows: { read: 0, written: summary.totalRows, rejected: 0 },
      first_day: summary.start,
      last_day: summary.end,
    });
    const moves = (await listEvents(mirror.db, { type: "price_change.detected", limit: 1000 })).map(
      (e) => JSON.parse(e.payload).data,
    );
    const expected = await expectedCompetitorMoves();
    expect(expected.length).toBeGreaterThan(0);
    expect(
      moves
        .filter((m) => m.kind === "competitor")
        .map((m) => `${m.marketplace} ${m.asin} ${m.seller_id} ${m.date} ${m.previous_price}->${m.price}`)
        .sort(),
    ).toEqual(expected);
    for (const m of moves) {
      expect(Math.abs(m.change_pct)).toBeGreaterThanOrEqual(5);
      expect(m.account_id).toBe("demo");
      expect(m.sku).not.toBeNull();
      expect(m.link).toMatchObject({ method: "POST", url: "/v1/query" });
    }
    // A new generation over the same facts is a new refresh, but no move is reported twice.
    await generateDemo(mirror, { seed: 7, end: END, scale: "small", now: new Date("2026-11-21T07:00:00Z") });
    expect(await listEvents(mirror.db, { type: "data_refresh.completed" })).toHaveLength(2);
    expect(await listEvents(mirror.db, { type: "price_change.detected", limit: 1000 })).toHaveLength(moves.length);
  });
});

describe("price_change.detected, from offers written", () => {
  let mirror: Mirror;
  const NOW = new Date(`${FIXTURE_LAST}T08:00:00Z`);

  beforeEach(async () => {
    mirror = await buildSmallMirror();
  });
  afterEach(async () => {
    await mirror.close();
  });

  function offer(asin: string, date: string, seller: string, price: number, winner = 0, shipping = 0) {
    return {
      account_id: "acme",
      marketplace: "US",
      asin,
      date,
      seller_id: seller,
      seller_name: `${seller} Ltd`,
      price,
      shipping,
      is_fba: 1,
      is_buy_box_winner: winner,
    };
  }

  async function scan(from: string, to: string) {
    const recorded = await mirror.db
      .transaction()
      .execute((trx) => emitPriceChangesDetected(trx, { accountId: "acme", from, to, now: NOW }));
    const events = (await listEvents(mirror.db, { type: "price_change.detected", limit: 100 })).map(
      (e) => JSON.parse(e.payload).data,
    );
    return { recorded, events };
  }

  it("reports competitor and buy box moves of at least 5% on the seller's listings, each once", async () => {
    const w = new BulkWriter(mirror.db, mirror.sqlite);
    w.write("competitor_offers", [
      // The knife's buy box moves from 20.00 to 18.50 landed (−7.5%); the holder changes.
      offer("B0KNIFE001", "2026-11-19", "ALPHA", 20, 1),
      offer("B0KNIFE001", "2026-11-20", "ALPHA", 19.9, 0),
      offer("B0KNIFE001", "2026-11-19", "BETA", 21, 0),
      offer("B0KNIFE001", "2026-11-20", "BETA", 17, 1, 1.5),
      // The hose: exactly 5% is reported, 4.5% is not.
      offer("B0HOSE0003", "2026-11-19", "GAMMA", 20, 0),
      offer("B0HOSE0003", "2026-11-20", "GAMMA", 19, 0),
      offer("B0HOSE0003", "2026-11-19", "DELTA", 20, 0),
      offer("B0HOSE0003", "2026-11-20", "DELTA", 20.9, 0),
      // Not one of the seller's listings.
      offer("B0NOTOURS1", "2026-11-19", "ALPHA", 10, 0),
      offer("B0NOTOURS1", "2026-11-20", "ALPHA", 5, 0),
    ]);
    const { recorded, events } = await scan("2026-11-14", FIXTURE_LAST);
    const seen = events
      .map((e) => `${e.kind} ${e.asin} ${e.seller_id} ${e.previous_price}->${e.price} ${e.change_pct}%`)
      .sort();
    expect(seen).toEqual(
      [
        // The fixture's own rival cut on the pan (39 → 36 on 2026-11-18).
        "competitor B0PAN00002 RIVAL 39->36 -7.7%",
        "competitor B0KNIFE001 BETA 21->17 -19%",
        "buy_box B0KNIFE001 BETA 20->18.5 -7.5%",
        "competitor B0HOSE0003 GAMMA 20->19 -5%",
      ].sort(),
    );
    expect(recorded).toBe(4);
    const buyBox = events.find((e) => e.kind === "buy_box");
    expect(buyBox).toMatchObject({
      account_id: "acme",
      marketplace: "US",
      sku: "KN-01",
      title: "Chef Knife",
      seller_name: "BETA Ltd",
      currency: "USD",
      previous_date: "2026-11-19",
      date: "2026-11-20",
      your_price: 20,
      threshold_pct: 5,
    });
    // Scanning the same days again reports nothing new.
    expect((await scan("2026-11-14", FIXTURE_LAST)).recorded).toBe(0);
  });

  it("reports only the last week of a refresh that brings in months of offers", async () => {
    const w = new BulkWriter(mirror.db, mirror.sqlite);
    w.write("competitor_offers", [
      offer("B0KNIFE001", "2026-09-01", "OLD", 30, 0),
      offer("B0KNIFE001", "2026-09-02", "OLD", 20, 0),
    ]);
    const { events } = await scan("2026-09-01", FIXTURE_LAST);
    expect(events.map((e) => `${e.asin} ${e.date}`)).toEqual(["B0PAN00002 2026-11-18"]);
  });
});

// The emitters alone; their causes (the anomaly scan, alert rules, stock-out risk, insights jobs) are in causes.test.ts.
describe("events of the insights", () => {
  let mirror: Mirror;
  const NOW = new Date("2026-11-21T09:00:00Z");
  beforeEach(async () => {
    mirror = await openMirror(":memory:");
  });
  afterEach(async () => {
    await mirror.close();
  });

  it.each([
    [
      "anomaly.detected",
      (trx: Mirror["db"]) =>
        emitAnomalyDetected(
          trx,
          {
            id: "an_1",
            account_id: "acme",
            metric: "units",
            asin: "B0KNIFE001",
            marketplace: "US",
            date: "2026-11-20",
            observed: 2,
            expected: 9.5,
            direction: "down",
            severity: "high",
          },
          NOW,
        ),
      {
        id: "an_1",
        metric: "units",
        description: "units fell to 2 on 2026-11-20 (expected about 9.5).",
        link: {
          method: "POST",
          url: "/v1/query",
          body: { query: "show me anomalies for B0KNIFE001", account_id: "acme", marketplace: "US" },
        },
      },
    ],
    [
      "inventory.alert",
      (trx: Mirror["db"]) =>
        emitInventoryAlert(
          trx,
          {
            id: "fire_1",
            account_id: "acme",
            kind: "stockout_risk",
            description: "Chef Knife runs out in 6 days",
            asin: "B0KNIFE001",
            marketplace: "US",
            days_of_cover: 6,
          },
          NOW,
        ),
      { id: "fire_1", kind: "stockout_risk", severity: "critical", rule_id: null, days_of_cover: 6 },
    ],
    [
      "analysis.completed",
      (trx: Mirror["db"]) =>
        emitAnalysisCompleted(
          trx,
          {
            id: "job_1",
            account_id: "acme",
            status: "succeeded",
            completed_at: NOW.toISOString(),
            result_url: "/v1/insights/jobs/job_1",
          },
          NOW,
        ),
      { id: "job_1", status: "succeeded", link: { method: "GET", url: "/v1/insights/jobs/job_1" } },
    ],
  ] as const)("%s carries the finding's id, fields, account and link, once per finding", async (type, emit, fields) => {
    const first = await mirror.db.transaction().execute((trx) => emit(trx));
    const again = await mirror.db.transaction().execute((trx) => emit(trx));
    expect([first.recorded, again.recorded]).toEqual([true, false]);
    const events = await listEvents(mirror.db, { type });
    expect(events).toHaveLength(1);
    const body = JSON.parse(events[0].payload);
    expect(body).toMatchObject({ type, timestamp: NOW.toISOString(), data: { account_id: "acme", ...fields } });
  });
});

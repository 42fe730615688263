import { describe, expect, it } from "vitest";
import { addDaysIso } from "../../src/core/dates.js";
import { DEMO_ACCOUNT_ID } from "../../src/demo/plan.js";
import { mirrorStatus } from "../../src/store/mirror-status.js";
import { readSyncCursors } from "../../src/store/sync-cursors.js";
import {
  connectSandbox,
  NOW,
  SANDBOX_END,
  startHarness,
  syncAccount,
  type Harness,
} from "../helpers/sandbox-harness.js";

const SINCE = "2026-11-06";
const ALL_SCOPES = ["orders", "inventory", "financial", "advertising", "pricing"];
const T = 180_000;

async function dailySales(db: Harness["mirror"]["db"], accountId: string, start: string, end: string) {
  return db
    .selectFrom("daily_sales")
    .select(["marketplace", "asin", "date", "units", "revenue", "orders", "sessions", "page_views"])
    .where("account_id", "=", accountId)
    .where("date", ">=", start)
    .where("date", "<=", end)
    .orderBy("marketplace")
    .orderBy("date")
    .orderBy("asin")
    .execute();
}

async function counts(h: Harness, accountId: string) {
  return (await mirrorStatus(h.mirror.db)).accounts.find((a) => a.id === accountId)!.row_counts;
}

describe("a first sync", () => {
  it(
    "imports every report type through the importers, with the seller's own figures",
    async () => {
      const h = await startHarness();
      const accountId = await connectSandbox(h, ALL_SCOPES);
      const result = await syncAccount(h.mirror, h.syncOptions({ since: SINCE }));
      expect(result.status).toBe("ok");
      const types = new Set(result.reports.filter((r) => r.status === "imported").map((r) => r.report_type));
      expect([...types].sort()).toEqual([
        "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA",
        "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL",
        "GET_MERCHANT_LISTINGS_ALL_DATA",
        "GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT",
        "GET_SALES_AND_TRAFFIC_REPORT",
        "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE",
        "spAdvertisedProduct",
        "spCampaigns",
        "spSearchTerm",
        "spTargeting",
      ]);
      expect(result.offers_written).toBeGreaterThan(0);

      // Every daily figure is the seller's own (the sandbox serves the demo generator's seller).
      const synced = await dailySales(h.mirror.db, accountId, SINCE, SANDBOX_END);
      const truth = await dailySales(h.sandbox.seller.db, DEMO_ACCOUNT_ID, SINCE, SANDBOX_END);
      expect(synced.length).toBe(truth.length);
      expect(synced).toEqual(truth);

      // The sync is one run in the mirror's status, and each report type remembers where it ended.
      const runs = await h.mirror.db
        .selectFrom("sync_runs")
        .selectAll()
        .where("account_id", "=", accountId)
        .where("report_type", "is", null)
        .execute();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ kind: "sync", status: "ok", id: result.run_id });
      const cursors = await readSyncCursors(h.mirror.db, accountId);
      expect(cursors.get("GET_SALES_AND_TRAFFIC_REPORT\tUS")).toBe(`${SANDBOX_END}T23:59:59Z`);
      expect(cursors.get("spCampaigns\tDE")).toBe(`${SANDBOX_END}T23:59:59Z`);
      const status = (await mirrorStatus(h.mirror.db)).accounts.find((a) => a.id === accountId)!;
      expect(status).toMatchObject({
        provider: "spapi",
        connection_state: "connected",
        last_refresh_at: NOW.toISOString(),
      });
      expect(h.sandbox.server.authFailures).toEqual([]);
    },
    T,
  );
});

describe("an incremental sync", () => {
  it(
    "fetches the new day and the overlap only, and doubles nothing",
    async () => {
      const h = await startHarness();
      const accountId = await connectSandbox(h, ["orders", "inventory", "financial", "advertising"]);
      // The sandbox's clock stands a day earlier for the first sync: the last day is not there yet.
      h.clock.now = new Date(NOW.getTime() - 86_400_000);
      await syncAccount(h.mirror, h.syncOptions({ since: SINCE, now: h.clock.now }));
      const before = await counts(h, accountId);
      expect(await dailySales(h.mirror.db, accountId, SANDBOX_END, SANDBOX_END)).toEqual([]);

      h.clock.now = NOW;
      const creates = h.sandbox.server.count("createReport");
      const result = await syncAccount(h.mirror, h.syncOptions({ now: NOW }));
      expect(result.status).toBe("ok");
      const salesDays = result.reports.filter((r) => r.report_type === "GET_SALES_AND_TRAFFIC_REPORT");
      // Three marketplaces, each the new day and the last three days already fetched again (late updates).
      expect(salesDays.map((r) => `${r.marketplace} ${r.period_start}`).sort()).toEqual(
        ["DE", "UK", "US"].flatMap((m) => [-3, -2, -1, 0].map((d) => `${m} ${addDaysIso(SANDBOX_END, d)}`)),
      );
      expect(h.sandbox.server.count("createReport") - creates).toBeLessThan(40);

      const after = await counts(h, accountId);
      const markets = 3;
      const asins = (await h.sandbox.seller.products("US")).length;
      expect(after.daily_sales - before.daily_sales).toBe(markets * asins);
      expect(after.ad_campaign_daily).toBeGreaterThan(before.ad_campaign_daily);
      expect(after.sync_cursors).toBe(before.sync_cursors);
      const synced = await dailySales(h.mirror.db, accountId, SINCE, SANDBOX_END);
      expect(synced).toEqual(await dailySales(h.sandbox.seller.db, DEMO_ACCOUNT_ID, SINCE, SANDBOX_END));

      // Running it again the same day imports the overlap again and changes no count.
      await syncAccount(h.mirror, h.syncOptions({ now: NOW }));
      const again = await counts(h, accountId);
      expect({ ...again, sync_runs: 0 }).toEqual({ ...after, sync_runs: 0 });
    },
    T,
  );
});

describe("throttling and failures", () => {
  it(
    "keeps to Amazon's usage plans and retries 429s and 5xx until every report arrives",
    async () => {
      const h = await startHarness({ rateScale: 1 });
      await connectSandbox(h, ["orders"]);
      h.sandbox.server.failNext("getReport", 3, 500);
      h.sandbox.server.failNext("createReport", 2, 503);
      const result = await syncAccount(h.mirror, h.syncOptions({ since: "2026-11-01" }));
      expect(result.reports.filter((r) => r.status !== "imported")).toEqual([]);
      expect(result.status).toBe("ok");
      expect(result.retried).toBeGreaterThanOrEqual(5);
      // 20 days × 3 marketplaces of Sales and Traffic + orders + listings: past createReport's burst of 15,
      // so the client waited about a minute a report (its documented rate) instead of hammering.
      const creates = h.sandbox.server.count("createReport");
      expect(creates).toBeGreaterThan(15);
      expect(h.time.ms).toBeGreaterThan((creates - 15) * 55_000);
      // The 429s it met were retried after waiting, and every report arrived.
      expect(h.sandbox.server.count("429 createReport")).toBe(result.throttled);
    },
    T,
  );

  it(
    "records a FATAL report, imports the others, and fetches the failed one again next time",
    async () => {
      const h = await startHarness();
      const accountId = await connectSandbox(h, ["orders"]);
      const bad = "2026-11-10";
      h.sandbox.server.failReports(
        (type, start, market) => type === "GET_SALES_AND_TRAFFIC_REPORT" && start === bad && market === "UK",
      );
      const first = await syncAccount(h.mirror, h.syncOptions({ since: "2026-11-05" }));
      expect(first.status).toBe("partial");
      const fatal = first.reports.filter((r) => r.status === "fatal");
      expect(fatal.map((r) => r.label)).toEqual([`Sales and Traffic UK ${bad}`]);
      expect(first.reports.filter((r) => r.status === "imported").length).toBeGreaterThan(40);
      const failedRun = await h.mirror.db
        .selectFrom("sync_runs")
        .selectAll()
        .where("status", "=", "failed")
        .where("report_type", "=", "GET_SALES_AND_TRAFFIC_REPORT")
        .executeTakeFirstOrThrow();
      expect(failedRun).toMatchObject({ kind: "sync", marketplace: "UK" });
      expect(JSON.parse(failedRun.details!).error).toMatch(/FATAL/);
      // The UK cursor stops before the failed day; the others run to the end.
      const cursors = await readSyncCursors(h.mirror.db, accountId);
      expect(cursors.get("GET_SALES_AND_TRAFFIC_REPORT\tUK")).toBe("2026-11-09T23:59:59Z");
      expect(cursors.get("GET_SALES_AND_TRAFFIC_REPORT\tUS")).toBe(`${SANDBOX_END}T23:59:59Z`);
      // That day's UK orders came with the orders report; its traffic did not.
      const ukDay = (await dailySales(h.mirror.db, accountId, bad, bad)).filter((x) => x.marketplace === "UK");
      expect(ukDay.length).toBeGreaterThan(0);
      expect(ukDay.every((x) => x.sessions === 0 && x.page_views === 0)).toBe(true);

      h.sandbox.server.clearFaults();
      const second = await syncAccount(h.mirror, h.syncOptions());
      expect(second.status).toBe("ok");
      expect(second.reports.some((r) => r.label === `Sales and Traffic UK ${bad}` && r.status === "imported")).toBe(
        true,
      );
      expect(await dailySales(h.mirror.db, accountId, "2026-11-05", SANDBOX_END)).toEqual(
        await dailySales(h.sandbox.seller.db, DEMO_ACCOUNT_ID, "2026-11-05", SANDBOX_END),
      );
    },
    T,
  );

  it(
    "renews an access token Amazon says expired, without asking the seller again",
    async () => {
      const h = await startHarness();
      await connectSandbox(h, ["orders"]);
      let expired = false;
      const result = await syncAccount(
        h.mirror,
        h.syncOptions({
          since: "2026-11-15",
          onProgress: (e) => {
            if (!expired && e.phase === "imported") {
              expired = true;
              h.sandbox.server.expireAccessTokens();
            }
          },
        }),
      );
      expect(result.reports.filter((r) => r.status !== "imported")).toEqual([]);
      expect(result.status).toBe("ok");
      expect(h.sandbox.server.authFailures.some((f) => f.includes("expired access token"))).toBe(true);
    },
    T,
  );

  it(
    "marks the account needs_reauth when the refresh token is revoked, says how to reconnect, and reconnects",
    async () => {
      const h = await startHarness();
      const accountId = await connectSandbox(h, ["orders"]);
      h.sandbox.server.revokeRefreshTokens();
      const error = await syncAccount(h.mirror, h.syncOptions({ since: "2026-11-15" })).catch((e) => e);
      expect(error).toMatchObject({ code: "unauthorized" });
      expect(error.message).toMatch(/no longer accepts/);
      expect(error.suggestions.join(" ")).toContain("seller-ai connect amazon --region na --scopes orders");
      const account = await h.mirror.db
        .selectFrom("accounts")
        .selectAll()
        .where("id", "=", accountId)
        .executeTakeFirstOrThrow();
      expect(account.connection_state).toBe("needs_reauth");
      const run = await h.mirror.db
        .selectFrom("sync_runs")
        .selectAll()
        .where("report_type", "is", null)
        .executeTakeFirstOrThrow();
      expect(run.status).toBe("failed");
      // Nothing secret in what the user sees.
      expect(`${error.message} ${error.suggestions.join(" ")} ${run.details}`).not.toMatch(/Atz[ar]\|/);

      const refused = await syncAccount(h.mirror, h.syncOptions()).catch((e) => e);
      expect(refused.message).toMatch(/needs to be reconnected/);

      expect(await connectSandbox(h, ["orders"])).toBe(accountId);
      const result = await syncAccount(h.mirror, h.syncOptions({ since: "2026-11-18" }));
      expect(result.status).toBe("ok");
      const states = await h.mirror.db.selectFrom("connections").select("state").orderBy("created_at").execute();
      expect(states.map((s) => s.state).sort()).toEqual(["connected", "disconnected"]);
    },
    T,
  );
});

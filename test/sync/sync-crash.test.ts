import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNT_ID } from "../../src/demo/plan.js";
import { connectSandbox, SANDBOX_END, startHarness, type Harness } from "../helpers/sandbox-harness.js";

const ROOT = join(import.meta.dirname, "..", "..");
const SINCE = "2026-11-01";

/** `seller-ai sync` in its own process (the built CLI), as a user or a scheduler runs it. */
function syncProcess(h: Harness) {
  const child = spawn(
    process.execPath,
    [join(ROOT, "bin", "seller-ai"), "--db", h.dbPath, "--today", "2026-11-21", "sync", "--since", SINCE, "--json"],
    { env: { ...process.env, ...h.env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ out, err }) };
}

async function reportRuns(h: Harness): Promise<number> {
  const row = await h.mirror.db
    .selectFrom("sync_runs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("report_type", "is not", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function totals(db: Harness["mirror"]["db"], accountId: string) {
  const sales = await db
    .selectFrom("daily_sales")
    .select((eb) => [
      eb.fn.sum<number>("units").as("units"),
      eb.fn.sum<number>("revenue").as("revenue"),
      eb.fn.countAll<number>().as("rows"),
    ])
    .where("account_id", "=", accountId)
    .where("date", ">=", SINCE)
    .executeTakeFirstOrThrow();
  const ads = await db
    .selectFrom("ad_campaign_daily")
    .select((eb) => [eb.fn.sum<number>("spend").as("spend"), eb.fn.countAll<number>().as("rows")])
    .where("account_id", "=", accountId)
    .where("date", ">=", SINCE)
    .executeTakeFirstOrThrow();
  const round = (n: unknown) => Math.round(Number(n) * 100) / 100;
  return {
    units: Number(sales.units),
    revenue: round(sales.revenue),
    rows: Number(sales.rows),
    spend: round(ads.spend),
    adRows: Number(ads.rows),
  };
}

describe("a sync that crashes half-way", () => {
  it("is marked interrupted, and the next sync completes with nothing doubled", { timeout: 240_000 }, async () => {
    // The CLI runs from the build (`npm test` builds first).
    expect(existsSync(join(ROOT, "dist", "cli.mjs")), "dist/cli.mjs: run `npm run build` first").toBe(true);
    const h = await startHarness({ realTime: true, processingPolls: 0, rateScale: 1000 });
    const accountId = await connectSandbox(h, ["orders", "inventory", "financial", "advertising"]);

    const first = syncProcess(h);
    for (let i = 0; i < 2400 && (await reportRuns(h)) < 15; i++) await new Promise((r) => setTimeout(r, 25));
    first.child.kill("SIGKILL");
    await first.exited;
    const done = await reportRuns(h);
    expect(done).toBeGreaterThanOrEqual(15);
    const stuck = await h.mirror.db.selectFrom("sync_runs").selectAll().where("report_type", "is", null).execute();
    expect(stuck.map((r) => r.status)).toEqual(["running"]);

    const second = syncProcess(h);
    expect(await second.exited, second.output().err).toBe(0);
    expect(JSON.parse(second.output().out).status).toBe("ok");
    const runs = await h.mirror.db
      .selectFrom("sync_runs")
      .selectAll()
      .where("report_type", "is", null)
      .orderBy("id")
      .execute();
    expect(runs.map((r) => r.status)).toEqual(["failed", "ok"]);
    expect(JSON.parse(runs[0].details!).error).toBe("interrupted before it finished");

    // Every figure once: the same as the seller's own, however much the first run had written.
    expect(await totals(h.mirror.db, accountId)).toEqual(await totals(h.sandbox.seller.db, DEMO_ACCOUNT_ID));
    const lastDay = await h.mirror.db
      .selectFrom("daily_sales")
      .select((eb) => eb.fn.max("date").as("d"))
      .where("account_id", "=", accountId)
      .executeTakeFirstOrThrow();
    expect(lastDay.d).toBe(SANDBOX_END);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import type { DemoManifest } from "../../src/demo/manifest.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { FINDERS, salesDropRatios, situationKey } from "../helpers/demo-situations.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// One default-scale demo, made through the CLI as a user would, then read back.
const dir = mkdtempSync(join(tmpdir(), "seller-ai-demo-cli-"));
const db = join(dir, "mirror.db");
const TODAY = "2026-11-21";
const END = "2026-11-20";
let generated: { code: number; out: string; err: string };
let manifest: DemoManifest;
let mirror: Mirror;

beforeAll(async () => {
  const io = captureIo();
  const code = await runCli(["--db", db, "--today", TODAY, "demo"], io);
  generated = { code, out: io.out(), err: io.err() };
  const manifestIo = captureIo();
  expect(await runCli(["--db", db, "--today", TODAY, "demo", "--manifest"], manifestIo)).toBe(0);
  manifest = JSON.parse(manifestIo.out());
  mirror = await openMirror(db);
}, 240_000);

afterAll(async () => {
  await mirror?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("seller-ai demo (default scale)", () => {
  it("generates and prints a short summary", () => {
    expect(generated.code).toBe(0);
    expect(generated.err).toBe("");
    expect(generated.out).toMatch(/products: 150 in US, UK, DE/);
    expect(generated.out).toMatch(/history: 2023-11-21 to 2026-11-20/);
    expect(generated.out).toMatch(/in \d+\.\d s/);
  });

  it("ends the history yesterday and covers three years in every marketplace", async () => {
    const rows = await mirror.db
      .selectFrom("daily_sales")
      .select([
        "marketplace",
        (eb) => eb.fn.min("date").as("first"),
        (eb) => eb.fn.max("date").as("last"),
        (eb) => eb.fn.count<number>("asin").distinct().as("asins"),
      ])
      .where("account_id", "=", "demo")
      .groupBy("marketplace")
      .orderBy("marketplace")
      .execute();
    expect(rows.map((r) => [r.marketplace, r.last, Number(r.asins)])).toEqual([
      ["DE", END, 150],
      ["UK", END, 150],
      ["US", END, 150],
    ]);
    for (const r of rows) expect(String(r.first) <= "2024-06-01").toBe(true);
    const inventory = await mirror.db
      .selectFrom("inventory_snapshots")
      .select((eb) => eb.fn.max("date").as("last"))
      .where("account_id", "=", "demo")
      .executeTakeFirstOrThrow();
    expect(inventory.last).toBe(END);
  });

  it("uses exactly the six categories", async () => {
    const rows = await mirror.db
      .selectFrom("products")
      .select("category")
      .distinct()
      .where("account_id", "=", "demo")
      .orderBy("category")
      .execute();
    expect(rows.map((r) => r.category)).toEqual([
      "Beauty & Personal Care",
      "Home & Kitchen",
      "Office Products",
      "Pet Supplies",
      "Sports & Outdoors",
      "Toys & Games",
    ]);
  });

  it("records the account, settings, the run and currency rates", async () => {
    const account = await mirror.db
      .selectFrom("accounts")
      .selectAll()
      .where("id", "=", "demo")
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      provider: "demo",
      home_currency: "USD",
      is_default: 1,
      last_refresh_at: "2026-11-21T12:00:00.000Z",
    });
    const settings = await mirror.db
      .selectFrom("settings")
      .selectAll()
      .where("account_id", "=", "demo")
      .executeTakeFirstOrThrow();
    expect(settings).toMatchObject({ lead_time_days: 30, safety_stock_days: 14, target_acos: 30 });
    const run = await mirror.db.selectFrom("sync_runs").selectAll().where("account_id", "=", "demo").execute();
    expect(run).toHaveLength(1);
    expect(run[0]).toMatchObject({ kind: "demo", status: "ok", period_start: "2023-11-21", period_end: END });
    const rates = await mirror.db
      .selectFrom("currency_rates")
      .select(["currency", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("currency")
      .orderBy("currency")
      .execute();
    expect(rates.map((r) => [r.currency, Number(r.n)])).toEqual([
      ["EUR", 1096],
      ["GBP", 1096],
      ["USD", 1096],
    ]);
  });

  it("shows the demo account in status", async () => {
    const io = captureIo();
    expect(await runCli(["--db", db, "--today", TODAY, "status", "--json"], io)).toBe(0);
    const status = JSON.parse(io.out());
    expect(status.accounts).toHaveLength(1);
    expect(status.accounts[0]).toMatchObject({ id: "demo", provider: "demo", is_default: true });
    expect(
      status.accounts[0].marketplaces.map((m: { marketplace: string; last_date: string }) => [
        m.marketplace,
        m.last_date,
      ]),
    ).toEqual([
      ["DE", END],
      ["UK", END],
      ["US", END],
    ]);
    expect(status.accounts[0].row_counts.daily_sales).toBeGreaterThan(400_000);
  });

  it("prints the manifest without generating again when the mirror already holds it", async () => {
    const runs = await mirror.db.selectFrom("sync_runs").select("id").where("account_id", "=", "demo").execute();
    expect(runs).toHaveLength(1);
    expect(manifest).toMatchObject({ account_id: "demo", seed: 1, scale: "default", end: END });
  });

  const kinds = Object.keys(FINDERS) as (keyof typeof FINDERS)[];
  it.each(kinds)("plants %s: at least 3 in the manifest, and the data shows exactly those", async (kind) => {
    const listed = manifest.situations.filter((s) => s.kind === kind);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    const found = await FINDERS[kind](mirror.db, END);
    expect([...found].sort()).toEqual(listed.map(situationKey).sort());
  });

  it("plants sales drops: at least 3, each well below its own recent level, and no other sizeable product drops like that", async () => {
    const listed = manifest.situations.filter((s) => s.kind === "sales_drop").map(situationKey);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    const ratios = await salesDropRatios(mirror.db, manifest);
    for (const key of listed) expect(ratios.find((r) => r.key === key)!.ratio).toBeLessThan(0.4);
    // The planted anomalies that cost sales (traffic and conversion drops, buy box losses) are drops too.
    const planted = new Set(
      manifest.situations.filter((s) => s.details.direction === "down").map((s) => `${s.marketplace}|${s.asin}`),
    );
    const others = ratios.filter(
      (r) => !listed.includes(r.key) && !planted.has(r.key) && r.baseline >= 5 && r.ratio < 0.5,
    );
    expect(others).toEqual([]);
  });
});

describe("seller-ai demo options", () => {
  it.each([
    ["a seed that is not a number", ["--seed", "abc"], /--seed must be a whole number/],
    ["a negative seed", ["--seed", "-3"], /--seed/],
    ["a malformed end date", ["--end", "2026-02-30"], /--end must be a date as YYYY-MM-DD/],
    ["an unknown scale", ["--scale", "huge"], /--scale must be "default" or "large"/],
  ])("exits 2 naming the option for %s, and writes nothing", async (_label, args, message) => {
    const path = join(dir, `usage-${Math.random().toString(36).slice(2)}.db`);
    const io = captureIo();
    expect(await runCli(["--db", path, "demo", ...args], io)).toBe(2);
    expect(io.err()).toMatch(message);
    expect(io.err().trim().split("\n")).toHaveLength(1);
    expect(io.out()).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { accountChecksum } from "../../src/demo/checksum.js";
import { ensureMirrorData } from "../../src/demo/ensure-demo.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { demoManifest } from "../../src/demo/manifest.js";
import { planDemo } from "../../src/demo/plan.js";
import { Random } from "../../src/demo/random.js";
import { createAccount } from "../../src/store/accounts.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

// The "small" scale (60 products, 120 days, 60 days of ads) keeps these quick;
// the default scale is exercised end to end in demo-cli.test.ts.
const NOW = new Date("2026-11-21T12:00:00.000Z");
const END = "2026-11-20";

async function withMirror<T>(work: (mirror: Mirror) => Promise<T>): Promise<T> {
  const mirror = await openMirror(tempDbPath());
  try {
    return await work(mirror);
  } finally {
    await mirror.close();
  }
}

const generateSmall = (mirror: Mirror, seed: number, end = END) =>
  generateDemo(mirror, { seed, end, scale: "small", now: NOW });

describe("demo generator", () => {
  it("gives the same data for the same seed and end date, and different data for another seed", async () => {
    const [first, again, other] = await Promise.all(
      [5, 5, 6].map((seed) =>
        withMirror(async (mirror) => {
          await generateSmall(mirror, seed);
          return accountChecksum(mirror, "demo");
        }),
      ),
    );
    expect(first).toBe(again);
    expect(other).not.toBe(first);
    expect(Number(first.split(":")[0])).toBeGreaterThan(50_000);
  });

  it("replaces the demo account on a rerun and leaves other accounts untouched", async () => {
    await withMirror(async (mirror) => {
      await createAccount(mirror.db, {
        id: "shop",
        name: "My shop",
        provider: "files",
        homeCurrency: "USD",
        marketplaces: [{ code: "US", currency: "USD" }],
        isDefault: true,
        createdAt: NOW.toISOString(),
      });
      await mirror.db
        .insertInto("daily_sales")
        .values([
          { account_id: "shop", marketplace: "US", asin: "B0SHOP0001", date: "2026-11-01", units: 3, revenue: 59.97 },
          { account_id: "shop", marketplace: "US", asin: "B0SHOP0001", date: "2026-11-02", units: 4, revenue: 79.96 },
        ])
        .execute();
      const shopBefore = await accountChecksum(mirror, "shop");
      await generateSmall(mirror, 5, "2026-10-31");
      await generateSmall(mirror, 5);
      const generatedOnce = await withMirror(async (fresh) => {
        await generateSmall(fresh, 5);
        return fresh.db
          .selectFrom("daily_sales")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("account_id", "=", "demo")
          .executeTakeFirstOrThrow();
      });
      const rows = await mirror.db
        .selectFrom("daily_sales")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("account_id", "=", "demo")
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(Number(generatedOnce.n));
      const last = await mirror.db
        .selectFrom("daily_sales")
        .select((eb) => eb.fn.max("date").as("d"))
        .where("account_id", "=", "demo")
        .executeTakeFirstOrThrow();
      expect(last.d).toBe(END);
      expect(await accountChecksum(mirror, "shop")).toBe(shopBefore);
      const accounts = await mirror.db.selectFrom("accounts").select(["id", "is_default"]).orderBy("id").execute();
      // The user's own default account stays the default.
      expect(accounts).toEqual([
        { id: "demo", is_default: 0 },
        { id: "shop", is_default: 1 },
      ]);
      const runs = await mirror.db
        .selectFrom("sync_runs")
        .select("period_end")
        .where("account_id", "=", "demo")
        .execute();
      expect(runs).toEqual([{ period_end: END }]);
    });
  });

  it("lists at least three instances of every kind in the manifest, deterministically", () => {
    const manifest = demoManifest({ seed: 9, end: END });
    const kinds = new Map<string, number>();
    for (const s of manifest.situations) kinds.set(s.kind, (kinds.get(s.kind) ?? 0) + 1);
    expect([...kinds.keys()].sort()).toEqual([
      "acos_spike",
      "buy_box_drop",
      "buy_box_loss",
      "catalog_gap",
      "competitor_price_change",
      "competitor_undercut",
      "conversion_drop",
      "high_acos_campaign",
      "keyword_opportunity",
      "low_acos_campaign",
      "low_stock",
      "overstock",
      "rating_decline",
      "refund_spike",
      "sales_drop",
      "sales_spike",
      "traffic_drop",
      "wasted_search_term",
    ]);
    for (const n of kinds.values()) expect(n).toBeGreaterThanOrEqual(3);
    expect(demoManifest({ seed: 9, end: END })).toEqual(manifest);
  });

  it.each([
    ["a large scale", "large", 2000],
    ["the default scale", "default", 150],
  ] as const)("plans %s with unique ASINs and SKUs", (_label, scale, asins) => {
    const plan = planDemo({ seed: 3, end: END, scale });
    expect(plan.products).toHaveLength(asins);
    expect(new Set(plan.products.map((p) => p.asin)).size).toBe(asins);
    expect(new Set(plan.products.map((p) => p.sku)).size).toBe(asins);
    expect(plan.dates[plan.dates.length - 1]).toBe(END);
    expect(plan.dates).toHaveLength(1096);
  });

  it.each([
    ["an empty mirror gets the demo seller and one notice", false, true, 1],
    ["a mirror with an account is left alone", true, false, 0],
  ])("ensureMirrorData: %s", async (_label, withAccount, generated, notices) => {
    await withMirror(async (mirror) => {
      if (withAccount) {
        await createAccount(mirror.db, {
          id: "shop",
          name: "My shop",
          provider: "files",
          homeCurrency: "USD",
          marketplaces: [],
          createdAt: NOW.toISOString(),
        });
      }
      const lines: string[] = [];
      expect(await ensureMirrorData(mirror, { now: NOW, notice: (l) => lines.push(l), scale: "small" })).toBe(
        generated,
      );
      expect(lines).toHaveLength(notices);
      if (notices) expect(lines[0]).toMatch(/empty.*demo seller.*seller-ai import FILE/);
      const demo = await mirror.db.selectFrom("accounts").select("id").where("id", "=", "demo").execute();
      expect(demo).toHaveLength(generated ? 1 : 0);
      if (generated) {
        const last = await mirror.db
          .selectFrom("daily_sales")
          .select((eb) => eb.fn.max("date").as("d"))
          .executeTakeFirstOrThrow();
        expect(last.d).toBe(END);
      }
    });
  });

  it("draws the same stream for the same labels", () => {
    const a = Random.for(1, "x", 2);
    const b = Random.for(1, "x", 2);
    const c = Random.for(2, "x", 2);
    const drawsA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(drawsA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(drawsA);
    for (const x of drawsA) expect(x >= 0 && x < 1).toBe(true);
  });
});

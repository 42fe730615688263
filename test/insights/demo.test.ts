// The demo seller (default scale, as users get it): every planted anomaly is
// found by the scan, the seller generated without anomalies stays nearly
// quiet, and every insight type gives complete findings whose numbers agree
// with what `ask` answers for the same period.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnalyticsContext } from "../../src/analytics/facts/context.js";
import { answer, answerUnderstanding } from "../../src/answer/answer.js";
import { addDaysIso, nowForToday } from "../../src/core/dates.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { ANOMALY_SIGNATURES, demoManifest, type DemoSituation } from "../../src/demo/manifest.js";
import {
  DETAIL_LEVELS,
  findStoredFinding,
  INSIGHT_TYPES,
  runInsights,
  scanAnomalies,
  type Anomaly,
  type Finding,
  type InsightsResult,
} from "../../src/insights/index.js";
import { INTENT_AREAS } from "../../src/core/understanding.js";
import { resolveAccount } from "../../src/store/accounts.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";

const END = "2026-11-20";
const TODAY = "2026-11-21";
const now = nowForToday(TODAY);
let mirror: Mirror;
let clean: Mirror;

beforeAll(async () => {
  mirror = await openMirror(":memory:");
  await generateDemo(mirror, { seed: 1, end: END, now });
  clean = await openMirror(":memory:");
  await generateDemo(clean, { seed: 1, end: END, now, anomalies: false });
}, 600_000);
afterAll(async () => {
  await mirror?.close();
  await clean?.close();
});

async function context(m: Mirror, today = TODAY) {
  const account = (await resolveAccount(m.db, "demo"))!;
  return createAnalyticsContext(m.db, account, nowForToday(today), today);
}

const metricsOf = (s: DemoSituation) => [
  String(s.details.metric),
  ...String(s.details.also).split(",").filter(Boolean),
];
const matches = (a: Anomaly, s: DemoSituation) =>
  a.marketplace === s.marketplace &&
  a.asin === s.asin &&
  metricsOf(s).includes(a.metric) &&
  a.start <= s.to &&
  String(s.details.started ?? s.from) <= a.end;

describe("planted anomalies", () => {
  it("lists the anomalies it plants in the manifest, with the metric a detector should report", () => {
    const manifest = demoManifest({ seed: 1, end: END });
    const planted = manifest.situations.filter((s) => s.kind in ANOMALY_SIGNATURES);
    expect(new Set(planted.map((s) => s.kind))).toEqual(
      new Set([
        "sales_drop",
        "buy_box_drop",
        "sales_spike",
        "traffic_drop",
        "conversion_drop",
        "buy_box_loss",
        "refund_spike",
        "acos_spike",
      ]),
    );
    for (const s of planted) {
      expect(s.details.metric).toEqual(expect.any(String));
      expect(["up", "down"]).toContain(s.details.direction);
      expect(s.from <= s.to && s.to <= END).toBe(true);
    }
    expect(manifest.anomalies).toBe(true);
    const none = demoManifest({ seed: 1, end: END, anomalies: false });
    expect(none.anomalies).toBe(false);
    expect(none.situations.filter((s) => s.kind in ANOMALY_SIGNATURES)).toEqual([]);
    // Everything else is planted the same way.
    const rest = (m: typeof manifest) => m.situations.filter((s) => !(s.kind in ANOMALY_SIGNATURES));
    expect(rest(none)).toEqual(rest(manifest));
  });

  it("finds every planted anomaly, and hardly anything else", async () => {
    const planted = demoManifest({ seed: 1, end: END }).situations.filter((s) => s.kind in ANOMALY_SIGNATURES);
    const scan = await scanAnomalies(await context(mirror));
    const missed = planted.filter(
      (s) =>
        !scan.anomalies.some(
          (a) => matches(a, s) && (a.metric !== s.details.metric || a.direction === s.details.direction),
        ),
    );
    expect(missed.map((s) => `${s.kind} ${s.marketplace} ${s.asin}`)).toEqual([]);
    const stray = scan.anomalies.filter((a) => !planted.some((s) => matches(a, s)));
    expect(stray.length / scan.anomalies.length).toBeLessThanOrEqual(0.1);
  }, 120_000);

  it("finds at most one anomaly per 1,000 product-weeks on the seller without anomalies", async () => {
    let found = 0;
    let productWeeks = 0;
    for (let w = 0; w < 6; w++) {
      const end = addDaysIso(END, -14 * w);
      const scan = await scanAnomalies(await context(clean, addDaysIso(end, 1)), {
        window: { start: addDaysIso(end, -13), end },
      });
      found += scan.anomalies.length;
      productWeeks += scan.products * 2;
    }
    expect(productWeeks).toBe(450 * 2 * 6);
    expect((found / productWeeks) * 1000).toBeLessThanOrEqual(1);
  }, 120_000);
});

function expectComplete(f: Finding, result: InsightsResult) {
  expect(f.id).toMatch(/^ins_[0-9a-f]{16}$/);
  expect(f.type).toBe(result.insight_type);
  expect(["critical", "high", "medium", "low"]).toContain(f.severity);
  for (const text of [f.kind, f.title, f.summary, f.money_basis, f.recommendation, f.follow_up])
    expect(text.length).toBeGreaterThan(0);
  // One sentence, written from its numbers.
  expect(f.summary).toMatch(/\d/);
  expect(f.summary.trim().endsWith(".")).toBe(true);
  expect(f.money_at_stake).toBeGreaterThanOrEqual(0);
  expect(f.currency).toBe("USD");
  expect(f.confidence).toBeGreaterThan(0);
  expect(f.confidence).toBeLessThanOrEqual(1);
  expect(f.evidence.metric.length).toBeGreaterThan(0);
  expect(f.evidence.period.start <= f.evidence.period.end).toBe(true);
  expect(Object.keys(f.entities).length).toBeGreaterThan(0);
}

describe.each(INSIGHT_TYPES)("%s insights", (type) => {
  const results = new Map<string, InsightsResult>();
  beforeAll(async () => {
    for (const detail of DETAIL_LEVELS) results.set(detail, await runInsights(await context(mirror), { type, detail }));
  }, 300_000);

  it("gives complete findings, ranked by money at stake, for the last 30 days", () => {
    const result = results.get("comprehensive")!;
    expect(result.period).toEqual({ start: "2026-10-22", end: END });
    expect(result.total).toBeGreaterThan(0);
    expect(result.insights).toHaveLength(result.total);
    for (const f of result.insights) expectComplete(f, result);
    const money = result.insights.map((f) => f.money_at_stake);
    expect(money).toEqual([...money].sort((a, b) => b - a));
    expect(new Set(result.insights.map((f) => f.id)).size).toBe(result.total);
  });

  it("shows the top 5 at summary, the top 10 with evidence at detailed, all with tables and charts at comprehensive", () => {
    const all = results.get("comprehensive")!.insights;
    const summary = results.get("summary")!;
    const detailed = results.get("detailed")!;
    expect(summary.insights.map((f) => f.id)).toEqual(all.slice(0, 5).map((f) => f.id));
    expect(detailed.insights.map((f) => f.id)).toEqual(all.slice(0, 10).map((f) => f.id));
    expect(summary.insights.every((f) => f.evidence_table === undefined && f.chart === undefined)).toBe(true);
    expect(all.some((f) => Array.isArray(f.evidence_table))).toBe(true);
  });

  it("gives a finding the same id on the next run", async () => {
    const again = await runInsights(await context(mirror), { type, detail: "summary" });
    expect(again.insights.map((f) => f.id)).toEqual(results.get("summary")!.insights.map((f) => f.id));
  });

  it("asks follow-up questions that ask understands and answers", async () => {
    for (const f of results.get("detailed")!.insights) {
      const answered = await answer(f.follow_up, { db: mirror.db, now });
      expect(answered.body.result.analysis).toBeDefined();
      if (f.entities.marketplace) expect(answered.understanding.filters.marketplace).toBe(f.entities.marketplace);
    }
  }, 120_000);
});

describe("numbers agree with ask", () => {
  it("a mover's revenue and the previous period's are what ask compares for the product", async () => {
    const result = await runInsights(await context(mirror), { type: "performance", detail: "comprehensive" });
    const movers = result.insights.filter((f) => f.kind.startsWith("top_mover")).slice(0, 4);
    expect(movers.length).toBeGreaterThan(0);
    for (const f of movers) {
      const asked = await answerUnderstanding(
        {
          intent: "sales_summary",
          area: INTENT_AREAS.sales_summary,
          confidence: 1,
          filters: {
            date_range: f.evidence.period,
            timeframe: "custom",
            asin: f.entities.asin,
            marketplace: f.entities.marketplace as never,
          },
          interpretation: "test",
        },
        { db: mirror.db, now },
      );
      expect((asked.body.result.totals as Record<string, number>).revenue).toBe(f.evidence.observed);
    }
  });

  it("an anomaly's revenue over its days is what ask totals for those days", async () => {
    const scan = await scanAnomalies(await context(mirror));
    const revenue = scan.anomalies.filter((a) => a.metric === "revenue").slice(0, 5);
    expect(revenue.length).toBeGreaterThan(0);
    for (const a of revenue) {
      const asked = await answerUnderstanding(
        {
          intent: "sales_summary",
          area: INTENT_AREAS.sales_summary,
          confidence: 1,
          filters: {
            date_range: { start: a.start, end: a.end },
            timeframe: "custom",
            asin: a.asin,
            marketplace: a.marketplace as never,
          },
          interpretation: "test",
        },
        { db: mirror.db, now },
      );
      expect((asked.body.result.totals as Record<string, number>).revenue).toBe(a.observed);
    }
  });
});

describe("the insights and anomalies intents of ask", () => {
  const ask = (intent: "insights" | "anomalies", filters: Record<string, unknown>) =>
    answerUnderstanding(
      { intent, area: INTENT_AREAS[intent], confidence: 1, filters, interpretation: `Test of ${intent}` },
      { db: mirror.db, now },
    );

  it("answers insights with the run's findings as rows, for the type asked, risks when none is named", async () => {
    const named = await ask("insights", { insight_type: "opportunities", detail_level: "detailed" });
    expect(named.primaryKey).toBe("insights");
    expect(named.body.result).toMatchObject({ insight_type: "opportunities", detail_level: "detailed" });
    const rows = named.body.result.insights as Record<string, unknown>[];
    expect(rows.length).toBe(10);
    expect(rows[0]).toMatchObject({ rank: 1, id: expect.stringMatching(/^ins_/), money_at_stake: expect.any(Number) });
    const direct = await runInsights(await context(mirror), { type: "opportunities", detail: "detailed" });
    expect(rows.map((r) => r.id)).toEqual(direct.insights.map((f) => f.id));
    // Stored, so what ask showed can be fetched again by id.
    expect(named.body.result.run_id).toMatch(/^run_/);
    const stored = await findStoredFinding(mirror.db, String(rows[0].id), "demo");
    expect(stored.finding).toEqual(direct.insights[0]);
    const unnamed = await ask("insights", {});
    expect(unnamed.body.result.insight_type).toBe("risks");
    expect(String((unnamed.body.result.analysis as { summary: string }).summary)).toMatch(/risks findings/);
  });

  it("answers anomalies for the period and metric asked, the largest money first", async () => {
    const answered = await ask("anomalies", {
      timeframe: "last_7_days",
      date_range: { start: "2026-11-14", end: END },
      metrics: ["buy_box_percentage"],
    });
    const rows = answered.body.result.anomalies as Record<string, any>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.metric === "buy_box_percentage" && r.end >= "2026-11-14")).toBe(true);
    expect(answered.body.result.window).toEqual({ start: "2026-11-14", end: END });
    const planted = demoManifest({ seed: 1, end: END }).situations.filter((s) => s.kind === "buy_box_loss");
    for (const s of planted) expect(rows.some((r) => r.asin === s.asin && r.marketplace === s.marketplace)).toBe(true);
    expect(String((answered.body.result.analysis as { summary: string }).summary)).toMatch(/anomal/);
  });

  it("says when nothing is unusual", async () => {
    const answered = await answerUnderstanding(
      { intent: "anomalies", area: "insights", confidence: 1, filters: { asin: "B0NOTSOLD1" }, interpretation: "test" },
      { db: clean.db, now },
    );
    expect(answered.body.result.anomalies).toEqual([]);
    expect(String((answered.body.result.analysis as { summary: string }).summary)).toMatch(/^Nothing unusual/);
  });
});

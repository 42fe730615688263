// One period, one number: a period's totals agree to the cent however it is
// asked (alone, as either side of a comparison, as a trend's bucket) in every
// currency view, even when exchange rates move inside the data; comparisons
// are like for like; a trend never judges a partial bucket; a missing rate is
// a clear error, never a crash or a NaN.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSmallMirror, FIXTURE_TODAY } from "../helpers/small-mirror.js";
import { answerUnderstanding } from "../../src/answer/answer.js";
import { nowForToday } from "../../src/core/dates.js";
import { comparisonRange } from "../../src/core/timeframe.js";
import { isSellerAiError } from "../../src/core/errors.js";
import { INTENT_AREAS, type Filters, type Intent } from "../../src/core/understanding.js";
import type { Mirror } from "../../src/store/open-mirror.js";

let mirror: Mirror;

beforeAll(async () => {
  mirror = await buildSmallMirror();
  // Rates that move inside the data: a conversion at the wrong day shows up as a different total.
  await sql`insert into currency_rates (currency, quote, date, rate) values
    ('GBP', 'USD', '2026-09-30', 1.2), ('GBP', 'USD', '2026-10-31', 1.3), ('GBP', 'USD', '2026-11-15', 1.35)`.execute(
    mirror.db,
  );
});
afterAll(async () => {
  await mirror.close();
});

async function ask(intent: Intent, filters: Filters, today = FIXTURE_TODAY) {
  const answered = await answerUnderstanding(
    { intent, area: INTENT_AREAS[intent], confidence: 1, filters, interpretation: "test" },
    { db: mirror.db, now: nowForToday(today) },
  );
  return answered.body.result as Record<string, any>;
}

const OCTOBER = { start: "2026-10-01", end: "2026-10-31" };
const revenueOf = (result: Record<string, any>, side: "current" | "previous") =>
  result.comparison.find((c: { metric: string }) => c.metric === "revenue")[side];

describe("October gives one revenue however it is asked", () => {
  const views: { name: string; marketplace?: string }[] = [
    { name: "all marketplaces in USD" },
    { name: "the UK in GBP", marketplace: "UK" },
    { name: "the US in USD", marketplace: "US" },
  ];
  for (const view of views) {
    it(`agrees to the cent in ${view.name}`, async () => {
      const m = view.marketplace ? { marketplace: view.marketplace } : {};
      const alone = (await ask("sales_summary", { timeframe: "2026-10", date_range: OCTOBER, ...m })).totals.revenue;
      const asCurrent = revenueOf(
        await ask("sales_comparison", {
          timeframe: "2026-10",
          date_range: OCTOBER,
          compare_to: "previous_period",
          ...m,
        }),
        "current",
      );
      const asPrevious = revenueOf(
        await ask(
          "sales_comparison",
          {
            timeframe: "2026-11",
            date_range: { start: "2026-11-01", end: "2026-11-30" },
            compare_to: "previous_period",
            ...m,
          },
          "2026-12-05",
        ),
        "previous",
      );
      const trend = await ask("sales_trend", {
        timeframe: "2026-09-01..2026-11-20",
        date_range: { start: "2026-09-01", end: "2026-11-20" },
        group_by: "month",
        ...m,
      });
      const bucket = trend.series.find((row: { period: string }) => row.period === "2026-10-01").revenue;
      expect(alone).toBeGreaterThan(0);
      expect([asCurrent, asPrevious, bucket]).toEqual([alone, alone, alone]);
    });
  }
});

describe("comparisons are like for like", () => {
  const cases: { asked: string; filters: Filters; current: string; previous: string }[] = [
    {
      asked: "this month vs last month, running (data through the 20th)",
      filters: { timeframe: "this_month", compare_to: "last_month" },
      current: "2026-11-01..2026-11-20",
      previous: "2026-10-01..2026-10-20",
    },
    {
      asked: "this month against the previous period",
      filters: { timeframe: "this_month", compare_to: "previous_period" },
      current: "2026-11-01..2026-11-20",
      previous: "2026-10-01..2026-10-20",
    },
    {
      asked: "last month vs the month before",
      filters: { timeframe: "last_month", compare_to: "previous_period" },
      current: "2026-10-01..2026-10-31",
      previous: "2026-09-01..2026-09-30",
    },
    {
      asked: "October against the previous period",
      filters: { timeframe: "2026-10", compare_to: "previous_period" },
      current: "2026-10-01..2026-10-31",
      previous: "2026-09-01..2026-09-30",
    },
    {
      asked: "a rolling 30 days",
      filters: { timeframe: "last_30_days", compare_to: "previous_period" },
      current: "2026-10-22..2026-11-20",
      previous: "2026-09-22..2026-10-21",
    },
    {
      asked: "this week so far",
      filters: { timeframe: "this_week", compare_to: "previous_period" },
      current: "2026-11-16..2026-11-20",
      previous: "2026-11-09..2026-11-13",
    },
  ];
  for (const c of cases) {
    it(`compares ${c.current} with ${c.previous}: ${c.asked}, and says which dates`, async () => {
      const result = await ask("sales_comparison", c.filters);
      const span = (p: { start: string; end: string }) => `${p.start}..${p.end}`;
      expect(span(result.current_period)).toBe(c.current);
      expect(span(result.previous_period)).toBe(c.previous);
      const [ps, pe] = c.previous.split("..");
      expect(result.analysis.summary).toContain(`${ps} to ${pe}`);
    });
  }

  const ranges: { range: string; compareTo: string; token?: string; today: string; expected: string }[] = [
    {
      range: "2026-11-01..2026-11-21",
      compareTo: "last_month",
      today: "2026-11-21",
      expected: "2026-10-01..2026-10-21",
    },
    {
      range: "2026-03-01..2026-03-31",
      compareTo: "previous_period",
      token: "2026-03",
      today: "2026-11-21",
      expected: "2026-02-01..2026-02-28",
    },
    {
      range: "2026-07-01..2026-09-30",
      compareTo: "previous_period",
      token: "2026-Q3",
      today: "2026-11-21",
      expected: "2026-04-01..2026-06-30",
    },
    {
      range: "2026-01-01..2026-11-21",
      compareTo: "previous_period",
      token: "year_to_date",
      today: "2026-11-21",
      expected: "2025-01-01..2025-11-21",
    },
    {
      range: "2026-10-22..2026-11-20",
      compareTo: "same_period_last_year",
      token: "last_30_days",
      today: "2026-11-21",
      expected: "2025-10-22..2025-11-20",
    },
  ];
  for (const r of ranges) {
    it(`compares ${r.range} (${r.token ?? "no token"}) against ${r.compareTo} as ${r.expected}`, () => {
      const [start, end] = r.range.split("..");
      const got = comparisonRange({ start, end }, r.compareTo, r.today, r.token);
      expect(`${got.start}..${got.end}`).toBe(r.expected);
    });
  }
});

describe("a trend judges only whole buckets", () => {
  const cases: { asked: string; filters: Filters; partial: string[] }[] = [
    {
      asked: "weekly, from a Tuesday to a Friday",
      filters: {
        timeframe: "2026-09-08..2026-11-20",
        date_range: { start: "2026-09-08", end: "2026-11-20" },
        group_by: "week",
      },
      partial: ["2026-09-07", "2026-11-16"],
    },
    {
      asked: "monthly, the data stopping on the 20th",
      filters: { timeframe: "year_to_date", group_by: "month" },
      partial: ["2026-11-01"],
    },
  ];
  for (const c of cases) {
    it(`marks ${c.partial.join(", ")} partial and never calls one highest or lowest: ${c.asked}`, async () => {
      const result = await ask("sales_trend", c.filters);
      const marked = result.series.filter((row: { partial: boolean }) => row.partial).map((row: any) => row.period);
      expect(marked).toEqual(c.partial);
      const judged = /Highest (\S+) .*lowest (\S+) /.exec(result.analysis.summary);
      expect(judged).not.toBeNull();
      expect(c.partial).not.toContain(judged![1]);
      expect(c.partial).not.toContain(judged![2]);
      expect(result.analysis.summary).toContain("left out of the comparison");
      expect(result.analysis.recommendation).not.toMatch(new RegExp(c.partial.join("|")));
    });
  }
});

describe("a missing exchange rate is a clear answer", () => {
  let bare: Mirror;
  beforeAll(async () => {
    bare = await buildSmallMirror();
    await sql`delete from currency_rates`.execute(bare.db);
  });
  afterAll(async () => {
    await bare.close();
  });
  const intents: { intent: Intent; filters: Filters }[] = [
    { intent: "sales_trend", filters: { timeframe: "last_30_days" } },
    { intent: "sales_summary", filters: { timeframe: "last_month" } },
    { intent: "sales_comparison", filters: { timeframe: "last_month", compare_to: "previous_period" } },
    { intent: "top_products", filters: { timeframe: "last_30_days", metrics: ["revenue"] } },
    { intent: "acos_by_campaign", filters: { timeframe: "last_30_days" } },
  ];
  for (const { intent, filters } of intents) {
    it(`${intent} across GBP and USD names the missing rate`, async () => {
      const error = await answerUnderstanding(
        { intent, area: INTENT_AREAS[intent], confidence: 1, filters, interpretation: "test" },
        { db: bare.db, now: nowForToday(FIXTURE_TODAY) },
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      // Ads run in the US only: their totals need no rate and answer.
      if (intent === "acos_by_campaign") return expect(error).toBeUndefined();
      expect(isSellerAiError(error) && error.code).toBe("missing_exchange_rate");
      expect((error as Error).message).toMatch(/GBP and USD/);
    });
  }
  it("one marketplace in its own currency still answers", async () => {
    const answered = await answerUnderstanding(
      {
        intent: "sales_trend",
        area: "performance",
        confidence: 1,
        filters: { timeframe: "last_30_days", marketplace: "UK" },
        interpretation: "test",
      },
      { db: bare.db, now: nowForToday(FIXTURE_TODAY) },
    );
    const series = (answered.body.result as any).series as { revenue: number }[];
    expect(series.every((row) => Number.isFinite(row.revenue) && row.revenue > 0)).toBe(true);
  });
});

// answer(): the one function the CLI and the API call. Parsing, overrides,
// conversations, formats and determinism, on the small fixture mirror.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "vega-lite";
import { buildSmallMirror, FIXTURE_TODAY } from "../helpers/small-mirror.js";
import { answer, explainSql, type AnswerOptions } from "../../src/answer/answer.js";
import { nowForToday } from "../../src/core/dates.js";
import { SellerAiError } from "../../src/core/errors.js";
import type { Mirror } from "../../src/store/open-mirror.js";
import { answerBodyAs } from "../../src/render/answer-output.js";

let mirror: Mirror;
const now = nowForToday(FIXTURE_TODAY);
const opts = (extra: Partial<AnswerOptions> = {}): AnswerOptions => ({ db: mirror.db, now, ...extra });

beforeAll(async () => {
  mirror = await buildSmallMirror();
});
afterAll(async () => {
  await mirror.close();
});

describe("answer()", () => {
  it.each([
    "top 5 products by revenue last 30 days",
    "how much did I sell last month",
    "what is my ACoS by campaign",
    "what runs out in the next 2 weeks",
  ])("gives the same result twice for %j with the same today and data", async (question) => {
    const a = await answer(question, opts());
    const b = await answer(question, opts());
    expect(b.body.result).toEqual(a.body.result);
    expect(b.body.metadata.query_understanding).toEqual(a.body.metadata.query_understanding);
    expect(b.body.metadata.data_freshness).toEqual(a.body.metadata.data_freshness);
    expect(a.body.metadata.processing_time).toMatch(/^\d+\.\d{3}s$/);
    expect(a.body.request_id).toMatch(/^req_/);
    expect(a.body.metadata.conversation_id).toMatch(/^conv_/);
    expect((a.body.result.analysis as { summary: string }).summary).toMatch(/\d/);
  });

  it("answers the parsed intent with its primary table", async () => {
    const a = await answer("top 2 products by revenue last 30 days", opts());
    expect(a.understanding).toMatchObject({ intent: "top_products", filters: { limit: 2, timeframe: "last_30_days" } });
    expect(a.primaryKey).toBe("top_products");
    expect((a.body.result.top_products as { asin: string }[]).map((r) => r.asin)).toEqual(["B0KNIFE001", "B0PAN00002"]);
    expect(a.body.metadata.data_freshness).toBe("2026-11-20T23:59:59Z");
    expect(explainSql(a)).toMatch(/select .* from /);
  });

  it("throws invalid_query with suggestions for a question it cannot answer", async () => {
    const error = await answer("what is the weather in Paris tomorrow", opts()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SellerAiError);
    expect((error as SellerAiError).code).toBe("invalid_query");
    expect((error as SellerAiError).suggestions.length).toBeGreaterThan(0);
  });

  it.each([
    [{ marketplace: "XX" }, "marketplace"],
    [{ timeframe: "last_fortnight" }, "timeframe"],
    [{ limit: 0 }, "limit"],
    [{ limit: 2.5 }, "limit"],
  ] as const)("rejects the override %j naming the field", async (override, field) => {
    const error = (await answer("top 5 products", opts(override)).catch((e: unknown) => e)) as SellerAiError;
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain(field);
    expect(error.details.field).toBe(field);
  });

  it("lets explicit marketplace and timeframe override the parsed ones", async () => {
    const a = await answer(
      "top 5 products by revenue in the US last month",
      opts({ marketplace: "uk", timeframe: "last_7_days" }),
    );
    expect(a.understanding.filters).toMatchObject({
      marketplace: "UK",
      timeframe: "last_7_days",
      date_range: { start: "2026-11-14", end: "2026-11-20" },
    });
    expect((a.body.result.top_products as { currency: string }[])[0].currency).toBe("GBP");
  });

  it("lets an explicit limit override the parsed one", async () => {
    const a = await answer("top 5 products by revenue last month", opts({ limit: 2 }));
    expect(a.understanding.filters.limit).toBe(2);
    expect(a.body.result.top_products).toHaveLength(2);
  });

  it("continues a conversation: a follow-up keeps what it does not change", async () => {
    const first = await answer("top 5 products by revenue in the US last month", opts());
    const next = await answer("what about the UK?", opts({ conversationId: first.body.metadata.conversation_id }));
    expect(next.body.metadata.conversation_id).toBe(first.body.metadata.conversation_id);
    expect(next.understanding).toMatchObject({
      intent: "top_products",
      filters: { marketplace: "UK", timeframe: "last_month" },
    });
  });

  it("returns data only: no csv or chart in the result", async () => {
    const a = await answer("top 3 products by revenue last 30 days", opts());
    expect(Object.keys(a.body.result)).not.toContain("csv");
    expect(Object.keys(a.body.result)).not.toContain("chart");
  });

  it("renders as csv in result.csv: the primary table", async () => {
    const a = await answerBodyAs(await answer("top 3 products by revenue last 30 days", opts()), "csv");
    const lines = String(a.result.csv).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^asin,title,/);
    expect(lines).toHaveLength(4);
  });

  it("renders as chart_data in result.chart: a Vega-Lite v5 spec with the data inline that compiles", async () => {
    const a = await answerBodyAs(await answer("daily revenue for the last 30 days", opts()), "chart_data");
    const spec = a.result.chart as { $schema: string; data: { values: unknown[] } };
    expect(spec.$schema).toContain("vega-lite/v5");
    expect(spec.data.values.length).toBe(30);
    expect(() => compile(spec as never)).not.toThrow();
  });

  it("calls authorize with the understanding before the analytics, and its error stops the answer", async () => {
    const seen: string[] = [];
    const error = await answer(
      "top 5 products last year",
      opts({
        authorize: (u) => {
          seen.push(u.filters.timeframe ?? "");
          throw new SellerAiError("timeframe_exceeds_plan", "plan allows 90 days");
        },
      }),
    ).catch((e: unknown) => e);
    expect(seen).toEqual(["last_year"]);
    expect((error as SellerAiError).code).toBe("timeframe_exceeds_plan");
  });

  it("refuses an account outside the allowed workspace accounts", async () => {
    const error = (await answer("top 5 products", opts({ accountId: "acme", accountIds: ["other"] })).catch(
      (e: unknown) => e,
    )) as SellerAiError;
    expect(error.code).toBe("not_found");
  });

  it("uses the injected timer for processing_time", async () => {
    let t = 0;
    const a = await answer("how much did I sell yesterday", opts({ timer: () => (t += 6) }));
    expect(a.body.metadata.processing_time).toMatch(/^0\.\d{3}s$/);
    expect(Number(a.body.metadata.processing_time.slice(0, -1))).toBeGreaterThan(0);
  });
});

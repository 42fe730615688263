import { describe, expect, it } from "vitest";
import { prefersCsv } from "../../src/api/accept.js";
import { toSellerAiError } from "../../src/api/api-error.js";
import { earliestAllowedDate, planTimeframeGuard } from "../../src/api/plan-timeframe.js";
import { rateLimitHeaders, secondsToMidnightUtc } from "../../src/api/rate-limit-headers.js";
import { SellerAiError } from "../../src/core/errors.js";
import type { Understanding } from "../../src/core/understanding.js";

describe("prefersCsv", () => {
  it.each([
    [undefined, false],
    ["application/json", false],
    ["text/csv", true],
    ["TEXT/CSV; charset=utf-8", true],
    ["text/csv;q=0", false],
    ["application/json, text/csv", false],
    ["application/json;q=0.5, text/csv", true],
    ["text/csv;q=0.4, application/json;q=0.5", false],
    ["*/*", false],
  ])("%s → %s", (accept, expected) => {
    expect(prefersCsv(accept)).toBe(expected);
  });
});

describe("secondsToMidnightUtc", () => {
  it.each([
    ["2026-11-21T12:00:00.000Z", 43_200],
    ["2026-11-21T23:59:59.000Z", 1],
    ["2026-11-21T23:59:59.900Z", 1],
    ["2026-11-21T00:00:00.000Z", 86_400],
    ["2026-12-31T18:00:00.000Z", 21_600],
  ])("at %s: %i s", (at, seconds) => {
    expect(secondsToMidnightUtc(new Date(at))).toBe(seconds);
  });
});

describe("rateLimitHeaders", () => {
  const base = { secondsToReset: 3600, resetAt: 1_795_305_600, burstResetSeconds: 1, nowSeconds: 1_795_302_000 };
  it.each([
    [
      "a daily quota",
      { ...base, daily: { limit: 100, used: 58 }, burst: { limit: 10, remaining: 9 } },
      {
        "x-ratelimit-limit": "100",
        "x-ratelimit-remaining": "42",
        "x-ratelimit-reset": "1795305600",
        "ratelimit-policy": '"daily";q=100;w=86400, "burst";q=10;w=1',
        ratelimit: '"daily";r=42;t=3600',
      },
    ],
    [
      "a spent daily quota",
      { ...base, daily: { limit: 100, used: 100 }, burst: { limit: 10, remaining: 9 }, refusedBy: "daily" as const },
      {
        "x-ratelimit-limit": "100",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1795305600",
        "ratelimit-policy": '"daily";q=100;w=86400, "burst";q=10;w=1',
        ratelimit: '"daily";r=0;t=3600',
      },
    ],
    [
      "a burst refusal",
      { ...base, daily: { limit: 100, used: 5 }, burst: { limit: 10, remaining: 0 }, refusedBy: "burst" as const },
      {
        "x-ratelimit-limit": "100",
        "x-ratelimit-remaining": "95",
        "x-ratelimit-reset": "1795305600",
        "ratelimit-policy": '"daily";q=100;w=86400, "burst";q=10;w=1',
        ratelimit: '"burst";r=0;t=1',
      },
    ],
    [
      "no daily quota",
      { ...base, daily: null, burst: { limit: 5000, remaining: 4990 } },
      {
        "x-ratelimit-limit": "5000",
        "x-ratelimit-remaining": "4990",
        "x-ratelimit-reset": "1795302001",
        "ratelimit-policy": '"burst";q=5000;w=1',
        ratelimit: '"burst";r=4990;t=1',
      },
    ],
  ])("%s", (_label, state, headers) => {
    expect(rateLimitHeaders(state)).toEqual(headers);
  });
});

describe("plan data windows", () => {
  it.each([
    ["2026-11-21", 12, "2025-11-21"],
    ["2026-11-21", 36, "2023-11-21"],
    ["2024-02-29", 12, "2023-02-28"],
    ["2026-03-31", 1, "2026-02-28"],
    ["2026-01-15", 1, "2025-12-15"],
  ])("%s minus %i months is %s", (today, months, earliest) => {
    expect(earliestAllowedDate(today, months)).toBe(earliest);
  });

  const now = new Date("2026-11-21T12:00:00.000Z");
  const understanding = (filters: Understanding["filters"]): Understanding => ({
    intent: "sales_summary",
    area: "performance",
    confidence: 1,
    filters,
    interpretation: "",
  });

  it.each([
    ["starter", { timeframe: "last_12_months", date_range: { start: "2025-11-21", end: "2026-11-20" } }, undefined],
    ["starter", { timeframe: "last_13_months", date_range: { start: "2025-10-21", end: "2026-11-20" } }, "business"],
    ["starter", { timeframe: "2022", date_range: { start: "2022-01-01", end: "2022-12-31" } }, "enterprise"],
    [
      "starter",
      {
        timeframe: "last_6_months",
        date_range: { start: "2026-05-21", end: "2026-11-20" },
        compare_to: "same_period_last_year",
      },
      "business",
    ],
    ["business", { timeframe: "all_time" }, "enterprise"],
    ["business", { timeframe: "2024", date_range: { start: "2024-01-01", end: "2024-12-31" } }, undefined],
    ["enterprise", { timeframe: "all_time" }, undefined],
    ["starter", {}, undefined],
  ] as const)("%s with %j: refused unless allowed, suggesting the %s plan", (plan, filters, suggested) => {
    const guard = planTimeframeGuard(plan, now);
    let error: unknown;
    try {
      guard(understanding(filters as Understanding["filters"]));
    } catch (e) {
      error = e;
    }
    if (suggested === undefined) return expect(error).toBeUndefined();
    expect(error).toBeInstanceOf(SellerAiError);
    expect((error as SellerAiError).code).toBe("timeframe_exceeds_plan");
    expect((error as SellerAiError).suggestions.join(" ")).toContain(`The ${suggested} plan`);
  });
});

describe("toSellerAiError", () => {
  it.each([
    [{ code: "FST_ERR_CTP_INVALID_MEDIA_TYPE", statusCode: 415 }, "unsupported_media_type"],
    [{ code: "FST_ERR_CTP_BODY_TOO_LARGE", statusCode: 413 }, "payload_too_large"],
    [{ code: "FST_ERR_CTP_EMPTY_JSON_BODY", statusCode: 400 }, "invalid_request"],
    [{ code: "FST_ERR_CTP_INVALID_JSON_BODY", statusCode: 400 }, "invalid_request"],
    [new SyntaxError("Unexpected token"), "invalid_request"],
    [
      {
        validation: [{ keyword: "required", instancePath: "", params: { missingProperty: "query" } }],
        validationContext: "body",
      },
      "invalid_request",
    ],
    [new SellerAiError("quota_exceeded", "spent"), "quota_exceeded"],
    [new TypeError("cannot read properties of undefined"), "internal_error"],
    ["a thrown string", "internal_error"],
  ])("%o → %s", (thrown, code) => {
    const error = toSellerAiError(thrown);
    expect(error.code).toBe(code);
    if (code === "internal_error") expect(error.message).not.toMatch(/undefined|string/);
  });
});

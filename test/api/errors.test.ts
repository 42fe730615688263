import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "../../src/accounts/api-keys.js";
import { revokeApiKey } from "../../src/accounts/keys.js";
import { answer } from "../../src/answer/answer.js";
import { isSellerAiError } from "../../src/core/errors.js";
import { apiHarness, NOON, type Harness } from "../helpers/api-harness.js";

let h: Harness;
let enterprise: string;
let starter: string;
let starterWorkspace: string;
let noScope: string;
let revoked: string;
let unconnected: string;
let twoAccounts: string;

beforeAll(async () => {
  h = await apiHarness();
  enterprise = (await h.key({ plan: "enterprise" })).key;
  const s = await h.key({ plan: "starter" });
  starter = s.key;
  starterWorkspace = s.workspace_id;
  noScope = (await h.key({ scopes: ["insights"] })).key;
  const r = await h.key();
  revoked = r.key;
  await revokeApiKey(h.mirror.db, r.id, NOON);
  unconnected = (await h.key({ accounts: [] })).key;
  twoAccounts = (await h.key({ accounts: ["acme", "zenith"] })).key;
});

afterAll(() => h.close());

function expectErrorBody(
  res: LightMyRequestResponse,
  status: number,
  code: string,
): { code: string; message: string; request_id: string; suggestions: string[] } {
  expect(res.statusCode).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = res.json() as { error: { code: string; message: string; request_id: string; suggestions: string[] } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(Object.keys(body.error).sort()).toEqual(["code", "message", "request_id", "suggestions"]);
  expect(body.error.code).toBe(code);
  expect(body.error.request_id).toMatch(/^req_[0-9A-Za-z]+$/);
  expect(res.headers["x-request-id"]).toBe(body.error.request_id);
  expect(Array.isArray(body.error.suggestions)).toBe(true);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

const json = { "content-type": "application/json" };

describe("400 invalid_request names the field", () => {
  it.each<[string, unknown, Record<string, string>, RegExp]>([
    ["a body that is not JSON", "{not json", json, /not valid JSON/],
    ["an empty JSON body", "", json, /empty/],
    ["a body that is an array", [1, 2], {}, /must be a JSON object/],
    ["a body that is a string", JSON.stringify("top products"), json, /must be a JSON object/],
    ["no query", {}, {}, /query is required/],
    ["a query that is not a string", { query: 5 }, {}, /query must be a string/],
    ["an empty query", { query: "" }, {}, /query must not be empty/],
    ["a blank query", { query: "   " }, {}, /query must not be blank/],
    ["a query over 2,000 characters", { query: "a".repeat(2001) }, {}, /query must be at most 2000 characters/],
    [
      "an unknown marketplace",
      { query: "sales last month", marketplace: "ZZ" },
      {},
      /marketplace must be one of US, CA/,
    ],
    ["a lower-case marketplace", { query: "sales last month", marketplace: "us" }, {}, /marketplace must be one of/],
    [
      "an invalid timeframe",
      { query: "sales last month", timeframe: "fortnight" },
      {},
      /timeframe "fortnight" is not a timeframe token/,
    ],
    [
      "a reversed date range",
      { query: "sales", timeframe: "2026-03-01..2026-01-01" },
      {},
      /timeframe .* is not a timeframe token/,
    ],
    [
      "an unknown format",
      { query: "sales last month", format: "xml" },
      {},
      /format must be one of json, csv, chart_data/,
    ],
    [
      "a conversation id without conv_",
      { query: "sales last month", conversation_id: "abc" },
      {},
      /conversation_id must match/,
    ],
    ["an account_id that is a number", { query: "sales last month", account_id: 7 }, {}, /account_id must be a string/],
    ["an unknown field", { query: "sales last month", limit: 5 }, {}, /limit is not a known field/],
  ])("%s", async (_label, body, headers, message) => {
    const res = await h.query(enterprise, body, headers);
    const error = expectErrorBody(res, 400, "invalid_request");
    expect(error.message).toMatch(message);
  });

  it("asks for account_id when the workspace has several accounts", async () => {
    const error = expectErrorBody(await h.query(twoAccounts, { query: "sales last month" }), 400, "invalid_request");
    expect(error.message).toMatch(/account_id is required/);
    expect(error.suggestions.join(" ")).toMatch(/acme, zenith/);
  });
});

describe("400 for a malformed URL", () => {
  it("is invalid_request in the one error body", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/v1/%zz",
      headers: { authorization: `Bearer ${enterprise}` },
      payload: { query: "x" },
    });
    expect(expectErrorBody(res, 400, "invalid_request").message).toMatch(/URL is not valid/);
  });
});

describe("400 invalid_query carries the parser's suggestions", () => {
  it("for a question outside the service", async () => {
    const question = "what is the meaning of life";
    const direct = await answer(question, { db: h.mirror.db, now: NOON }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isSellerAiError(direct) && direct.code).toBe("invalid_query");
    const error = expectErrorBody(await h.query(enterprise, { query: question }), 400, "invalid_query");
    expect(error.suggestions.length).toBeGreaterThan(0);
    expect(error.suggestions).toEqual(isSellerAiError(direct) ? direct.suggestions : []);
    expect(error.message).toBe(isSellerAiError(direct) ? direct.message : "");
  });
});

describe("401 unauthorized, with WWW-Authenticate: Bearer", () => {
  it.each<[string, () => Record<string, string>, RegExp]>([
    ["no Authorization header", () => ({}), /missing API key/],
    [
      "a non-Bearer scheme",
      () => ({ authorization: `Basic ${Buffer.from("a:b").toString("base64")}` }),
      /malformed Authorization/,
    ],
    ["a Bearer without a token", () => ({ authorization: "Bearer" }), /malformed Authorization/],
    ["a malformed key", () => ({ authorization: "Bearer sk_live_short" }), /malformed API key/],
    ["a key of another shape", () => ({ authorization: `Bearer pk_test_${"a".repeat(40)}` }), /malformed API key/],
    ["an unknown key", () => ({ authorization: `Bearer ${generateApiKey()}` }), /unknown API key/],
    ["a revoked key", () => ({ authorization: `Bearer ${revoked}` }), /revoked/],
  ])("%s", async (_label, headers, message) => {
    const res = await h.app.inject({
      method: "POST",
      url: "/v1/query",
      headers: headers(),
      payload: { query: "sales last month" },
    });
    const error = expectErrorBody(res, 401, "unauthorized");
    expect(error.message).toMatch(message);
    expect(res.headers["www-authenticate"]).toBe("Bearer");
  });
});

describe("403", () => {
  it("forbidden for a key without the query scope", async () => {
    const error = expectErrorBody(await h.query(noScope, { query: "sales last month" }), 403, "forbidden");
    expect(error.message).toMatch(/"query" scope/);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ["a timeframe override older than 12 months", { query: "how much did I sell", timeframe: "2024" }, /2024-01-01/],
    ["a period named in the question", { query: "how much did I sell in 2023" }, /2023-01-01/],
    ["all history", { query: "how much did I sell", timeframe: "all_time" }, /all history/],
  ])("timeframe_exceeds_plan for %s on the starter plan", async (_label, body, message) => {
    const error = expectErrorBody(await h.query(starter, body), 403, "timeframe_exceeds_plan");
    expect(error.message).toMatch(message);
    expect(error.suggestions.some((s) => /shorter period/.test(s))).toBe(true);
    expect(error.suggestions.some((s) => /(business|enterprise) plan/.test(s))).toBe(true);
  });

  it("does not count a refused question against the quota", async () => {
    const before = Number(
      (await h.query(starter, { query: "how much did I sell last month" })).headers["x-ratelimit-remaining"],
    );
    await h.query(starter, { query: "how much did I sell", timeframe: "2024" });
    const after = Number(
      (await h.query(starter, { query: "how much did I sell last month" })).headers["x-ratelimit-remaining"],
    );
    expect(after).toBe(before - 1);
  });
});

describe("404", () => {
  it.each([
    ["POST", "/v1/nothing"],
    ["POST", "/v1/insights/nothing"],
    ["GET", "/nothing"],
  ])("not_found for %s %s", async (method, url) => {
    const res = await h.app.inject({
      method: method as "GET" | "POST",
      url,
      headers: { authorization: `Bearer ${enterprise}` },
      payload: method === "POST" ? { query: "x" } : undefined,
    });
    expectErrorBody(res, 404, "not_found");
  });

  it("account_not_connected when the workspace has no account, with how to connect one", async () => {
    const error = expectErrorBody(
      await h.query(unconnected, { query: "sales last month" }),
      404,
      "account_not_connected",
    );
    expect(error.suggestions.join(" ")).toMatch(/seller-ai import|seller-ai demo/);
  });

  it("account_not_connected for another workspace's account", async () => {
    const error = expectErrorBody(
      await h.query(enterprise, { query: "sales last month", account_id: "zenith" }),
      404,
      "account_not_connected",
    );
    expect(error.message).toMatch(/zenith/);
  });
});

describe("405, 413, 415", () => {
  it.each(["GET", "PUT", "DELETE", "PATCH"])("method_not_allowed for %s /v1/query, with Allow", async (method) => {
    const res = await h.app.inject({
      method: method as "GET",
      url: "/v1/query",
      headers: { authorization: `Bearer ${enterprise}` },
    });
    expectErrorBody(res, 405, "method_not_allowed");
    expect(res.headers.allow).toMatch(/POST/);
  });

  it("payload_too_large over 64 KiB", async () => {
    const res = await h.query(enterprise, JSON.stringify({ query: "x".repeat(65 * 1024) }), json);
    expectErrorBody(res, 413, "payload_too_large");
  });

  it.each([
    ["text/plain", "query=top products"],
    ["application/x-www-form-urlencoded", "query=top+products"],
    ["application/xml", "<query>top</query>"],
  ])("unsupported_media_type for %s", async (type, payload) => {
    expectErrorBody(await h.query(enterprise, payload, { "content-type": type }), 415, "unsupported_media_type");
  });
});

describe("429", () => {
  it("quota_exceeded with Retry-After to midnight UTC", async () => {
    h.mirror.sqlite
      .prepare(
        "insert into usage_counters (workspace_id, day, kind, count) values (?, ?, 'query', 100) on conflict do update set count = 100",
      )
      .run(starterWorkspace, "2026-11-21");
    const res = await h.query(starter, { query: "how much did I sell last month" });
    expectErrorBody(res, 429, "quota_exceeded");
    expect(res.headers["retry-after"]).toBe(String(12 * 3600));
    expect(res.headers["ratelimit-policy"]).toMatch(/"daily";q=100;w=86400/);
    expect(res.headers.ratelimit).toBe(`"daily";r=0;t=${12 * 3600}`);
  });

  it("rate_limited past the per-second burst limit, with Retry-After: 1", async () => {
    let ms = 5_000;
    const burst = await apiHarness({ burstPerSecond: { enterprise: 2 }, timer: () => ms });
    try {
      const key = (await burst.key()).key;
      const statuses: number[] = [];
      let last: LightMyRequestResponse | undefined;
      for (let i = 0; i < 3; i++) {
        last = await burst.query(key, { query: "how much did I sell last month" });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expectErrorBody(last!, 429, "rate_limited");
      expect(last!.headers["retry-after"]).toBe("1");
      ms += 1000;
      expect((await burst.query(key, { query: "how much did I sell last month" })).statusCode).toBe(200);
    } finally {
      await burst.close();
    }
  });
});

describe("500 internal_error", () => {
  it("hides the internals", async () => {
    const failing = await apiHarness({
      answer: async () => {
        throw new Error("SQLITE_CORRUPT at /home/secret/mirror.db line 42");
      },
    });
    try {
      const res = await failing.query((await failing.key()).key, { query: "sales last month" });
      const error = expectErrorBody(res, 500, "internal_error");
      expect(res.body).not.toMatch(/SQLITE|secret|mirror\.db|at .*\.js/);
      expect(error.message).toMatch(/could not answer/);
    } finally {
      await failing.close();
    }
  });
});

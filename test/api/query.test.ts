import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { Validator } from "@seriousme/openapi-schema-validator";
import { parse } from "csv-parse/sync";
import { compile } from "vega-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/build-app.js";
import { createApiKey } from "../../src/accounts/keys.js";
import { QUERY_ROUTE_SCHEMA } from "../../src/api/routes/query-schema.js";
import { RESULT_SHAPES } from "../../src/analytics/results/index.js";
import { INTENTS } from "../../src/core/understanding.js";
import { createContext } from "../../src/cli/context.js";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { serveCommand } from "../../src/cli/commands/serve.js";
import { openMirror } from "../../src/store/open-mirror.js";
import { apiHarness, NOON, type Harness } from "../helpers/api-harness.js";
import { schemaValidator } from "../helpers/result-validator.js";
import { ACME_ASINS, buildTwoSellerMirror, FIXTURE_TODAY, ZENITH_PRODUCTS } from "../helpers/two-sellers.js";

const TOP5 = "top 5 products by revenue last 30 days";
let dir: string;
let db: string;
let h: Harness;
let acme: string;
let zenith: string;

beforeAll(async () => {
  // One mirror file for the whole file (the CLI and the API read it side by side).
  dir = mkdtempSync(join(tmpdir(), "seller-ai-api-"));
  db = join(dir, "mirror.db");
  const built = await buildTwoSellerMirror(db);
  await built.close();
  h = await apiHarness({ mirror: await openMirror(db) });
  acme = (await h.key({ accounts: ["acme"] })).key;
  zenith = (await h.key({ accounts: ["zenith"] })).key;
});

afterAll(async () => {
  await h.close();
  await h.mirror.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ask(args: string[]) {
  const io = captureIo();
  const code = await runCli(["--db", db, "--today", FIXTURE_TODAY, "ask", ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe("POST /v1/query answers", () => {
  it("with request_id, result and metadata", async () => {
    const res = await h.query(acme, { query: TOP5 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(["request_id", "result", "metadata"]);
    expect(body.request_id).toBe(res.headers["x-request-id"]);
    expect(body.request_id).toMatch(/^req_/);
    expect(body.metadata.processing_time).toMatch(/^\d+\.\d{3}s$/);
    expect(body.metadata.conversation_id).toMatch(/^conv_/);
    expect(body.metadata.data_freshness).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.metadata.query_understanding).toMatchObject({
      intent: "top_products",
      filters: { timeframe: "last_30_days", limit: 5, metrics: ["revenue"] },
    });
    expect(body.result.top_products.length).toBeGreaterThan(0);
    expect(body.result.analysis.summary.length).toBeGreaterThan(0);
  });

  it.each([
    ["how much did I sell last month"],
    [TOP5],
    ["top 3 products by profit in the US last month"],
    ["daily sales for the last 14 days"],
    ["this month vs last month"],
    ["what is my ACoS by campaign last 30 days"],
  ])("%s: the same result and understanding as `seller-ai ask --format json`", async (question) => {
    const api = await h.query(acme, { query: question });
    expect(api.statusCode).toBe(200);
    const cli = await ask([question, "--format", "json", "--account", "acme"]);
    expect(cli.err).toBe("");
    expect(cli.code).toBe(0);
    const fromCli = JSON.parse(cli.out);
    const fromApi = api.json();
    expect(fromApi.result).toEqual(fromCli.result);
    expect(fromApi.metadata.query_understanding).toEqual(fromCli.metadata.query_understanding);
    expect(fromApi.metadata.data_freshness).toEqual(fromCli.metadata.data_freshness);
  });

  it("a repeated question gets the same result under a new request id and conversation", async () => {
    const [a, b] = [await h.query(acme, { query: TOP5 }), await h.query(acme, { query: TOP5 })];
    expect(b.json().result).toEqual(a.json().result);
    expect(b.json().request_id).not.toBe(a.json().request_id);
    expect(b.json().metadata.conversation_id).not.toBe(a.json().metadata.conversation_id);
  });

  it("a command through the API makes remembered answers be recomputed", async () => {
    const own = await apiHarness();
    try {
      const { key } = await own.key({ scopes: ["query", "write"] });
      const question = { query: "bid recommendations for my keywords last 30 days" };
      await own.query(key, question);
      const before = (await own.query(key, question)).json().result.bids as { target_acos: number }[];
      expect(before[0].target_acos).toBe(30);
      const command = await own.query(key, { query: "my target ACoS is 10%" });
      expect(command.json().metadata.query_understanding.intent).toBe("update_settings");
      const after = (await own.query(key, question)).json().result.bids as { target_acos: number }[];
      expect(after[0].target_acos).toBe(10);
    } finally {
      await own.close();
    }
  });

  it("remembered answers are recomputed after another process changes the mirror", async () => {
    const question = { query: "how much did I sell yesterday in the US" };
    const before = (await h.query(zenith, question)).json().result.totals.revenue as number;
    expect((await h.query(zenith, question)).json().result.totals.revenue).toBe(before);
    const other = await openMirror(db);
    try {
      other.sqlite
        .prepare(
          "update daily_sales set revenue = revenue + 1000 where account_id = 'zenith' and date = '2026-11-20' and asin = ?",
        )
        .run(ZENITH_PRODUCTS[0].asin);
    } finally {
      await other.close();
    }
    expect((await h.query(zenith, question)).json().result.totals.revenue).toBeCloseTo(before + 1000, 2);
  });

  it("explicit marketplace and timeframe override the question's", async () => {
    const res = await h.query(acme, { query: TOP5, marketplace: "UK", timeframe: "last_month" });
    expect(res.statusCode).toBe(200);
    const filters = res.json().metadata.query_understanding.filters;
    expect(filters).toMatchObject({
      marketplace: "UK",
      timeframe: "last_month",
      date_range: { start: "2026-10-01", end: "2026-10-31" },
    });
    const cli = JSON.parse(
      (await ask([TOP5, "--format", "json", "--marketplace", "UK", "--timeframe", "last_month"])).out,
    );
    expect(res.json().result).toEqual(cli.result);
  });

  it("conversation_id continues a conversation", async () => {
    const first = (await h.query(acme, { query: "top 5 products by revenue in the US last month" })).json();
    const follow = await h.query(acme, {
      query: "what about the UK?",
      conversation_id: first.metadata.conversation_id,
    });
    expect(follow.statusCode).toBe(200);
    expect(follow.json().metadata.conversation_id).toBe(first.metadata.conversation_id);
    expect(follow.json().metadata.query_understanding).toMatchObject({
      intent: "top_products",
      filters: { marketplace: "UK", timeframe: "last_month" },
    });
  });

  it("the conversation of a repeated (remembered) answer can be continued, also from the CLI", async () => {
    const question = { query: "top 3 products by revenue in the US this month" };
    await h.query(acme, question);
    const second = (await h.query(acme, question)).json();
    const follow = await h.query(acme, { query: "and by profit?", conversation_id: second.metadata.conversation_id });
    expect(follow.statusCode).toBe(200);
    expect(follow.json().metadata.query_understanding).toMatchObject({
      intent: "top_products",
      filters: { marketplace: "US", metrics: ["profit"], limit: 3 },
    });
    const cli = await ask([
      "what about the UK?",
      "--format",
      "json",
      "--conversation",
      second.metadata.conversation_id,
    ]);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.out).metadata.query_understanding).toMatchObject({
      intent: "top_products",
      filters: { marketplace: "UK", limit: 3 },
    });
  });
});

describe("formats", () => {
  it("csv puts the primary table's CSV in result.csv, as `ask --format csv` writes it", async () => {
    const res = await h.query(acme, { query: TOP5, format: "csv" });
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    const rows = parse(result.csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.asin)).toEqual(result.top_products.map((p: { asin: string }) => p.asin));
    expect(result.csv).toBe((await ask([TOP5, "--format", "csv"])).out);
  });

  it.each([["text/csv"], ["text/csv, application/json;q=0.5"], ["text/csv;q=0.9, */*;q=0.1"]])(
    "Accept: %s returns the raw CSV with X-Request-Id",
    async (accept) => {
      const json = (await h.query(acme, { query: TOP5, format: "csv" })).json();
      const res = await h.query(acme, { query: TOP5 }, { accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["x-request-id"]).toMatch(/^req_/);
      expect(res.body).toBe(json.result.csv);
    },
  );

  it("Accept: application/json, text/csv keeps JSON", async () => {
    const res = await h.query(acme, { query: TOP5 }, { accept: "application/json, text/csv" });
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("chart_data returns a Vega-Lite spec that compiles, as `ask --format chart_data` does", async () => {
    for (const question of [TOP5, "daily sales for the last 14 days"]) {
      const res = await h.query(acme, { query: question, format: "chart_data" });
      expect(res.statusCode).toBe(200);
      const chart = res.json().result.chart;
      expect(chart.$schema).toMatch(/vega-lite/);
      expect(() => compile(chart)).not.toThrow();
      expect(chart).toEqual(JSON.parse((await ask([question, "--format", "chart_data"])).out));
    }
  });
});

describe("workspace isolation", () => {
  const zenithAsins = ZENITH_PRODUCTS.map((p) => p.asin);

  it.each([
    ["acme's key", () => acme, ACME_ASINS, zenithAsins],
    ["zenith's key", () => zenith, zenithAsins, ACME_ASINS],
  ])("%s sees only its own products", async (_label, key, own, other) => {
    const res = await h.query(key(), { query: "top 10 products by revenue last 30 days" });
    const asins = (res.json().result.top_products as { asin: string }[]).map((p) => p.asin);
    expect(asins.length).toBeGreaterThan(0);
    for (const asin of asins) {
      expect(own).toContain(asin);
      expect(other).not.toContain(asin);
    }
  });

  it.each([
    ["acme's key asking for zenith", () => acme, "zenith"],
    ["zenith's key asking for acme", () => zenith, "acme"],
  ])("%s gets 404 account_not_connected", async (_label, key, account) => {
    const res = await h.query(key(), { query: TOP5, account_id: account });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("account_not_connected");
  });

  it("a conversation of another workspace cannot be continued", async () => {
    // The first is computed, the second remembered: both kinds of conversation start are checked.
    for (let i = 0; i < 2; i++) {
      const theirs = (await h.query(zenith, { query: TOP5 })).json().metadata.conversation_id;
      const res = await h.query(acme, { query: "what about the UK?", conversation_id: theirs });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
  });
});

describe("around the API", () => {
  it("GET /v1/openapi.json is a valid OpenAPI 3.1 document built from the route schemas", async () => {
    const res = await h.app.inject({ method: "GET", url: "/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/v1/query");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/connect", "/v1/connect/callback"]));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/v1/insights", "/v1/insights/findings/{id}", "/v1/insights/jobs/{id}"]),
    );
    expect(doc.paths["/v1/query"].post.requestBody.content["application/json"].schema).toEqual(
      JSON.parse(JSON.stringify(QUERY_ROUTE_SCHEMA.body)),
    );
    expect(Object.keys(doc.paths["/v1/query"].post.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "413",
      "415",
      "422",
      "429",
      "500",
    ]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("documents the result of every intent, generated from the shapes the intents' handlers return", async () => {
    const doc = (await h.app.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    const result = doc.paths["/v1/query"].post.responses["200"].content["application/json"].schema.properties.result;
    const titles = (result.anyOf as { title: string }[]).map((s) => s.title);
    for (const intent of INTENTS)
      for (const shape of RESULT_SHAPES[intent]) expect(titles).toContain(`${intent} (${shape.primary})`);
    const top = result.anyOf.find((s: { title: string }) => s.title === "top_products (top_products)");
    expect(top.properties.top_products.items.properties.revenue).toMatchObject({ type: "number", "x-kind": "money" });
  });

  it.each([
    ["json", { query: TOP5 }],
    ["csv", { query: TOP5, format: "csv" }],
    ["chart_data", { query: TOP5, format: "chart_data" }],
    ["json", { query: "how much did I sell last month" }],
    ["json", { query: "what should I restock" }],
  ])("a %s answer's result fits the documented result schema (%j)", async (_format, body) => {
    const doc = (await h.app.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    const schema = doc.paths["/v1/query"].post.responses["200"].content["application/json"].schema.properties.result;
    const validator = await schemaValidator({ result: schema });
    try {
      const res = await h.query(acme, body);
      expect(res.statusCode).toBe(200);
      expect(await validator.check("result", res.json().result)).toBeUndefined();
      expect(await validator.check("result", { ...res.json().result, unknown_field: 1 })).toMatch(/additional/);
    } finally {
      await validator.close();
    }
  });

  it("GET /healthz", async () => {
    const res = await h.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["x-request-id"]).toMatch(/^req_/);
  });

  it("GET /metrics has request durations by route and status, quota rejections and errors", async () => {
    const m = await apiHarness({ mirror: h.mirror, burstPerSecond: { starter: 1 }, timer: () => 0 });
    const key = (await m.key({ plan: "starter" })).key;
    await m.query(key, { query: TOP5 });
    await m.query(key, { query: TOP5 });
    await m.query(undefined, { query: TOP5 });
    const res = await m.app.inject({ method: "GET", url: "/metrics" });
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(
      /seller_ai_http_request_duration_seconds_bucket\{le="[^"]+",method="POST",route="\/v1\/query",status="200"\} 1/,
    );
    expect(res.body).toMatch(
      /seller_ai_http_request_duration_seconds_count\{method="POST",route="\/v1\/query",status="429"\} 1/,
    );
    expect(res.body).toMatch(/seller_ai_quota_rejections_total\{code="rate_limited",kind="burst"\} 1/);
    expect(res.body).toMatch(/seller_ai_http_errors_total\{code="unauthorized",status="401"\} 1/);
    await m.app.close();
  });

  it("logs one JSON line per request with its request id, and never the key", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const logged = await buildApp({ mirror: h.mirror, clock: () => NOON, logger: { level: "info", stream } as never });
    const { key } = await createApiKey(h.mirror.db, {
      name: "logged",
      plan: "enterprise",
      scopes: ["query"],
      accountIds: ["acme"],
      now: NOON,
    });
    const ok = await logged.inject({
      method: "POST",
      url: "/v1/query",
      headers: { authorization: `Bearer ${key}` },
      payload: { query: TOP5 },
    });
    await logged.inject({
      method: "POST",
      url: "/v1/query",
      headers: { authorization: `Bearer ${key}x` },
      payload: { query: TOP5 },
    });
    await logged.close();
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const done = entries.filter((e) => e.msg === "request completed");
    expect(done).toHaveLength(2);
    expect(done[0]).toMatchObject({
      request_id: ok.json().request_id,
      method: "POST",
      route: "/v1/query",
      status: 200,
    });
    expect(done[1]).toMatchObject({ status: 401 });
    const text = lines.join("\n");
    expect(text).not.toContain(key.slice(8));
    expect(text).not.toMatch(/sk_live_|Bearer/);
  });

  it("finishes the requests in flight when closed, and refuses new ones", async () => {
    let release!: () => void;
    let entered!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (entered = resolve));
    const slow = await buildApp({
      mirror: h.mirror,
      clock: () => NOON,
      answerCache: false,
      answer: async (question, options) => {
        entered();
        await gate;
        const { answer } = await import("../../src/answer/answer.js");
        return answer(question, options);
      },
    });
    const { key } = await createApiKey(h.mirror.db, {
      name: "slow",
      plan: "enterprise",
      scopes: ["query"],
      accountIds: ["acme"],
      now: NOON,
    });
    const url = await slow.listen({ host: "127.0.0.1", port: 0 });
    const inFlight = fetch(`${url}/v1/query`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ query: TOP5 }),
    });
    await started;
    const closing = slow.close();
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers.get("connection")).toBe("close");
    expect(((await res.json()) as { result: { top_products: unknown[] } }).result.top_products.length).toBeGreaterThan(
      0,
    );
    await closing;
  });
});

describe("seller-ai serve", () => {
  it("answers over real HTTP on 127.0.0.1 and stops on the shutdown signal", async () => {
    const { key } = await createApiKey(h.mirror.db, {
      name: "smoke",
      plan: "starter",
      scopes: ["query"],
      accountIds: ["acme"],
      now: NOON,
    });
    const io = captureIo({ env: { SELLER_AI_LOG_LEVEL: "silent" } });
    const ctx = createContext(io, { db, today: FIXTURE_TODAY });
    let stop!: () => void;
    let listening!: (url: string) => void;
    const address = new Promise<string>((resolve) => (listening = resolve));
    const served = serveCommand(ctx, {
      host: "127.0.0.1",
      port: 0,
      fixedToday: true,
      onListening: listening,
      shutdownSignal: (s) => (stop = s),
    });
    const url = await address;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    try {
      const res = await fetch(`${url}/v1/query`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ query: TOP5 }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { request_id: string; result: { top_products: { asin: string }[] } };
      expect(res.headers.get("x-request-id")).toBe(body.request_id);
      expect(res.headers.get("x-ratelimit-limit")).toBe("100");
      expect(body.result.top_products.map((p) => p.asin)).toEqual(
        (await h.query(acme, { query: TOP5 })).json().result.top_products.map((p: { asin: string }) => p.asin),
      );
      const missing = await fetch(`${url}/v1/query`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(missing.status).toBe(401);
      expect(missing.headers.get("www-authenticate")).toBe("Bearer");
    } finally {
      stop();
      expect(await served).toBe(0);
      await ctx.close();
    }
    expect(io.err()).toMatch(/API listening on http:\/\/127\.0\.0\.1:\d+/);
  });

  it("drains on the shutdown signal: /healthz says 503 while queries are still answered, then it closes", async () => {
    const { key } = await createApiKey(h.mirror.db, {
      name: "drain",
      plan: "starter",
      scopes: ["query"],
      accountIds: ["acme"],
      now: NOON,
    });
    const io = captureIo({ env: { SELLER_AI_LOG_LEVEL: "silent" } });
    const ctx = createContext(io, { db, today: FIXTURE_TODAY });
    let stop!: () => void;
    let listening!: (url: string) => void;
    const address = new Promise<string>((resolve) => (listening = resolve));
    const served = serveCommand(ctx, {
      host: "127.0.0.1",
      port: 0,
      fixedToday: true,
      onListening: listening,
      shutdownSignal: (s) => (stop = s),
      drainMs: 400,
    });
    const url = await address;
    try {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      stop();
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "draining" });
      const res = await fetch(`${url}/v1/query`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ query: TOP5 }),
      });
      expect(res.status).toBe(200);
      expect(await served).toBe(0);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    } finally {
      await ctx.close();
    }
    expect(io.err()).toMatch(/healthz answers 503 for 0\.4s/);
  });
});

// POST /v1/insights over the in-process API (Fastify inject): the answer's
// shape, the insights scope and quota (apart from queries, with the same 429
// and headers), bad options with the allowed values, stored findings, and the
// async job path, a restart of the server included.
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/build-app.js";
import { createApiKey } from "../../src/accounts/keys.js";
import { InsightJobWorker } from "../../src/insights/job-worker.js";
import { enqueueInsightJob, insightJob } from "../../src/store/insight-jobs.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { apiHarness, NOON, type Harness } from "../helpers/api-harness.js";
import { buildTwoSellerMirror } from "../helpers/two-sellers.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

const NO_BURST = { burstPerSecond: { starter: 10_000, business: 10_000 } };
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function harness(options: Parameters<typeof apiHarness>[0] = {}): Promise<Harness> {
  const h = await apiHarness({ ...NO_BURST, ...options });
  open.push(h);
  return h;
}

function post(h: Harness, key: string | undefined, payload: unknown) {
  return h.app.inject({
    method: "POST",
    url: "/v1/insights",
    headers: key ? { authorization: `Bearer ${key}` } : {},
    payload: payload as object,
  });
}

const get = (h: Harness, key: string, url: string) =>
  h.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${key}` } });

const jobs = (h: Harness) => (h.app as unknown as { insightJobs: InsightJobWorker }).insightJobs;

describe("POST /v1/insights", () => {
  it.each(["performance", "opportunities", "risks", "competitor_analysis"])(
    "answers %s with the documented body: result, findings and metadata",
    async (type) => {
      const h = await harness();
      const { key } = await h.key({ scopes: ["insights"] });
      const res = await post(h, key, { insight_type: type });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.request_id).toBe(res.headers["x-request-id"]);
      expect(body.result).toMatchObject({ insight_type: type, detail_level: "summary", marketplace: null });
      expect(body.result.period).toEqual({ start: "2026-10-22", end: "2026-11-20" });
      expect(body.result.insights.length).toBeLessThanOrEqual(5);
      expect(body.result.total).toBeGreaterThanOrEqual(body.result.insights.length);
      for (const f of body.result.insights) {
        expect(f).toMatchObject({ id: expect.stringMatching(/^ins_/), type, currency: "USD" });
        expect(Object.keys(f)).toEqual(
          expect.arrayContaining([
            "kind",
            "severity",
            "title",
            "summary",
            "money_at_stake",
            "confidence",
            "evidence",
            "entities",
            "recommendation",
            "follow_up",
          ]),
        );
      }
      expect(body.metadata).toMatchObject({
        run_id: expect.stringMatching(/^run_/),
        data_freshness: "2026-11-20T23:59:59Z",
      });
    },
  );

  it("finds the fixture seller's low stock among its risks, in the marketplace asked for", async () => {
    const h = await harness();
    const { key } = await h.key({ scopes: ["insights"] });
    const res = await post(h, key, { insight_type: "risks", marketplace: "US", detail_level: "comprehensive" });
    expect(res.statusCode).toBe(200);
    const findings = res.json().result.insights as { entities: { marketplace?: string }; evidence_table?: unknown[] }[];
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((f) => f.entities.marketplace === undefined || f.entities.marketplace === "US")).toBe(true);
    expect(findings.every((f) => Array.isArray(f.evidence_table))).toBe(true);
  });

  it.each([
    [
      "an unknown insight_type",
      { insight_type: "everything" },
      "insight_type",
      ["performance", "opportunities", "risks", "competitor_analysis"],
    ],
    [
      "an unknown detail_level",
      { insight_type: "risks", detail_level: "full" },
      "detail_level",
      ["summary", "detailed", "comprehensive"],
    ],
    ["no insight_type", { detail_level: "summary" }, "insight_type", []],
  ])(
    "refuses %s with 400 invalid_request whose suggestions list the allowed values",
    async (_label, body, field, allowed) => {
      const h = await harness();
      const { key, workspace_id } = await h.key({ scopes: ["insights"], plan: "starter" });
      const res = await post(h, key, body);
      expect(res.statusCode).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe("invalid_request");
      expect(error.message).toContain(field);
      for (const value of allowed) expect(error.suggestions.join(" ")).toContain(value);
      // A refused request costs nothing.
      const used = h.mirror.sqlite
        .prepare("select count from usage_counters where workspace_id = ? and kind = 'insights'")
        .get(workspace_id) as { count: number } | undefined;
      expect(used?.count ?? 0).toBe(0);
    },
  );

  it("needs a key with the insights scope", async () => {
    const h = await harness();
    const { key } = await h.key({ scopes: ["query"] });
    const res = await post(h, key, { insight_type: "risks" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden");
    expect(res.json().error.message).toContain("insights");
    expect((await post(h, undefined, { insight_type: "risks" })).statusCode).toBe(401);
  });

  it("counts against the plan's insights per day, apart from queries: 5 on starter, then 429 with the same headers", async () => {
    const h = await harness();
    const { key, workspace_id } = await h.key({ scopes: ["insights", "query"], plan: "starter" });
    for (let i = 1; i <= 5; i++) {
      const res = await post(h, key, { insight_type: "performance" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-ratelimit-limit"]).toBe("5");
      expect(res.headers["x-ratelimit-remaining"]).toBe(String(5 - i));
      expect(res.headers["ratelimit-policy"]).toMatch(/^"daily";q=5;w=86400, "burst";q=\d+;w=1$/);
    }
    const refused = await post(h, key, { insight_type: "performance" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("quota_exceeded");
    expect(refused.json().error.message).toMatch(/5 insights a day/);
    expect(refused.headers["retry-after"]).toBe(String(12 * 3600));
    expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
    // Queries have their own quota.
    const query = await h.query(key, { query: "how much did I sell last month" });
    expect(query.statusCode).toBe(200);
    expect(query.headers["x-ratelimit-limit"]).toBe("100");
    const counts = h.mirror.sqlite
      .prepare("select kind, count from usage_counters where workspace_id = ? order by kind")
      .all(workspace_id);
    expect(counts).toEqual([
      { kind: "insights", count: 5 },
      { kind: "query", count: 1 },
    ]);
  });

  it("gives the business plan 50 a day and enterprise no daily limit", async () => {
    const h = await harness();
    const business = await h.key({ scopes: ["insights"], plan: "business" });
    const res = await post(h, business.key, { insight_type: "risks" });
    expect(res.headers["x-ratelimit-limit"]).toBe("50");
    const enterprise = await h.key({ scopes: ["insights"], plan: "enterprise" });
    const free = await post(h, enterprise.key, { insight_type: "risks" });
    expect(free.headers["ratelimit-policy"]).not.toContain("daily");
  });

  it("stores each run, so a finding can be fetched again by its id, in its own workspace only", async () => {
    const h = await harness();
    const { key } = await h.key({ scopes: ["insights"] });
    const run = (await post(h, key, { insight_type: "opportunities" })).json();
    const finding = run.result.insights[0];
    const again = await get(h, key, `/v1/insights/findings/${finding.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toMatchObject({ run_id: run.metadata.run_id, account_id: "acme", finding });
    const other = await h.key({ scopes: ["insights"], accounts: ["zenith"] });
    expect((await get(h, other.key, `/v1/insights/findings/${finding.id}`)).statusCode).toBe(404);
    expect((await get(h, key, "/v1/insights/findings/ins_0000000000000000")).json().error.code).toBe("not_found");
  });

  it("is documented in OpenAPI with its request and response schemas", async () => {
    const h = await harness();
    const doc = (await h.app.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    const op = doc.paths["/v1/insights"].post;
    expect(op["x-required-scope"]).toBe("insights");
    expect(op.requestBody.content["application/json"].schema.properties.insight_type.enum).toEqual([
      "performance",
      "opportunities",
      "risks",
      "competitor_analysis",
    ]);
    expect(op.responses["200"].content["application/json"].schema.properties.result.properties.insights).toBeDefined();
    expect(op.responses["202"]).toBeDefined();
    expect(op.responses["429"]).toBeDefined();
    expect(doc.paths["/v1/insights/jobs/{id}"].get.parameters[0]).toMatchObject({ name: "id", in: "path" });
    expect(doc.paths["/v1/insights/findings/{id}"].get).toBeDefined();
  });
});

describe("async insights jobs", () => {
  it('answers "async": true with 202 and a job whose status URL gives the result when done', async () => {
    const h = await harness();
    const { key } = await h.key({ scopes: ["insights"], plan: "starter" });
    const res = await post(h, key, { insight_type: "risks", detail_level: "comprehensive", async: true });
    expect(res.statusCode).toBe(202);
    const job = res.json();
    expect(job).toEqual({
      job_id: expect.stringMatching(/^job_[0-9a-f]{16}$/),
      status: "queued",
      status_url: `/v1/insights/jobs/${job.job_id}`,
    });
    expect(res.headers["x-ratelimit-remaining"]).toBe("4");
    await jobs(h).drain();
    const done = (await get(h, key, job.status_url)).json();
    expect(done).toMatchObject({ job_id: job.job_id, status: "done", attempts: 1, error: null });
    expect(done.result).toMatchObject({ insight_type: "risks", detail_level: "comprehensive" });
    expect(done.run_id).toMatch(/^run_/);
  });

  it("keeps a job to itself: another workspace's key gets 404", async () => {
    const h = await harness();
    const mine = await h.key({ scopes: ["insights"] });
    const theirs = await h.key({ scopes: ["insights"] });
    const job = (await post(h, mine.key, { insight_type: "risks", async: true })).json();
    expect((await get(h, theirs.key, job.status_url)).statusCode).toBe(404);
    expect((await get(h, mine.key, "/v1/insights/jobs/nope")).statusCode).toBe(400);
  });

  it("runs after a restart the jobs queued or cut short before it", async () => {
    const path = tempDbPath();
    const seeded = await buildTwoSellerMirror(path);
    await seeded.close();
    // The first server queues a job and stops before its worker gets to it; another job was running when it stopped.
    const first = await openMirror(path);
    const app = await buildApp({ mirror: first, clock: () => NOON });
    await jobs({ app } as unknown as Harness).stop();
    const { key, workspace_id } = await createApiKey(first.db, {
      name: "k",
      plan: "enterprise",
      scopes: ["insights"],
      accountIds: ["acme"],
      now: NOON,
    });
    const queued = (
      await app.inject({
        method: "POST",
        url: "/v1/insights",
        headers: { authorization: `Bearer ${key}` },
        payload: { insight_type: "performance", async: true },
      })
    ).json();
    await enqueueInsightJob(first.db, {
      id: "job_00000000000000aa",
      accountId: "acme",
      workspaceId: workspace_id,
      request: { type: "risks", accountId: "acme" },
      at: NOON.toISOString(),
    });
    first.sqlite
      .prepare("update insight_jobs set status = 'running', attempts = 1 where id = 'job_00000000000000aa'")
      .run();
    await app.close();
    await first.close();
    expect(queued.status).toBe("queued");

    const second = await openMirror(path);
    const restarted = await buildApp({ mirror: second, clock: () => NOON });
    open.push({
      close: async () => {
        await restarted.close();
        await second.close();
      },
    });
    await jobs({ app: restarted } as unknown as Harness).drain();
    for (const id of [queued.job_id, "job_00000000000000aa"]) {
      const res = await restarted.inject({
        method: "GET",
        url: `/v1/insights/jobs/${id}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.json()).toMatchObject({ status: "done", result: { total: expect.any(Number) } });
    }
  });

  it("retries a failing job, marks it failed after three attempts, logs it, and keeps serving", async () => {
    const path = tempDbPath();
    const mirror: Mirror = await buildTwoSellerMirror(path);
    open.push(mirror);
    const logged: string[] = [];
    let calls = 0;
    const worker = new InsightJobWorker({
      db: mirror.db,
      clock: () => NOON,
      retryMs: 0,
      log: { info: () => {}, error: (_d, message) => logged.push(message) },
      run: async () => {
        calls++;
        throw new Error("disk on fire");
      },
    });
    await enqueueInsightJob(mirror.db, {
      id: "job_00000000000000bb",
      accountId: "acme",
      workspaceId: null,
      request: { type: "risks", accountId: "acme" },
      at: NOON.toISOString(),
    });
    await worker.start();
    await worker.drain();
    await worker.stop();
    expect(calls).toBe(3);
    const job = await insightJob(mirror.db, "job_00000000000000bb");
    expect(job).toMatchObject({ status: "failed", attempts: 3, error: "disk on fire" });
    expect(logged.filter((m) => m === "insight job failed")).toHaveLength(3);

    // Over the API the failure is a status, and the server answers on.
    const h = await harness({ mirror });
    const { key, workspace_id } = await h.key({ scopes: ["insights"] });
    mirror.sqlite
      .prepare("update insight_jobs set workspace_id = ? where id = 'job_00000000000000bb'")
      .run(workspace_id);
    const res = await get(h, key, "/v1/insights/jobs/job_00000000000000bb");
    expect(res.json()).toMatchObject({ status: "failed", error: expect.stringContaining("failed") });
    expect((await h.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});

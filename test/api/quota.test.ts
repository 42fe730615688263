import { describe, expect, it } from "vitest";
import { openMirror } from "../../src/store/open-mirror.js";
import { apiHarness } from "../helpers/api-harness.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

const QUESTION = { query: "how much did I sell last month" };
// The per-second burst limit is tested on its own; here the clock stands still, so it is lifted.
const NO_BURST = { burstPerSecond: { starter: 10_000, business: 10_000 } };
const MIDNIGHT = Date.parse("2026-11-22T00:00:00.000Z") / 1000;

function usage(
  h: { mirror: { sqlite: import("better-sqlite3").Database } },
  workspace: string,
  day = "2026-11-21",
): number {
  const row = h.mirror.sqlite
    .prepare("select count from usage_counters where workspace_id = ? and day = ? and kind = 'query'")
    .get(workspace, day) as { count: number } | undefined;
  return row?.count ?? 0;
}

describe("daily quotas", () => {
  it("a starter workspace gets 100 queries a day, then 429 quota_exceeded", async () => {
    const h = await apiHarness(NO_BURST);
    try {
      const { key, workspace_id } = await h.key({ plan: "starter" });
      for (let i = 1; i <= 100; i++) {
        const res = await h.query(key, QUESTION);
        expect(res.statusCode).toBe(200);
        expect(res.headers["x-ratelimit-limit"]).toBe("100");
        expect(res.headers["x-ratelimit-remaining"]).toBe(String(100 - i));
        expect(res.headers["x-ratelimit-reset"]).toBe(String(MIDNIGHT));
      }
      const refused = await h.query(key, QUESTION);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe("quota_exceeded");
      expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
      expect(refused.headers["retry-after"]).toBe(String(12 * 3600));
      expect(usage(h, workspace_id)).toBe(100);
    } finally {
      await h.close();
    }
  });

  it.each([
    ["starter", "100", '"daily";q=100;w=86400, "burst";q=10;w=1'],
    ["business", "1000", '"daily";q=1000;w=86400, "burst";q=50;w=1'],
    ["enterprise", "5000", '"burst";q=5000;w=1'],
  ] as const)(
    "the %s plan's limits are in the headers of every response, errors included",
    async (plan, limit, policy) => {
      const h = await apiHarness();
      try {
        const { key } = await h.key({ plan });
        for (const body of [QUESTION, { query: 5 }, { query: "what is the meaning of life" }]) {
          const res = await h.query(key, body);
          expect(res.headers["x-ratelimit-limit"]).toBe(limit);
          expect(res.headers["x-ratelimit-remaining"]).toMatch(/^\d+$/);
          expect(res.headers["x-ratelimit-reset"]).toMatch(/^\d+$/);
          expect(res.headers["ratelimit-policy"]).toBe(policy);
          expect(res.headers.ratelimit).toMatch(/^"(daily|burst)";r=\d+;t=\d+$/);
        }
      } finally {
        await h.close();
      }
    },
  );

  it("resets at midnight UTC", async () => {
    const h = await apiHarness(NO_BURST);
    try {
      const { key } = await h.key({ plan: "starter" });
      h.clock.now = new Date("2026-11-21T23:59:58.500Z");
      h.mirror.sqlite
        .prepare(
          "insert into usage_counters (workspace_id, day, kind, count) select workspace_id, '2026-11-21', 'query', 99 from api_keys where prefix = ?",
        )
        .run(key.slice(0, 12));
      expect((await h.query(key, QUESTION)).statusCode).toBe(200);
      const refused = await h.query(key, QUESTION);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBe("2");

      h.clock.now = new Date("2026-11-22T00:00:00.000Z");
      const next = await h.query(key, QUESTION);
      expect(next.statusCode).toBe(200);
      expect(next.headers["x-ratelimit-remaining"]).toBe("99");
      expect(next.headers["x-ratelimit-reset"]).toBe(String(MIDNIGHT + 86_400));
    } finally {
      await h.close();
    }
  });

  it("keys of one workspace share its quota; other workspaces are not touched", async () => {
    const h = await apiHarness(NO_BURST);
    try {
      const first = await h.key({ plan: "starter" });
      const second = await h.key({ workspaceId: first.workspace_id });
      const other = await h.key({ plan: "starter" });
      await h.query(first.key, QUESTION);
      await h.query(second.key, QUESTION);
      expect(usage(h, first.workspace_id)).toBe(2);
      expect((await h.query(other.key, QUESTION)).headers["x-ratelimit-remaining"]).toBe("99");
    } finally {
      await h.close();
    }
  });

  it("concurrent requests never pass the quota", async () => {
    const h = await apiHarness(NO_BURST);
    try {
      const { key, workspace_id } = await h.key({ plan: "starter" });
      const results = await Promise.all(Array.from({ length: 160 }, () => h.query(key, QUESTION)));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(60);
      expect(usage(h, workspace_id)).toBe(100);
    } finally {
      await h.close();
    }
  });

  it("counts are shared by servers on the same mirror file and survive a restart", async () => {
    const path = tempDbPath();
    const a = await apiHarness({ ...NO_BURST, path });
    const second = await openMirror(path);
    const b = await apiHarness({ ...NO_BURST, mirror: second });
    try {
      const { key, workspace_id } = await a.key({ plan: "starter" });
      const both = await Promise.all(Array.from({ length: 130 }, (_, i) => (i % 2 ? a : b).query(key, QUESTION)));
      expect(both.filter((r) => r.statusCode === 200)).toHaveLength(100);
      expect(both.filter((r) => r.statusCode === 429)).toHaveLength(30);
      await a.close();
      await b.close();
      await second.close();

      const mirror = await openMirror(path);
      const reopened = await apiHarness({ ...NO_BURST, mirror });
      try {
        expect(usage(reopened, workspace_id)).toBe(100);
        expect((await reopened.query(key, QUESTION)).statusCode).toBe(429);
      } finally {
        await reopened.close();
        await mirror.close();
      }
    } finally {
      await a.close();
      await b.close();
      await second.close();
    }
  });

  it("a question that cannot be understood does not use up the quota", async () => {
    const h = await apiHarness(NO_BURST);
    try {
      const { key, workspace_id } = await h.key({ plan: "starter" });
      expect((await h.query(key, { query: "what is the meaning of life" })).statusCode).toBe(400);
      expect(usage(h, workspace_id)).toBe(0);
    } finally {
      await h.close();
    }
  });
});

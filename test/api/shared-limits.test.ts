// Several `serve` instances on one PostgreSQL database share one set of daily quotas: the count is kept
// and checked in the database by one atomic statement, so instances answering at once never pass the
// limit together, and a restarted instance finds the counts where they were.
import { describe, expect, it } from "vitest";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { apiHarness } from "../helpers/api-harness.js";
import { BACKENDS } from "../helpers/backends.js";
import { buildTwoSellerMirror } from "../helpers/two-sellers.js";

const QUESTION = { query: "how much did I sell last month" };
// Daily quotas only: the per-second burst limit is lifted (the test clock stands still).
const NO_BURST = { burstPerSecond: { starter: 10_000, business: 10_000, enterprise: 10_000 } };

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("two instances on $name", (backend) => {
  it("300 requests at once with a starter key, spread over both, answer exactly 100", async () => {
    const location = await backend.location();
    const first = await buildTwoSellerMirror(location);
    // On a server, the second instance has connections of its own; PGlite has one session for both.
    const second: Mirror = backend.name === "postgres" ? await openStore(location) : first;
    const a = await apiHarness({ ...NO_BURST, mirror: first });
    const b = await apiHarness({ ...NO_BURST, mirror: second });
    try {
      const { key } = await a.key({ plan: "starter" });
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? a : b).query(key, QUESTION)),
      );
      const codes = answers.map((r) => (r.statusCode === 200 ? "ok" : r.json().error.code));
      expect(codes.filter((c) => c === "ok")).toHaveLength(100);
      expect(codes.filter((c) => c === "quota_exceeded")).toHaveLength(200);

      // A restart keeps the count: a new instance on the database refuses the next request too.
      await a.close();
      const restarted = await apiHarness({ ...NO_BURST, mirror: first });
      try {
        const again = await restarted.query(key, QUESTION);
        expect(again.statusCode).toBe(429);
        expect(again.json().error.code).toBe("quota_exceeded");
      } finally {
        await restarted.close();
      }
    } finally {
      await a.close();
      await b.close();
      if (second !== first) await second.close();
      await first.close();
    }
  });

  it("a burst of 60 requests in one second with a key allowed 20 a second, spread over both, answers exactly 20", async () => {
    const location = await backend.location();
    const first = await buildTwoSellerMirror(location);
    const second: Mirror = backend.name === "postgres" ? await openStore(location) : first;
    // Both instances read the same wall-clock second (the test's, standing still), as servers on one clock do.
    const atOnce = { burstPerSecond: { business: 20 }, timer: () => 1_795_000_000_500 };
    const a = await apiHarness({ ...atOnce, mirror: first });
    const b = await apiHarness({ ...atOnce, mirror: second });
    try {
      const { key } = await a.key({ plan: "business" });
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a : b).query(key, QUESTION)),
      );
      const codes = answers.map((r) => (r.statusCode === 200 ? "ok" : r.json().error.code));
      expect(codes.filter((c) => c === "ok")).toHaveLength(20);
      expect(codes.filter((c) => c === "rate_limited")).toHaveLength(40);
      const refused = answers.find((r) => r.statusCode === 429)!;
      expect(refused.headers["retry-after"]).toBe("1");
      expect(refused.headers.ratelimit).toBe('"burst";r=0;t=1');
    } finally {
      await a.close();
      await b.close();
      if (second !== first) await second.close();
      await first.close();
    }
  });

  it("requests refused before they are answered give back the unit taken with their burst count", async () => {
    const mirror = await buildTwoSellerMirror(await backend.location());
    const h = await apiHarness({ ...NO_BURST, mirror });
    try {
      const { key } = await h.key({ plan: "starter" });
      for (let i = 0; i < 3; i++) expect((await h.query(key, QUESTION)).statusCode).toBe(200);
      const refused = await Promise.all(
        Array.from({ length: 10 }, () => h.query(key, { query: "   " })).concat(
          Array.from({ length: 10 }, () => h.query(key, { ...QUESTION, account_id: "nobody" })),
        ),
      );
      expect(refused.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, (_, i) => (i < 10 ? 400 : 404)));
      const next = await h.query(key, QUESTION);
      expect(next.statusCode).toBe(200);
      expect(next.headers["x-ratelimit-remaining"]).toBe("96");
    } finally {
      await h.close();
      await mirror.close();
    }
  });
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { AmazonHttp } from "../../src/sync/amazon-http.js";
import { FakeTime } from "../helpers/sandbox-harness.js";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
});

/** A loopback server answering the scripted statuses in turn (then 200), with the given headers. */
async function scripted(
  statuses: number[],
  headers: Record<string, string> = {},
): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  server = createServer((_req, res) => {
    const status = statuses[hits++] ?? 200;
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify({ status }));
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, hits: () => hits };
}

describe("calls to Amazon", () => {
  it.each([
    { name: "429 twice", statuses: [429, 429], retried: 2, throttled: 2 },
    { name: "500 then 503", statuses: [500, 503], retried: 2, throttled: 0 },
    { name: "no failure", statuses: [], retried: 0, throttled: 0 },
  ])("retries $name with exponential backoff and full jitter", async ({ statuses, retried, throttled }) => {
    const { url, hits } = await scripted(statuses);
    const time = new FakeTime();
    const http = new AmazonHttp({ timing: time, baseBackoffMs: 1000 });
    const res = await http.send({ operation: "getReport", method: "GET", url });
    expect(res.status).toBe(200);
    expect(hits()).toBe(statuses.length + 1);
    expect(http.stats).toMatchObject({ retried, throttled });
    // random() is 0.5: half of each attempt's ceiling (1 s, 2 s, …), after the token bucket's own waits.
    const backoffs = time.sleeps.filter((ms) => ms === 500 || ms === 1000);
    expect(backoffs).toEqual([500, 1000].slice(0, retried));
  });

  it("gives up after its attempts with Amazon's status, and the error names no secret", async () => {
    const { url } = await scripted(Array(10).fill(500));
    const http = new AmazonHttp({ timing: new FakeTime(), maxAttempts: 3 });
    const error = await http
      .send({ operation: "createReport", method: "POST", url, headers: { "x-amz-access-token": "Atza|secret" } })
      .catch((e) => e);
    expect(error.message).toBe(
      "Amazon createReport answered 500: still failing after 3 attempts (500); try the sync again later.",
    );
    expect(error.message).not.toContain("Atza");
  });

  it("paces an operation by the rate Amazon announces in x-amzn-RateLimit-Limit", async () => {
    const { url } = await scripted([], { "x-amzn-RateLimit-Limit": "0.5" });
    const time = new FakeTime();
    const http = new AmazonHttp({ timing: time });
    // getReportDocument is documented at 0.0167/s with a burst of 15; the server says 0.5/s.
    for (let i = 0; i < 20; i++) await http.send({ operation: "getReportDocument", method: "GET", url });
    expect(http.bucket("getReportDocument").rate).toBe(0.5);
    // 15 from the burst, then one every 2 s: about 10 s of waiting, not 5 minutes.
    expect(time.ms).toBeGreaterThanOrEqual(9_000);
    expect(time.ms).toBeLessThanOrEqual(11_000);
  });
});

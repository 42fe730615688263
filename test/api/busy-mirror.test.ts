/**
 * The server keeps answering while another process (an import) holds the
 * mirror's write lock: reads go on, a request that must write waits without
 * blocking the others or is refused with 503 and Retry-After, and a refused
 * or failed request never keeps a quota unit.
 */
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SellerAiError } from "../../src/core/errors.js";
import { apiHarness, type Harness } from "../helpers/api-harness.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { holdWriteLock, type HeldLock } from "../helpers/write-lock.js";

const QUESTION = { query: "how much did I sell last month" };
const NO_BURST = { burstPerSecond: { starter: 10_000, business: 10_000, enterprise: 10_000 } };

let lock: HeldLock | undefined;
let h: Harness | undefined;
afterEach(async () => {
  lock?.release();
  lock = undefined;
  await h?.close();
  h = undefined;
});

function usage(harness: Harness, workspace: string): number {
  const row = harness.mirror.sqlite
    .prepare("select count from usage_counters where workspace_id = ? and kind = 'query'")
    .get(workspace) as { count: number } | undefined;
  return row?.count ?? 0;
}

function logLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: { level: "info", stream } as never };
}

describe("a server beside another process's write", () => {
  it("refuses a request that must count quota with 503 busy and Retry-After, and counts nothing", async () => {
    const path = tempDbPath();
    h = await apiHarness({ ...NO_BURST, path });
    const { key, workspace_id } = await h.key({ plan: "starter" });
    lock = holdWriteLock(path);
    const refused = await h.query(key, QUESTION);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe("busy");
    expect(refused.headers["retry-after"]).toBe("2");
    expect(refused.json().error.request_id).toBe(refused.headers["x-request-id"]);
    lock.release();
    expect(usage(h, workspace_id)).toBe(0);
    const answered = await h.query(key, QUESTION);
    expect(answered.statusCode).toBe(200);
    expect(usage(h, workspace_id)).toBe(1);
  });

  it("answers health checks and questions of a plan without daily limits while the lock is held", async () => {
    const path = tempDbPath();
    h = await apiHarness({ ...NO_BURST, path });
    const { key } = await h.key({ plan: "enterprise" });
    lock = holdWriteLock(path);
    const health = await h.app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    const first = await h.query(key, QUESTION);
    expect(first.statusCode).toBe(200);
    const conversation = first.json().metadata.conversation_id as string;
    lock.release();
    // The conversation saved in the background once the lock is free can be continued.
    const followUp = await h.query(key, { query: "and the month before?", conversation_id: conversation });
    expect(followUp.statusCode).toBe(200);
    expect(followUp.json().metadata.conversation_id).toBe(conversation);
  });

  it("gives back the quota unit of a request that failed while the lock was taken, once it is free", async () => {
    const path = tempDbPath();
    h = await apiHarness({
      ...NO_BURST,
      path,
      answer: async () => {
        // Another process takes the lock after the unit was counted; then the answer fails.
        lock = holdWriteLock(path);
        throw new SellerAiError("invalid_query", "not a question about the store");
      },
    });
    const { key, workspace_id } = await h.key({ plan: "starter" });
    const failed = await h.query(key, QUESTION);
    expect(failed.statusCode).toBe(400);
    expect(usage(h, workspace_id)).toBe(1);
    lock!.release();
    await vi.waitFor(() => expect(usage(h!, workspace_id)).toBe(0), { timeout: 10_000, interval: 20 });
  });

  it("logs a failed background write of remembered conversations and writes them once the lock is free", async () => {
    const path = tempDbPath();
    const log = logLines();
    h = await apiHarness({ ...NO_BURST, path, logger: log.logger });
    const { key } = await h.key({ plan: "enterprise" });
    expect((await h.query(key, QUESTION)).statusCode).toBe(200);
    lock = holdWriteLock(path);
    // Answered from the cache: its conversation is written behind, on a timer, and the lock refuses it.
    const remembered = await h.query(key, QUESTION);
    expect(remembered.statusCode).toBe(200);
    const conversation = remembered.json().metadata.conversation_id as string;
    await vi.waitFor(() => expect(log.lines.join("\n")).toMatch(/conversations not written yet; retrying/), {
      timeout: 10_000,
      interval: 20,
    });
    expect((await h.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    lock.release();
    await vi.waitFor(
      () =>
        expect(h!.mirror.sqlite.prepare("select id from conversations where id = ?").get(conversation)).toBeTruthy(),
      { timeout: 10_000, interval: 20 },
    );
  });
});

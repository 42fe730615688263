/**
 * The delivery worker in real processes: `seller-ai serve` killed in the
 * middle of a burst loses nothing once restarted, and two `webhooks
 * deliver` runs at once never send an event twice. Runs the built CLI
 * (npm test builds it first).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { recordEvent } from "../../src/events/index.js";
import { writeTransaction } from "../../src/store/dialect.js";
import { openMirror } from "../../src/store/open-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { buildTwoSellerMirror } from "../helpers/two-sellers.js";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver.js";

const BIN = "bin/seller-ai";

let db: string;
let receiver: Receiver;
const children: ChildProcess[] = [];

beforeEach(async () => {
  db = tempDbPath();
  await (await buildTwoSellerMirror(db)).close();
  receiver = await startReceiver([]);
  const io = captureIo({ clock: () => new Date() });
  const code = await runCli(
    ["--db", db, "webhooks", "add", receiver.url, "--events", "all", "--allow-http-webhooks", "--json"],
    io,
  );
  expect(io.err()).toBe("");
  expect(code).toBe(0);
  receiver.secrets.push(JSON.parse(io.out()).secret);
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  await receiver.close();
});

/** Records a burst of events in one transaction, as an import of many files would. */
async function burst(count: number): Promise<string[]> {
  const mirror = await openMirror(db);
  try {
    const now = new Date();
    return await writeTransaction(mirror.db, async (trx) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++)
        ids.push(
          (
            await recordEvent(trx, {
              type: "data_refresh.completed",
              account_id: i % 2 ? "acme" : "zenith",
              data: { id: `run_${i}` },
              now,
            })
          ).id,
        );
      return ids;
    });
  } finally {
    await mirror.close();
  }
}

function serve(): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(
    process.execPath,
    [BIN, "--db", db, "serve", "--port", "0", "--allow-http-webhooks", "--webhook-timeout", "1"],
    { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, SELLER_AI_LOG_LEVEL: "warn" } },
  );
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr!.on("data", (chunk) => {
      stderr += chunk;
      if (/listening on http/.test(stderr)) resolve({ child, exited });
    });
    child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
}

async function deliveryStates(): Promise<{ status: string; successes: number }[]> {
  const mirror = await openMirror(db);
  try {
    const rows = await mirror.db
      .selectFrom("webhook_deliveries as d")
      .select([
        "d.status",
        (eb) =>
          eb
            .selectFrom("webhook_attempts as a")
            .select((x) => x.fn.countAll<number>().as("n"))
            .whereRef("a.delivery_id", "=", "d.id")
            .where("a.succeeded", "=", 1)
            .as("successes"),
      ])
      .execute();
    return rows.map((r) => ({ status: r.status, successes: Number(r.successes) }));
  } finally {
    await mirror.close();
  }
}

describe("seller-ai serve delivering webhooks", () => {
  it("killed in the middle of a burst, delivers every event after a restart", async () => {
    const first = await serve();
    const ids = await burst(600);
    await vi.waitFor(() => expect(receiver.acknowledged.size).toBeGreaterThanOrEqual(60), {
      timeout: 30_000,
      interval: 5,
    });
    first.child.kill("SIGKILL");
    await first.exited;
    const beforeRestart = receiver.acknowledged.size;
    expect(beforeRestart).toBeLessThan(ids.length);

    const second = await serve();
    await vi.waitFor(() => expect(receiver.acknowledged.size).toBe(ids.length), { timeout: 45_000, interval: 50 });
    expect(new Set(receiver.acknowledged)).toEqual(new Set(ids));
    expect(receiver.requests.every((r) => r.verified)).toBe(true);
    // At least once: only attempts cut short by the kill may have reached the receiver twice.
    expect(receiver.requests.length - ids.length).toBeLessThanOrEqual(32);
    await vi.waitFor(
      async () => {
        const states = await deliveryStates();
        expect(states).toHaveLength(ids.length);
        expect(states.filter((s) => s.status !== "succeeded" || s.successes !== 1)).toEqual([]);
      },
      { timeout: 15_000, interval: 100 },
    );
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });
});

describe("two `seller-ai webhooks deliver` at once", () => {
  it("never send the same event twice", async () => {
    const ids = await burst(300);
    const run = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [BIN, "--db", db, "webhooks", "deliver", "--allow-http-webhooks", "--json"],
          {
            stdio: ["ignore", "pipe", "inherit"],
          },
        );
        children.push(child);
        let out = "";
        child.stdout!.on("data", (chunk) => (out += chunk));
        child.on("exit", (code) => resolve({ code, out }));
      });
    const runs = await Promise.all([run(), run()]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    const counts = runs.map((r) => JSON.parse(r.out));
    expect(counts[0].succeeded + counts[1].succeeded).toBe(ids.length);
    expect(receiver.requests).toHaveLength(ids.length);
    expect(new Set(receiver.requests.map((r) => r.id))).toEqual(new Set(ids));
    expect(receiver.requests.every((r) => r.verified)).toBe(true);
  });
});

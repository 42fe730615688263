import { describe, expect, it } from "vitest";
import { parseInterval, SyncSchedule } from "../../src/sync/schedule.js";

describe("--sync-every", () => {
  it.each([
    ["6h", 6 * 3_600_000],
    ["30m", 30 * 60_000],
    ["1d", 86_400_000],
    ["90s", 90_000],
  ])("reads %s", (text, ms) => {
    expect(parseInterval(text)).toBe(ms);
  });

  it.each(["6", "often", "10s", "-1h"])("refuses %s with an error naming the option", (text) => {
    expect(() => parseInterval(text)).toThrow(/--sync-every must be/);
  });

  it("logs a failed round, retries it sooner with backoff, and goes back to the interval after a success", async () => {
    const planned: number[] = [];
    const pending: (() => void)[] = [];
    const logged: { level: string; message: string; fields: Record<string, unknown> }[] = [];
    const outcomes = [new Error("Amazon answered 503"), new Error("still 503"), undefined];
    const schedule = new SyncSchedule({
      everyMs: 6 * 3_600_000,
      retryMs: 60_000,
      log: {
        info: (fields, message) => logged.push({ level: "info", message, fields }),
        error: (fields, message) => logged.push({ level: "error", message, fields }),
      },
      syncAll: async () => {
        const outcome = outcomes.shift();
        if (outcome) throw outcome;
        return [{ account: "amazon-A1", status: "ok", rows: 12 }];
      },
      setTimer: (fn, ms) => {
        planned.push(ms);
        pending.push(fn);
        return {};
      },
      clearTimer: () => undefined,
    });
    schedule.start();
    for (let round = 0; round < 3; round++) {
      pending.shift()!();
      // The round runs in the background, as it does in the server; let it finish.
      await new Promise((r) => setTimeout(r, 0));
    }
    await schedule.stop();
    // First round at once; two failures retried after 1 and 2 minutes; then the 6-hour interval.
    expect(planned).toEqual([0, 60_000, 120_000, 6 * 3_600_000]);
    expect(logged.map((l) => `${l.level}: ${l.message}`)).toEqual([
      "error: scheduled sync failed",
      "error: scheduled sync failed",
      "info: scheduled sync finished",
    ]);
    expect(logged[0].fields).toMatchObject({ err_message: "Amazon answered 503", retry_in_ms: 60_000 });
  });
});

import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Webhook } from "standardwebhooks";
import { recordEvent } from "../../src/events/index.js";
import { claimDelivery } from "../../src/store/webhook-deliveries.js";
import {
  DISABLE_AFTER_FAILING_MS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  WebhookService,
  fanOutEvents,
  retryDelayMs,
  signedHeaders,
  signingSecrets,
} from "../../src/webhooks/index.js";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver.js";
import {
  recordRefreshes,
  testClock,
  webhookFixture,
  type TestClock,
  type WebhookFixture,
} from "../helpers/webhook-setup.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe("signatures", () => {
  it("reproduce the Standard Webhooks specification's published test vector", () => {
    // From the specification's reference libraries (standard-webhooks/libraries, "sign function works").
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    const at = new Date(1614265330 * 1000);
    const body = '{"test": 2432232314}';
    const headers = signedHeaders([secret], id, at, body);
    expect(headers).toEqual({
      "webhook-id": id,
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    });
    // The scheme itself, by hand: HMAC-SHA256 over "id.timestamp.body" with the base64-decoded secret.
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const byHand = createHmac("sha256", key).update(`${id}.1614265330.${body}`).digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${byHand}`);
  });

  it("carry the previous secret's signature beside the new one for 24 hours after a rotation, then only the new one", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const endpoint = {
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      previous_secret: "whsec_dGhlIG9sZCBzZWNyZXQgb2YgdGhlIGVuZHBvaW50",
      previous_secret_expires_at: "2026-11-22T12:00:00.000Z",
    };
    const during = signedHeaders(signingSecrets(endpoint, now), "evt_1", now, "{}");
    expect(during["webhook-signature"].split(" ")).toHaveLength(2);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    try {
      for (const secret of [endpoint.secret, endpoint.previous_secret])
        expect(() => new Webhook(secret).verify("{}", during)).not.toThrow();
      const later = new Date("2026-11-22T12:00:01Z");
      vi.setSystemTime(later);
      const after = signedHeaders(signingSecrets(endpoint, later), "evt_1", later, "{}");
      expect(after["webhook-signature"].split(" ")).toHaveLength(1);
      expect(() => new Webhook(endpoint.previous_secret).verify("{}", after)).toThrow(/No matching signature/);
      expect(() => new Webhook(endpoint.secret).verify("{}", after)).not.toThrow();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the retry schedule", () => {
  it.each([
    [1, 5 * SECOND],
    [2, 5 * MINUTE],
    [3, 30 * MINUTE],
    [4, 2 * 60 * MINUTE],
    [5, 5 * 60 * MINUTE],
    [6, 10 * 60 * MINUTE],
    [7, 10 * 60 * MINUTE],
  ])("waits about %i-th delay after a failure, moved by at most 10%%", (failed, delay) => {
    expect(retryDelayMs(failed, () => 0.5)).toBe(delay);
    expect(retryDelayMs(failed, () => 0)).toBe(Math.round(delay * 0.9));
    expect(retryDelayMs(failed, () => 0.999999)).toBeLessThanOrEqual(Math.round(delay * 1.1));
  });

  it("stops after eight attempts", () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect(RETRY_DELAYS_MS).toHaveLength(7);
    expect(retryDelayMs(8, () => 0.5)).toBeUndefined();
  });
});

describe("delivery to a receiver", () => {
  let f: WebhookFixture;
  let clock: TestClock;
  let receiver: Receiver;

  beforeEach(async () => {
    clock = testClock();
    f = await webhookFixture({ service: { clock: () => clock.now, random: () => 0.5 } });
    receiver = await startReceiver([]);
  });

  afterEach(async () => {
    await receiver.close();
    await f.close();
    vi.useRealTimers();
  });

  async function subscribe(events: string[] = ["*"], workspaceId = f.workspaceId) {
    const created = await f.service.create({ workspaceId, url: receiver.url, events });
    receiver.secrets.push(created.secret);
    return created;
  }

  async function drain(service: WebhookService = f.service) {
    return service.worker().runOnce();
  }

  it("sends each event once to every endpoint subscribed to its type whose workspace sees its account", async () => {
    const all = await subscribe(["*"]);
    const prices = await subscribe(["price_change.detected"]);
    const other = await f.service.create({ workspaceId: f.workspaceId, url: `${receiver.url}/other`, events: ["*"] });
    receiver.secrets.push(other.secret);
    await f.service.remove(other.id);
    const refresh = await f.mirror.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, { type: "data_refresh.completed", account_id: "acme", data: { id: "run_1" }, now: clock.now }),
      );
    const price = await f.mirror.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, { type: "price_change.detected", account_id: "zenith", data: { id: "pc_1" }, now: clock.now }),
      );
    // An account no workspace sees reaches no one.
    await f.mirror.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, { type: "price_change.detected", account_id: "nobody", data: { id: "pc_2" }, now: clock.now }),
      );
    const summary = await drain();
    expect(summary.succeeded).toBe(3);
    expect(receiver.requests.every((r) => r.verified)).toBe(true);
    const got = receiver.requests.map((r) => `${r.id} ${r.payload.type}`).sort();
    expect(got).toEqual(
      [
        `${refresh.id} data_refresh.completed`,
        `${price.id} price_change.detected`,
        `${price.id} price_change.detected`,
      ].sort(),
    );
    const bodies = receiver.requests.filter((r) => r.id === refresh.id).map((r) => r.payload);
    expect(bodies).toEqual([
      { type: "data_refresh.completed", timestamp: clock.now.toISOString(), data: { id: "run_1", account_id: "acme" } },
    ]);
    expect((await f.service.get(all.id)).deliveries.succeeded).toBe(2);
    expect((await f.service.get(prices.id)).deliveries.succeeded).toBe(1);
    // Nothing is sent twice, and an endpoint added later gets no event from before it existed.
    await subscribe(["*"]);
    expect((await drain()).outcomes).toEqual([]);
    expect(receiver.requests).toHaveLength(3);
  });

  it("retries a receiver that fails the first three attempts on the schedule, and logs exactly one success", async () => {
    const endpoint = await subscribe();
    receiver.answer = (_request, nth) => (nth <= 3 ? 500 : 200);
    const [eventId] = await recordRefreshes(f.mirror, 1, clock.now);
    const waits = [5 * SECOND, 5 * MINUTE, 30 * MINUTE];
    expect((await drain()).retrying).toBe(1);
    for (const wait of waits) {
      // Not due a moment before its time…
      clock.advance(wait - 1);
      expect((await drain()).outcomes).toEqual([]);
      // …and tried at it.
      clock.advance(1);
      const summary = await drain();
      expect(summary.outcomes).toHaveLength(1);
    }
    const [delivery] = await f.service.deliveries(endpoint.id, undefined);
    expect(delivery.status).toBe("succeeded");
    expect(delivery.attempts.map((a) => [a.attempt, a.status_code, a.succeeded])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 500, false],
      [4, 200, true],
    ]);
    expect(delivery.attempts.filter((a) => a.succeeded)).toHaveLength(1);
    expect(delivery.attempts[0].error).toBe("answered 500");
    expect(receiver.requests.map((r) => [r.id, r.verified])).toEqual(Array(4).fill([eventId, true]));
    // Each attempt is signed at its own time; the event keeps its id.
    expect(new Set(receiver.requests.map((r) => r.timestamp)).size).toBe(4);
    clock.advance(24 * 60 * MINUTE);
    expect((await drain()).outcomes).toEqual([]);
    expect(receiver.acknowledged).toEqual(new Set([eventId]));
  });

  it("delivers every event of a burst after the receiver, killed in the middle of it, comes back", async () => {
    const endpoint = await subscribe();
    const ids = await recordRefreshes(f.mirror, 120, clock.now);
    let served = 0;
    receiver.answer = () => {
      served++;
      if (served === 40) void receiver.kill();
      return 200;
    };
    const first = await drain();
    expect(first.retrying).toBeGreaterThan(0);
    expect(receiver.acknowledged.size).toBeLessThan(ids.length);
    await receiver.revive();
    for (let round = 0; round < 5 && receiver.acknowledged.size < ids.length; round++) {
      clock.advance(60 * MINUTE);
      await drain();
    }
    expect([...receiver.acknowledged].sort()).toEqual([...ids].sort());
    expect(receiver.requests.every((r) => r.verified)).toBe(true);
    const log = await f.service.deliveries(endpoint.id, undefined, { limit: 200 });
    expect(log).toHaveLength(ids.length);
    for (const d of log) {
      expect(d.status).toBe("succeeded");
      expect(d.attempts.filter((a) => a.succeeded)).toHaveLength(1);
    }
  });

  it("disables an endpoint that answers 410 Gone, and lists it as disabled with the reason", async () => {
    const endpoint = await subscribe();
    receiver.answer = () => 410;
    await recordRefreshes(f.mirror, 2, clock.now);
    const summary = await drain();
    expect(summary.failed).toBeGreaterThanOrEqual(1);
    const [listed] = await f.service.list(f.workspaceId);
    expect(listed).toMatchObject({ id: endpoint.id, status: "disabled" });
    expect(listed.disabled_reason).toMatch(/410 Gone/);
    // Nothing more is sent to it, now or later.
    const sent = receiver.requests.length;
    await recordRefreshes(f.mirror, 1, clock.now);
    clock.advance(60 * MINUTE);
    await drain();
    expect(receiver.requests).toHaveLength(sent);
  });

  it("disables an endpoint that has not succeeded for five days", async () => {
    const endpoint = await subscribe();
    receiver.answer = () => 503;
    for (let day = 0; day <= 5; day++) {
      await recordRefreshes(f.mirror, 1, clock.now);
      await drain();
      const [listed] = await f.service.list(f.workspaceId);
      expect(listed.status).toBe(day < 5 ? "enabled" : "disabled");
      if (day === 0) expect(listed.failing_since).toBe(clock.now.toISOString());
      clock.advance(DISABLE_AFTER_FAILING_MS / 5);
    }
    const [listed] = await f.service.list(f.workspaceId);
    expect(listed.disabled_reason).toMatch(/every delivery failed since .* \(5 days\)/);
    // Enabled again, the deliveries still queued resume.
    receiver.answer = () => 200;
    await f.service.enable(endpoint.id);
    clock.advance(24 * 60 * MINUTE);
    await drain();
    const after = await f.service.get(endpoint.id);
    expect(after).toMatchObject({ status: "enabled", failing_since: null });
    expect(after.deliveries.succeeded).toBeGreaterThan(0);
  });

  it("does not follow a redirect: it is a failed attempt", async () => {
    const endpoint = await subscribe();
    receiver.answer = () => ({ status: 302, headers: { location: `${receiver.url}/moved` } });
    await recordRefreshes(f.mirror, 1, clock.now);
    const summary = await drain();
    expect(summary.retrying).toBe(1);
    expect(receiver.requests.map((r) => r.id)).toHaveLength(1);
    const [delivery] = await f.service.deliveries(endpoint.id, undefined);
    expect(delivery.attempts[0]).toMatchObject({ status_code: 302, succeeded: false });
    expect(delivery.attempts[0].error).toMatch(/redirect to .*\/moved not followed/);
  });

  it("counts a receiver that does not answer within the timeout as a failure to retry", async () => {
    const quick = new WebhookService({
      db: f.mirror.db,
      policy: { allowHttpLoopback: true },
      clock: () => clock.now,
      random: () => 0.5,
      timeoutMs: 200,
    });
    try {
      const endpoint = await subscribe();
      receiver.answer = () => "hang";
      await recordRefreshes(f.mirror, 1, clock.now);
      const summary = await drain(quick);
      expect(summary.retrying).toBe(1);
      const [delivery] = await quick.deliveries(endpoint.id, undefined);
      expect(delivery.attempts[0]).toMatchObject({ status_code: null, error: "no answer within 0.2 s" });
      expect(delivery.next_attempt_at).toBe(new Date(clock.now.getTime() + 5 * SECOND).toISOString());
    } finally {
      quick.close();
    }
  });

  it("queues again the delivery of a worker that died mid-attempt once its lease runs out", async () => {
    const endpoint = await subscribe();
    const [eventId] = await recordRefreshes(f.mirror, 1, clock.now);
    await fanOutEvents(f.mirror.db, clock.now);
    const [queued] = await f.service.deliveries(endpoint.id, undefined);
    // A worker claims it, then its process dies: no outcome is ever recorded.
    const lease = new Date(clock.now.getTime() + 20 * SECOND).toISOString();
    const at = clock.now.toISOString();
    expect(await claimDelivery(f.mirror.db, queued.id, "wk_dead", at, lease)).toEqual({
      attempts: 1,
      attempt_number: 1,
    });
    expect(await claimDelivery(f.mirror.db, queued.id, "wk_other", at, lease)).toBeUndefined();
    expect((await drain()).outcomes).toEqual([]);
    clock.advance(20 * SECOND + 1);
    const summary = await drain();
    expect(summary.succeeded).toBe(1);
    expect(receiver.acknowledged).toEqual(new Set([eventId]));
    const [delivery] = await f.service.deliveries(endpoint.id, undefined);
    expect(delivery.attempts.map((a) => [a.succeeded, a.error?.slice(0, 29) ?? null])).toEqual([
      [false, "the attempt was interrupted ("],
      [true, null],
    ]);
  });

  it("gives its claims back when stopped, so the next worker delivers them at once", async () => {
    const endpoint = await subscribe();
    receiver.answer = () => "hang";
    await recordRefreshes(f.mirror, 1, clock.now);
    const worker = f.service.worker({ pollMs: 10 });
    worker.start();
    await vi.waitFor(() => expect(receiver.requests).toHaveLength(1), { timeout: 10_000, interval: 10 });
    await worker.stop();
    const [delivery] = await f.service.deliveries(endpoint.id, undefined);
    expect(delivery).toMatchObject({ status: "pending", attempts: [] });
    receiver.answer = () => 200;
    expect((await drain()).succeeded).toBe(1);
  });

  it("keeps delivered events 30 days after their delivery, and events still being delivered as long as needed", async () => {
    const endpoint = await subscribe();
    const [delivered] = await recordRefreshes(f.mirror, 1, clock.now);
    await drain();
    receiver.answer = () => 500;
    const [failing] = await recordRefreshes(f.mirror, 1, clock.now);
    await drain();
    const stored = async () => (await f.mirror.db.selectFrom("events").select("id").execute()).map((e) => e.id).sort();
    clock.advance(29 * 24 * 60 * MINUTE);
    await drain();
    expect(await stored()).toEqual([delivered, failing].sort());
    clock.advance(2 * 24 * 60 * MINUTE);
    await drain();
    // The failing one is still being retried (the clock jumped past its schedule): it stays.
    expect(await stored()).toEqual([failing]);
    const log = await f.service.deliveries(endpoint.id, undefined);
    expect(log.map((d) => d.event_id)).toEqual([failing]);
  });

  it("logs a failure of the queue itself, tries again and keeps running", async () => {
    await subscribe();
    const [eventId] = await recordRefreshes(f.mirror, 1, clock.now);
    let failures = 2;
    const flaky = f.mirror.db.withPlugin({
      transformQuery(args) {
        if (failures > 0) {
          failures--;
          throw new Error("disk I/O error");
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const logged: string[] = [];
    const log = {
      info: () => undefined,
      warn: () => undefined,
      error: (fields: Record<string, unknown>, message: string) =>
        logged.push(`${message}: ${(fields.err as Error).message}`),
    };
    const service = new WebhookService({ db: flaky, policy: { allowHttpLoopback: true }, clock: () => clock.now });
    const worker = service.worker({ log, pollMs: 10 });
    try {
      worker.start();
      await vi.waitFor(() => expect(receiver.acknowledged).toEqual(new Set([eventId])), { timeout: 20_000 });
      expect(logged[0]).toBe("webhook delivery worker failed; retrying: disk I/O error");
      expect(logged.length).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.stop();
      service.close();
    }
  });

  it("keeps a failing receiver's deliveries to its attempts: eight, then failed for good", async () => {
    const endpoint = await subscribe();
    receiver.answer = () => 500;
    await recordRefreshes(f.mirror, 1, clock.now);
    for (let i = 0; i < 10; i++) {
      await drain();
      clock.advance(11 * 60 * MINUTE);
    }
    const [delivery] = await f.service.deliveries(endpoint.id, undefined);
    expect(delivery.status).toBe("failed");
    expect(delivery.attempts).toHaveLength(MAX_ATTEMPTS);
    expect(delivery.attempts.at(-1)?.next_attempt_at).toBeNull();
  });
});

describe("several workers", () => {
  // Workers in separate processes: test/webhooks/serve.test.ts.
  it("in one process never deliver the same attempt twice", async () => {
    const f = await webhookFixture();
    const other = new WebhookService({ db: f.mirror.db, policy: { allowHttpLoopback: true } });
    const receiver = await startReceiver([]);
    try {
      const endpoint = await f.service.create({ workspaceId: f.workspaceId, url: receiver.url, events: ["*"] });
      receiver.secrets.push(endpoint.secret);
      const ids = await recordRefreshes(f.mirror, 300, new Date());
      const [a, b] = await Promise.all([
        f.service.worker({ concurrency: 8 }).runOnce(),
        other.worker({ concurrency: 8 }).runOnce(),
      ]);
      expect(a.succeeded + b.succeeded).toBe(ids.length);
      expect(a.succeeded).toBeGreaterThan(0);
      expect(b.succeeded).toBeGreaterThan(0);
      expect(receiver.requests).toHaveLength(ids.length);
      expect(new Set(receiver.requests.map((r) => r.id))).toEqual(new Set(ids));
    } finally {
      await receiver.close();
      other.close();
      await f.close();
    }
  });
});

describe("the outbox", () => {
  it("keeps no event of a change whose transaction rolled back", async () => {
    const f = await webhookFixture();
    try {
      await expect(
        f.mirror.db.transaction().execute(async (trx) => {
          await recordEvent(trx, { type: "inventory.alert", account_id: "acme", data: { id: "a1" }, now: new Date() });
          throw new Error("the change failed");
        }),
      ).rejects.toThrow("the change failed");
      expect(await f.mirror.db.selectFrom("events").selectAll().execute()).toEqual([]);
    } finally {
      await f.close();
    }
  });
});

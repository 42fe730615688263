// End to end: each of the five event categories, recorded by its real cause
// (a demo generation's refresh and competitor offers, the anomaly scan over
// its planted anomalies, an alert rule crossing, an async insights job), is
// delivered to a real receiver on 127.0.0.1 that verifies every signature
// with the Standard Webhooks library.
import { afterEach, describe, expect, it } from "vitest";
import { answerUnderstanding } from "../../src/answer/answer.js";
import { createApiKey } from "../../src/accounts/keys.js";
import { EVENT_TYPES } from "../../src/events/index.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { checkAlerts } from "../../src/insights/alerts.js";
import { watchAnomalies } from "../../src/insights/anomaly-watch.js";
import { InsightJobWorker } from "../../src/insights/job-worker.js";
import { createAccount } from "../../src/store/accounts.js";
import { enqueueInsightJob } from "../../src/store/insight-jobs.js";
import { listEvents } from "../../src/store/events.js";
import type { Mirror } from "../../src/store/open-mirror.js";
import { WebhookService } from "../../src/webhooks/index.js";
import { FIXTURE_TODAY } from "../helpers/small-mirror.js";
import { buildTwoSellerMirror } from "../helpers/two-sellers.js";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver.js";

const NOW = new Date(`${FIXTURE_TODAY}T12:00:00.000Z`);
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function causeEveryEvent(mirror: Mirror) {
  // A demo generation: its refresh and the moves in its competitor offers; the scan finds its planted anomalies.
  await generateDemo(mirror, { seed: 1, end: "2026-11-20", scale: "small", now: NOW });
  await watchAnomalies(mirror.db, { now: NOW, accountId: "demo" });
  // An alert rule on the fixture seller's stock crosses.
  await answerUnderstanding(
    {
      intent: "create_alert",
      area: "account",
      confidence: 1,
      filters: { conditions: [{ metric: "available_quantity", op: "<", value: 100 }] },
      interpretation: "test",
    },
    { db: mirror.db, now: NOW, accountId: "acme" },
  );
  await checkAlerts(mirror.db, { now: NOW, accountId: "acme" });
  // An async insights job finishes.
  await enqueueInsightJob(mirror.db, {
    id: "job_e2e",
    accountId: "acme",
    workspaceId: null,
    request: { type: "risks", accountId: "acme" },
    at: NOW.toISOString(),
  });
  const log = { info: () => undefined, error: () => undefined };
  await new InsightJobWorker({ db: mirror.db, clock: () => NOW, log }).drain();
}

describe("events delivered by their causes", () => {
  let receiver: Receiver;

  it("reach a receiver signed, one delivery per event, for every category", async () => {
    const mirror = await buildTwoSellerMirror();
    open.push(mirror);
    // The endpoint's workspace sees the fixture seller and the demo seller (generated anew below); an endpoint
    // receives the events that happen after it is made.
    await createAccount(mirror.db, {
      id: "demo",
      name: "Demo",
      provider: "demo",
      homeCurrency: "USD",
      createdAt: NOW.toISOString(),
      marketplaces: [{ code: "US", currency: "USD" }],
    });
    const key = await createApiKey(mirror.db, { name: "hooks", plan: "business", scopes: ["webhooks"], now: NOW });
    const service = new WebhookService({ db: mirror.db, policy: { allowHttpLoopback: true } });
    open.push({ close: async () => service.close() });
    receiver = await startReceiver([]);
    open.push(receiver);
    const endpoint = await service.create({ workspaceId: key.workspace_id, url: receiver.url, events: ["*"] });
    receiver.secrets.push(endpoint.secret);
    await causeEveryEvent(mirror);

    const events = await listEvents(mirror.db, { limit: 10_000 });
    const types = new Set(events.map((e) => e.type));
    expect([...types].sort()).toEqual(EVENT_TYPES.filter((t) => t !== "billing.payment_failed").sort());
    for (let round = 0; round < 20 && receiver.acknowledged.size < events.length; round++)
      await service.worker({ concurrency: 8 }).runOnce();

    expect(receiver.requests.every((r) => r.verified)).toBe(true);
    expect(receiver.acknowledged).toEqual(new Set(events.map((e) => e.id)));
    expect(receiver.requests).toHaveLength(events.length);
    const received = new Map(receiver.requests.map((r) => [r.id, r.payload]));
    for (const event of events) expect(received.get(event.id)).toEqual(JSON.parse(event.payload));
    expect(new Set(receiver.requests.map((r) => r.payload.type))).toEqual(types);
  }, 180_000);
});

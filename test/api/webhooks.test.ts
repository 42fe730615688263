import { Validator } from "@seriousme/openapi-schema-validator";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES, recordEvent } from "../../src/events/index.js";
import { apiHarness, type Harness } from "../helpers/api-harness.js";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver.js";

let h: Harness;
let receiver: Receiver;
let key: string;
let otherKey: string;

beforeAll(async () => {
  h = await apiHarness({ webhooks: { allowHttpWebhooks: true } });
  key = (await h.key({ scopes: ["webhooks"], accounts: ["acme"] })).key;
  otherKey = (await h.key({ scopes: ["webhooks", "query"], accounts: ["zenith"] })).key;
  receiver = await startReceiver([]);
});

afterAll(async () => {
  await receiver.close();
  await h.close();
});

afterEach(() => {
  receiver.answer = () => 200;
});

function call(
  method: "GET" | "POST" | "DELETE",
  url: string,
  body?: unknown,
  as: string | null = key,
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url,
    headers: as === null ? {} : { authorization: `Bearer ${as}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function create(events: string[] = ["*"], url = receiver.url) {
  const res = await call("POST", "/v1/webhooks", { url, events, description: "ops" });
  expect(res.statusCode).toBe(200);
  const created = res.json();
  receiver.secrets.push(created.secret);
  return created as { id: string; secret: string; url: string; events: string[]; status: string; created_at: string };
}

function expectError(res: LightMyRequestResponse, status: number, code: string, message?: RegExp) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe(code);
  expect(body.error.request_id).toBe(res.headers["x-request-id"]);
  if (message) expect(body.error.message).toMatch(message);
}

describe("POST /v1/webhooks", () => {
  it("subscribes an endpoint and shows its whsec_ secret this once", async () => {
    const res = await call("POST", "/v1/webhooks", {
      url: receiver.url,
      events: ["data_refresh.completed", "price_change.detected"],
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    receiver.secrets.push(created.secret);
    expect(created).toMatchObject({
      url: receiver.url,
      events: ["data_refresh.completed", "price_change.detected"],
      status: "enabled",
      description: null,
    });
    expect(created.id).toMatch(/^we_[A-Za-z0-9_-]{22}$/);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), "base64")).toHaveLength(32);
    expect(Date.parse(created.created_at)).not.toBeNaN();
    const listed = (await call("GET", "/v1/webhooks")).json().data;
    const mine = listed.find((w: { id: string }) => w.id === created.id);
    expect(mine).toBeDefined();
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(mine).not.toHaveProperty("secret");
  });

  it.each([
    [{ events: ["*"] }, 400, "invalid_request", /url is required/],
    [{ url: "https://hooks.example.com/in" }, 400, "invalid_request", /events is required/],
    [{ url: "https://hooks.example.com/in", events: [] }, 400, "invalid_request", /events/],
    [{ url: "https://hooks.example.com/in", events: ["order.created"] }, 400, "invalid_request", /events/],
    [
      { url: "https://hooks.example.com/in", events: ["*"], secret: "x" },
      400,
      "invalid_request",
      /secret is not a known field/,
    ],
    [{ url: "http://hooks.example.com/in", events: ["*"] }, 400, "invalid_request", /url must use https/],
    [{ url: "https://10.0.0.8/in", events: ["*"] }, 400, "invalid_request", /private address/],
    [{ url: "https://169.254.169.254/latest", events: ["*"] }, 400, "invalid_request", /cloud metadata/],
    [{ url: "https://[::ffff:192.168.1.1]/in", events: ["*"] }, 400, "invalid_request", /private address/],
    [{ url: "https://db.internal/in", events: ["*"] }, 400, "invalid_request", /internal network/],
  ])("refuses %j with the one error body", async (body, status, code, message) => {
    expectError(await call("POST", "/v1/webhooks", body), status, code, message);
  });

  it("needs a key with the webhooks scope", async () => {
    expectError(await call("POST", "/v1/webhooks", { url: receiver.url, events: ["*"] }, null), 401, "unauthorized");
    const queryOnly = (await h.key({ scopes: ["query"] })).key;
    expectError(
      await call("POST", "/v1/webhooks", { url: receiver.url, events: ["*"] }, queryOnly),
      403,
      "forbidden",
      /lacks the "webhooks" scope/,
    );
  });

  it("refuses http:// to this machine unless the server allows it", async () => {
    const strict = await apiHarness({ mirror: h.mirror });
    try {
      const res = await strict.app.inject({
        method: "POST",
        url: "/v1/webhooks",
        headers: { authorization: `Bearer ${key}` },
        payload: { url: receiver.url, events: ["*"] },
      });
      expectError(res, 400, "invalid_request", /url must use https/);
      expect(res.json().error.suggestions.join(" ")).toMatch(/--allow-http-webhooks/);
    } finally {
      await strict.close();
    }
  });
});

describe("a workspace's webhooks", () => {
  it("are its own: another workspace's id is unknown", async () => {
    const mine = await create();
    for (const [method, url] of [
      ["GET", `/v1/webhooks/${mine.id}`],
      ["DELETE", `/v1/webhooks/${mine.id}`],
      ["POST", `/v1/webhooks/${mine.id}/test`],
      ["POST", `/v1/webhooks/${mine.id}/rotate-secret`],
      ["GET", `/v1/webhooks/${mine.id}/deliveries`],
    ] as const)
      expectError(await call(method, url, undefined, otherKey), 404, "not_found");
    const theirs = (await call("GET", "/v1/webhooks", undefined, otherKey)).json().data;
    expect(theirs.map((w: { id: string }) => w.id)).not.toContain(mine.id);
  });

  it("receive the events of the workspace's accounts only, signed", async () => {
    const mine = await create(["data_refresh.completed"]);
    const before = receiver.requests.length;
    const now = new Date();
    for (const account of ["acme", "zenith"])
      await h.mirror.db.transaction().execute((trx) =>
        recordEvent(trx, {
          type: "data_refresh.completed",
          account_id: account,
          data: { id: `run_${account}` },
          now,
        }),
      );
    const { WebhookService } = await import("../../src/webhooks/index.js");
    const worker = new WebhookService({ db: h.mirror.db, policy: { allowHttpLoopback: true } }).worker();
    await worker.runOnce();
    const got = receiver.requests.slice(before);
    const toMine = got.filter((r) => r.payload.type === "data_refresh.completed");
    expect(toMine.map((r) => r.payload.data.account_id)).toContain("acme");
    expect(toMine.map((r) => r.payload.data.account_id)).not.toContain("zenith");
    expect(got.filter((r) => !r.verified).map((r) => [r.payload.type, r.signature])).toEqual([]);
    const log = (await call("GET", `/v1/webhooks/${mine.id}/deliveries`)).json();
    expect(log.data.map((d: { event_type: string; status: string }) => [d.event_type, d.status])).toEqual([
      ["data_refresh.completed", "succeeded"],
    ]);
  });

  it("are deleted with their deliveries", async () => {
    const mine = await create();
    expect((await call("POST", `/v1/webhooks/${mine.id}/test`)).json().status).toBe("succeeded");
    const res = await call("DELETE", `/v1/webhooks/${mine.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: mine.id, deleted: true });
    expectError(await call("GET", `/v1/webhooks/${mine.id}`), 404, "not_found");
    const left = await h.mirror.db
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("endpoint_id", "=", mine.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("refuses an id of the wrong shape with a 400 naming it", async () => {
    expectError(await call("GET", "/v1/webhooks/nope"), 400, "invalid_request", /^id /);
  });
});

describe("test, rotation, deliveries log and replay", () => {
  it("POST /v1/webhooks/{id}/test sends a signed webhook.test event and answers how it went", async () => {
    const mine = await create();
    const res = await call("POST", `/v1/webhooks/${mine.id}/test`);
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ status: "succeeded", status_code: 200, error: null, next_attempt_at: null });
    const got = receiver.requests.at(-1)!;
    expect(got.verified).toBe(true);
    expect(got.id).toBe(result.event_id);
    expect(got.payload).toMatchObject({ type: "webhook.test", data: { webhook_id: mine.id } });
  });

  it("a failed test is logged and retried on the schedule", async () => {
    const mine = await create();
    receiver.answer = () => 503;
    const result = (await call("POST", `/v1/webhooks/${mine.id}/test`)).json();
    expect(result).toMatchObject({ status: "pending", status_code: 503, error: "answered 503" });
    const wait = Date.parse(result.next_attempt_at) - Date.now();
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThan(6_000);
  });

  it("rotating the secret signs with both secrets for 24 hours", async () => {
    const mine = await create();
    const rotated = (await call("POST", `/v1/webhooks/${mine.id}/rotate-secret`)).json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(mine.secret);
    const expires = Date.parse(rotated.previous_secret_expires_at) - Date.now();
    expect(Math.abs(expires - 24 * 3600_000)).toBeLessThan(60_000);
    // A receiver that knows only the old secret, then one that knows only the new one, both verify.
    for (const secrets of [[mine.secret], [rotated.secret]]) {
      const saved = receiver.secrets;
      receiver.secrets = secrets;
      try {
        expect((await call("POST", `/v1/webhooks/${mine.id}/test`)).json().status).toBe("succeeded");
        expect(receiver.requests.at(-1)!.signature.split(" ")).toHaveLength(2);
      } finally {
        receiver.secrets = saved;
      }
    }
    expect((await call("GET", `/v1/webhooks/${mine.id}`)).json().previous_secret_expires_at).toBe(
      rotated.previous_secret_expires_at,
    );
  });

  it("GET …/deliveries lists attempts with status codes, durations and errors, pages on, and replays one", async () => {
    const mine = await create();
    receiver.answer = () => 500;
    const failed = (await call("POST", `/v1/webhooks/${mine.id}/test`)).json();
    receiver.answer = () => 200;
    await call("POST", `/v1/webhooks/${mine.id}/test`);
    const page = (await call("GET", `/v1/webhooks/${mine.id}/deliveries?limit=1`)).json();
    expect(page.has_more).toBe(true);
    expect(page.data).toHaveLength(1);
    const rest = (await call("GET", `/v1/webhooks/${mine.id}/deliveries?limit=5&before=${page.data[0].id}`)).json();
    expect(rest.has_more).toBe(false);
    const old = rest.data[0];
    expect(old).toMatchObject({ id: failed.delivery_id, status: "pending", last_status_code: 500 });
    expect(old.attempts).toEqual([
      {
        attempt: 1,
        started_at: expect.any(String),
        duration_ms: expect.any(Number),
        status_code: 500,
        error: "answered 500",
        succeeded: false,
        next_attempt_at: failed.next_attempt_at,
      },
    ]);
    const replayed = await call("POST", `/v1/webhooks/${mine.id}/deliveries/${failed.delivery_id}/replay`);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toMatchObject({ delivery_id: failed.delivery_id, status: "succeeded", status_code: 200 });
    expect(receiver.requests.at(-1)!.id).toBe(failed.event_id);
    const after = (await call("GET", `/v1/webhooks/${mine.id}/deliveries?status=succeeded`)).json().data;
    const again = after.find((d: { id: string }) => d.id === failed.delivery_id);
    expect(again.attempts.map((a: { attempt: number; succeeded: boolean }) => [a.attempt, a.succeeded])).toEqual([
      [1, false],
      [2, true],
    ]);
    expectError(
      await call("POST", `/v1/webhooks/${mine.id}/deliveries/msg_unknown/replay`),
      404,
      "not_found",
      /no delivery "msg_unknown"/,
    );
    expectError(await call("GET", `/v1/webhooks/${mine.id}/deliveries?limit=abc`), 400, "invalid_request", /^limit /);
  });
});

describe("the API document", () => {
  it("documents the webhooks endpoints and every event type's payload in a valid OpenAPI 3.1 document", async () => {
    const doc = (await call("GET", "/v1/openapi.json", undefined, null)).json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(doc.paths["/v1/webhooks"].post.operationId).toBe("createWebhook");
    expect(
      doc.paths["/v1/webhooks/{id}/deliveries/{delivery_id}/replay"].post.parameters.map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(["id", "delivery_id"]);
    expect(
      doc.paths["/v1/webhooks/{id}/deliveries"].get.parameters.map(
        (p: { name: string; in: string }) => `${p.in}:${p.name}`,
      ),
    ).toEqual(["path:id", "query:limit", "query:status", "query:before"]);
    expect(doc.paths["/v1/webhooks"].post["x-required-scope"]).toBe("webhooks");
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES, "webhook.test"].sort());
    expect(
      doc.webhooks["price_change.detected"].post.requestBody.content["application/json"].schema.properties.type,
    ).toEqual({
      type: "string",
      const: "price_change.detected",
    });
  });
});

/** The receiver example of the README, run as it is printed there, against real deliveries. */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { webhookFixture, type WebhookFixture } from "../helpers/webhook-setup.js";

const MARKER = "<!-- webhook receiver example: test/webhooks/readme-receiver.test.ts runs it -->";

function receiverExample(): string {
  const readme = readFileSync("README.md", "utf8");
  const at = readme.indexOf(MARKER);
  expect(at).toBeGreaterThan(0);
  const block = /```js\n([\s\S]*?)```/.exec(readme.slice(at));
  expect(block).not.toBeNull();
  return block![1];
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let f: WebhookFixture | undefined;
let child: ReturnType<typeof spawn> | undefined;

afterEach(async () => {
  child?.kill();
  await f?.close();
});

describe("the README's receiver", () => {
  it("verifies real deliveries, handles each event once, and refuses a forged one", async () => {
    f = await webhookFixture();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/hooks`;
    const endpoint = await f.service.create({ workspaceId: f.workspaceId, url, events: ["*"] });
    // As the README says to run it; `-e` resolves `standardwebhooks` from this folder's node_modules.
    child = spawn(process.execPath, ["--input-type=module", "-e", receiverExample()], {
      env: { ...process.env, WEBHOOK_SECRET: endpoint.secret, PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout!.on("data", (chunk) => (out += chunk));
    await expect.poll(() => out, { timeout: 10_000 }).toContain(`listening on http://127.0.0.1:${port}`);

    const sent = await f.service.sendTest(endpoint.id);
    expect(sent).toMatchObject({ status: "succeeded", status_code: 204 });
    await expect.poll(() => out).toContain(`${sent.event_id} webhook.test {"webhook_id":"${endpoint.id}"`);
    const again = await f.service.replay(endpoint.id, sent.delivery_id);
    expect(again).toMatchObject({ status: "succeeded", status_code: 204 });
    expect(out.split(sent.event_id).length - 1).toBe(1);

    const forged = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": "evt_forged",
        "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
        "webhook-signature": "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
      },
      body: '{"type":"data_refresh.completed","timestamp":"2026-11-21T00:00:00Z","data":{}}',
    });
    expect(forged.status).toBe(401);
    expect(out).not.toContain("evt_forged");
  });
});

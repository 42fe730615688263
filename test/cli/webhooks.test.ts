import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { buildTwoSellerMirror } from "../helpers/two-sellers.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver.js";

let db: string;
let receiver: Receiver;

beforeEach(async () => {
  db = tempDbPath();
  await (await buildTwoSellerMirror(db)).close();
  receiver = await startReceiver([]);
});

afterEach(async () => {
  await receiver.close();
});

async function cli(...args: string[]) {
  // Signatures carry the real time, which the receiver checks.
  const io = captureIo({ clock: () => new Date() });
  const code = await runCli(["--db", db, ...args], io);
  return { code, out: io.out(), err: io.err() };
}

async function add(...extra: string[]) {
  const run = await cli(
    "webhooks",
    "add",
    receiver.url,
    "--events",
    "all",
    "--allow-http-webhooks",
    "--json",
    ...extra,
  );
  expect(run.err).toBe("");
  expect(run.code).toBe(0);
  const created = JSON.parse(run.out);
  receiver.secrets.push(created.secret);
  return created as { id: string; secret: string; workspace_id: string; events: string[] };
}

describe("seller-ai webhooks", () => {
  it("add refuses plain http unless --allow-http-webhooks, and a URL aimed inside always", async () => {
    const plain = await cli("webhooks", "add", receiver.url, "--events", "all");
    expect(plain.code).toBe(2);
    expect(plain.err).toContain("seller-ai: url must use https.");
    expect(plain.err).toContain("--allow-http-webhooks");
    const inside = await cli("webhooks", "add", "https://192.168.0.10/in", "--events", "all");
    expect(inside.code).toBe(2);
    expect(inside.err).toContain("192.168.0.10, a private address");
    const unknown = await cli("webhooks", "add", "https://hooks.example.com/in", "--events", "orders");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown event type "orders"');
    expect((await cli("webhooks", "list")).out).toContain("No webhooks yet");
  });

  it("add prints the secret once, in the mirror's only workspace or a new local one", async () => {
    const run = await cli(
      "webhooks",
      "add",
      receiver.url,
      "--events",
      "data_refresh.completed,price_change.detected",
      "--allow-http-webhooks",
    );
    expect(run.code).toBe(0);
    const secret = /whsec_\S+/.exec(run.out)?.[0];
    expect(secret).toBeDefined();
    expect(run.out).toMatch(/^Created webhook we_\S+ → http:\/\/127\.0\.0\.1:\d+\/hooks\n/);
    expect(run.out).toContain("events data_refresh.completed, price_change.detected; workspace ws_local");
    const list = await cli("webhooks", "list");
    expect(list.out).toMatch(/^ID\s+STATUS\s+URL\s+EVENTS\s+WORKSPACE\s+DELIVERED\s+QUEUED\s+FAILED\s+CREATED\n/);
    expect(list.out).toContain("enabled");
    expect(list.out).not.toContain(secret!);
    // The local workspace sees both sellers; a second webhook goes to it too.
    const second = await add();
    expect(second.workspace_id).toBe("ws_local");
  });

  it("add asks which workspace when the mirror has several", async () => {
    for (const name of ["a", "b"])
      expect((await cli("keys", "create", "--name", name, "--plan", "starter", "--scopes", "webhooks")).code).toBe(0);
    const run = await cli("webhooks", "add", "https://hooks.example.com/in", "--events", "all");
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/the mirror has 2 workspaces; choose one with --workspace: ws_\S+, ws_\S+\./);
    const missing = await cli(
      "webhooks",
      "add",
      "https://hooks.example.com/in",
      "--events",
      "all",
      "--workspace",
      "ws_nope",
    );
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('no workspace "ws_nope"');
  });

  it("an import's event, into an account made after the webhook, is delivered by `webhooks deliver` and logged", async () => {
    const hook = await add();
    const imported = await cli(
      "--today",
      "2024-03-20",
      "import",
      "fixtures/import/listings.tsv",
      "--account",
      "newshop",
      "--marketplace",
      "US",
    );
    expect(imported.code).toBe(0);
    const deliver = await cli("webhooks", "deliver", "--allow-http-webhooks");
    expect(deliver).toMatchObject({ code: 0, out: "Delivered 1 of 1.\n", err: "" });
    expect(
      receiver.requests.map((r) => [r.payload.type, r.payload.data.account_id, r.payload.data.file, r.verified]),
    ).toEqual([["data_refresh.completed", "newshop", "listings.tsv", true]]);
    expect((await cli("webhooks", "deliver", "--allow-http-webhooks")).out).toBe("Nothing to deliver now.\n");
    const log = await cli("webhooks", "deliveries", hook.id);
    expect(log.out).toMatch(
      /^msg_\S+ {2}data_refresh\.completed {2}succeeded {2}\(event evt_\S+, queued .+Z\)\n {2}#1 {2}.+Z {2}200 +\d+ ms\n$/,
    );
  });

  it("test, replay, rotate-secret, enable and rm act on one webhook", async () => {
    const hook = await add();
    receiver.answer = () => 410;
    const test = await cli("webhooks", "test", hook.id, "--allow-http-webhooks");
    expect(test.code).toBe(1);
    expect(test.out).toMatch(/^Test event evt_\S+ to we_\S+: failed, answered 410; not tried again\.\n$/);
    const list = await cli("webhooks", "list");
    expect(list.out).toContain("disabled");
    expect(list.out).toMatch(
      new RegExp(`${hook.id} is disabled: the endpoint answered 410 Gone at .+Z\\. Enable it with`),
    );
    receiver.answer = () => 200;
    expect((await cli("webhooks", "enable", hook.id)).out).toBe(
      `Enabled webhook ${hook.id}; 0 queued deliveries resume.\n`,
    );
    const deliveries = JSON.parse((await cli("webhooks", "deliveries", hook.id, "--json")).out);
    const replay = await cli("webhooks", "replay", hook.id, deliveries[0].id, "--allow-http-webhooks");
    expect(replay.code).toBe(0);
    expect(replay.out).toMatch(/^Replay of msg_\S+ \(event evt_\S+\): delivered, answered 200 in \d+ ms\.\n$/);
    const rotated = await cli("webhooks", "rotate-secret", hook.id);
    const secret = /whsec_\S+/.exec(rotated.out)![0];
    expect(secret).not.toBe(hook.secret);
    expect(rotated.out).toMatch(/The previous secret also signs every delivery until .+Z\./);
    receiver.secrets = [secret];
    expect((await cli("webhooks", "test", hook.id, "--allow-http-webhooks")).code).toBe(0);
    expect((await cli("webhooks", "rm", hook.id)).out).toBe(`Deleted webhook ${hook.id}.\n`);
    const gone = await cli("webhooks", "rm", hook.id);
    expect(gone.code).toBe(1);
    expect(gone.err).toContain(`no webhook "${hook.id}"`);
  });

  it.each([
    [["webhooks", "deliveries", "we_x", "--limit", "0"], /--limit must be a number from 1 to 100/],
    [["webhooks", "deliveries", "we_x", "--status", "lost"], /--status must be one of pending, delivering/],
    [["webhooks", "add", "https://hooks.example.com/in", "--events", ","], /--events needs at least one event type/],
  ])("%j is a usage error", async (args, message) => {
    const run = await cli(...args);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  WebhookService,
  checkWebhookUrl,
  createSender,
  forbiddenReason,
  type Resolver,
} from "../../src/webhooks/index.js";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver.js";
import { webhookFixture, type WebhookFixture } from "../helpers/webhook-setup.js";

describe("addresses a webhook may not reach", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["fd12:3456::1", "private"],
    ["fc00::1", "private"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:c0a8:101", "private"],
    ["64:ff9b::a00:1", "private"],
    ["2002:a00:1::1", "private"],
    ["169.254.169.254", "cloud metadata"],
    ["::ffff:169.254.169.254", "cloud metadata"],
    ["fd00:ec2::254", "cloud metadata"],
    ["168.63.129.16", "cloud metadata"],
    ["100.100.100.200", "cloud metadata"],
    ["169.254.10.20", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["224.0.0.251", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "reserved"],
    ["::", "reserved"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.10", "reserved"],
    ["2001:db8::1", "reserved"],
  ])("%s is refused as %s", (address, reason) => {
    expect(forbiddenReason(address, { allowLoopback: false })).toBe(reason);
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:93.184.216.34", "172.32.0.1", "100.128.0.1"])(
    "%s, a public address, may be reached",
    (address) => {
      expect(forbiddenReason(address, { allowLoopback: false })).toBeUndefined();
    },
  );

  it("lets loopback through, and nothing else inside, only for local development", () => {
    const dev = { allowLoopback: true };
    expect(forbiddenReason("127.0.0.1", dev)).toBeUndefined();
    expect(forbiddenReason("::1", dev)).toBeUndefined();
    expect(forbiddenReason("::ffff:127.0.0.1", dev)).toBeUndefined();
    expect(forbiddenReason("10.0.0.1", dev)).toBe("private");
    expect(forbiddenReason("169.254.169.254", dev)).toBe("cloud metadata");
  });
});

describe("URLs at registration", () => {
  const production = { allowHttpLoopback: false };
  const development = { allowHttpLoopback: true };

  it.each([
    ["https://hooks.example.com/seller-ai", production, "https://hooks.example.com/seller-ai"],
    ["https://hooks.example.com:8443/in?token=abc#frag", production, "https://hooks.example.com:8443/in?token=abc"],
    ["https://93.184.216.34/in", production, "https://93.184.216.34/in"],
    ["http://localhost:9000/hooks", development, "http://localhost:9000/hooks"],
    ["http://127.0.0.1:9000/hooks", development, "http://127.0.0.1:9000/hooks"],
    ["http://[::1]:9000/hooks", development, "http://[::1]:9000/hooks"],
  ])("%s is accepted", (url, policy, normalised) => {
    expect(checkWebhookUrl(url, policy)).toBe(normalised);
  });

  it.each([
    ["http://hooks.example.com/in", production, /must use https/],
    ["http://hooks.example.com/in", development, /must use https/],
    ["http://localhost:9000/in", production, /must use https/],
    ["ftp://hooks.example.com/in", production, /must use https, not ftp/],
    ["not a url", production, /is not a valid URL/],
    ["https://localhost/in", production, /localhost, this machine/],
    ["https://127.0.0.1/in", production, /127\.0\.0\.1, a loopback address/],
    ["https://2130706433/in", production, /127\.0\.0\.1, a loopback address/],
    ["https://0x7f.1/in", production, /127\.0\.0\.1, a loopback address/],
    ["https://[::ffff:127.0.0.1]/in", production, /loopback address/],
    ["https://10.0.0.5/in", production, /10\.0\.0\.5, a private address/],
    ["https://192.168.0.1/in", development, /private address/],
    ["https://169.254.169.254/latest/meta-data/", production, /cloud metadata address/],
    ["https://[fd00:ec2::254]/", production, /cloud metadata address/],
    ["https://[fe80::1]/in", production, /link-local address/],
    ["https://224.0.0.1/in", production, /multicast address/],
    ["https://0.0.0.0/in", production, /reserved address/],
    ["https://metadata.google.internal/computeMetadata/v1/", production, /internal network/],
    ["https://printer.local/in", production, /internal network/],
    ["https://intranet/in", production, /internal network/],
    [`https://hooks.example.com/${"a".repeat(2100)}`, production, /at most 2048 characters/],
  ])("%s is refused", (url, policy, message) => {
    expect(() => checkWebhookUrl(url, policy)).toThrow(message);
  });
});

describe("the address connected to, checked at connect time", () => {
  let f: WebhookFixture;
  let receiver: Receiver;
  const answers = new Map<string, string[]>();
  const lookups: string[] = [];
  const resolver: Resolver = async (hostname) => {
    lookups.push(hostname);
    const queue = answers.get(hostname) ?? [];
    const next = queue.length > 1 ? queue.shift()! : queue[0];
    if (!next) throw Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" });
    return next.split(",").map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

  beforeEach(async () => {
    answers.clear();
    lookups.length = 0;
    f = await webhookFixture();
    receiver = await startReceiver([]);
  });

  afterEach(async () => {
    await receiver.close();
    await f.close();
  });

  async function attempt(url: string, answer: string[], allowHttpLoopback: boolean) {
    const host = new URL(url).hostname;
    answers.set(host, [...answer]);
    const service = new WebhookService({ db: f.mirror.db, policy: { allowHttpLoopback }, resolver });
    try {
      const created = await service.create({ workspaceId: f.workspaceId, url, events: ["*"] });
      receiver.secrets.push(created.secret);
      return await service.sendTest(created.id);
    } finally {
      service.close();
    }
  }

  it.each([
    ["127.0.0.1", /resolves to 127\.0\.0\.1, a loopback address/],
    ["::1", /resolves to ::1, a loopback address/],
    ["::ffff:7f00:1", /a loopback address/],
    ["10.0.0.7", /resolves to 10\.0\.0\.7, a private address/],
    ["169.254.169.254", /a cloud metadata address/],
    ["fd00:ec2::254", /a cloud metadata address/],
    ["::ffff:169.254.169.254", /a cloud metadata address/],
    ["93.184.216.34,10.1.1.1", /resolves to 10\.1\.1\.1, a private address/],
  ])("a public-looking name resolving to %s is refused", async (answer, message) => {
    const result = await attempt("https://hooks.example.com/in", [answer], false);
    expect(result.status).toBe("pending");
    expect(result.status_code).toBeNull();
    expect(result.error).toMatch(message);
    expect(lookups).toContain("hooks.example.com");
    expect(receiver.requests).toEqual([]);
  });

  it("connects to the address the lookup gave, once it is allowed (local development)", async () => {
    const url = `http://localhost:${receiver.port}/hooks`;
    const result = await attempt(url, ["127.0.0.1"], true);
    expect(result).toMatchObject({ status: "succeeded", status_code: 200 });
    expect(lookups).toEqual(["localhost"]);
    expect(receiver.requests.map((r) => r.verified)).toEqual([true]);
  });

  it("refuses a name rebound to an inside address after it was delivered to (DNS rebinding)", async () => {
    const url = `http://localhost:${receiver.port}/hooks`;
    // The name answers this machine first, then a private address (a TTL of zero does that).
    answers.set("localhost", ["127.0.0.1", "10.0.0.9"]);
    const service = new WebhookService({ db: f.mirror.db, policy: { allowHttpLoopback: true }, resolver });
    try {
      const created = await service.create({ workspaceId: f.workspaceId, url, events: ["*"] });
      receiver.secrets.push(created.secret);
      expect((await service.sendTest(created.id)).status).toBe("succeeded");
      // A new connection resolves the name again.
      await receiver.kill();
      await receiver.revive();
      const second = await service.sendTest(created.id);
      expect(second.status).toBe("pending");
      expect(second.error).toBe(
        "localhost resolves to 10.0.0.9, not this machine; plain http is sent to this machine only",
      );
      expect(lookups).toEqual(["localhost", "localhost"]);
      expect(receiver.requests).toHaveLength(1);
    } finally {
      service.close();
    }
  });

  it.each([
    ["https://10.1.2.3/in", false, /10\.1\.2\.3 is a private address/],
    ["https://[::ffff:127.0.0.1]/in", false, /is a loopback address/],
    ["https://169.254.169.254/in", true, /is a cloud metadata address/],
    ["http://hooks.example.com/in", false, /plain http is refused/],
    ["http://hooks.example.com/in", true, /plain http is sent to this machine only/],
  ])("sending to %s (stored before the rules changed) is refused without a connection", async (url, allow, message) => {
    const sender = createSender({ policy: { allowHttpLoopback: allow }, resolver });
    try {
      const result = await sender.send(url, {}, "{}");
      expect(result).toMatchObject({ statusCode: null, aborted: false });
      expect(result.error).toMatch(message);
      expect(lookups).toEqual([]);
    } finally {
      sender.close();
    }
  });
});

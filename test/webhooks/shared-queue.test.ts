// Workers of several instances on one PostgreSQL database share one delivery queue: a delivery is claimed
// by one conditional update, which only one worker's statement can win, so no attempt is sent twice.
import { describe, expect, it } from "vitest";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { WebhookService } from "../../src/webhooks/index.js";
import { BACKENDS } from "../helpers/backends.js";
import { startReceiver } from "../helpers/webhook-receiver.js";
import { recordRefreshes, webhookFixture } from "../helpers/webhook-setup.js";

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("two workers on one queue on $name", (backend) => {
  it("deliver every event exactly once between them", async () => {
    const location = await backend.location();
    const f = await webhookFixture({ path: location });
    // On a server, the second worker has a mirror (and connections) of its own, as another instance would.
    const mirror: Mirror = backend.name === "postgres" ? await openStore(location) : f.mirror;
    const other = new WebhookService({ db: mirror.db, policy: { allowHttpLoopback: true } });
    const receiver = await startReceiver([]);
    try {
      const endpoint = await f.service.create({ workspaceId: f.workspaceId, url: receiver.url, events: ["*"] });
      receiver.secrets.push(endpoint.secret);
      const ids = await recordRefreshes(f.mirror, 200, new Date());
      const [a, b] = await Promise.all([
        f.service.worker({ concurrency: 8 }).runOnce(),
        other.worker({ concurrency: 8 }).runOnce(),
      ]);
      expect(a.succeeded + b.succeeded).toBe(ids.length);
      expect(receiver.requests).toHaveLength(ids.length);
      expect(new Set(receiver.requests.map((r) => r.id))).toEqual(new Set(ids));
    } finally {
      await receiver.close();
      other.close();
      if (mirror !== f.mirror) await mirror.close();
      await f.close();
    }
  });
});

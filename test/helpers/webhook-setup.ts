/**
 * A mirror with a workspace that sees the two sellers, a webhooks service on
 * it and a clock the test moves, for the webhook tests.
 */
import { vi } from "vitest";
import { createApiKey } from "../../src/accounts/keys.js";
import { recordEvent } from "../../src/events/index.js";
import type { Mirror } from "../../src/store/open-mirror.js";
import { WebhookService, type WebhookServiceOptions } from "../../src/webhooks/index.js";
import { buildTwoSellerMirror } from "./two-sellers.js";

export interface TestClock {
  now: Date;
  /** Moves the clock (and Date, which the Standard Webhooks library checks signatures' age against). */
  advance(ms: number): void;
}

/**
 * A clock starting at the real now. Date itself is faked along (timers are
 * not): a receiver verifying with the library then agrees with the sender.
 */
export function testClock(): TestClock {
  vi.useFakeTimers({ toFake: ["Date"] });
  const clock: TestClock = {
    now: new Date(),
    advance(ms) {
      clock.now = new Date(clock.now.getTime() + ms);
      vi.setSystemTime(clock.now);
    },
  };
  vi.setSystemTime(clock.now);
  return clock;
}

export interface WebhookFixture {
  mirror: Mirror;
  workspaceId: string;
  service: WebhookService;
  close(): Promise<void>;
}

/** The two-seller mirror, a workspace seeing both sellers, and a service allowing http to loopback. */
export async function webhookFixture(
  options: { path?: string; service?: Partial<WebhookServiceOptions> } = {},
): Promise<WebhookFixture> {
  const mirror = await buildTwoSellerMirror(options.path);
  const key = await createApiKey(mirror.db, {
    name: "hooks",
    plan: "business",
    scopes: ["webhooks"],
    now: new Date(),
  });
  const service = new WebhookService({
    db: mirror.db,
    policy: { allowHttpLoopback: true },
    ...options.service,
  });
  return {
    mirror,
    workspaceId: key.workspace_id,
    service,
    async close() {
      service.close();
      await mirror.close();
    },
  };
}

/** Records `count` data refresh events for an account, each in its own transaction; returns their ids. */
export async function recordRefreshes(mirror: Mirror, count: number, now: Date, account = "acme"): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const event = await mirror.db.transaction().execute((trx) =>
      recordEvent(trx, {
        type: "data_refresh.completed",
        account_id: account,
        data: { id: `run_${i + 1}`, n: i },
        now,
      }),
    );
    ids.push(event.id);
  }
  return ids;
}

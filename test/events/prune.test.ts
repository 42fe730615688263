import { afterEach, describe, expect, it } from "vitest";
import { pruneEvents } from "../../src/store/events.js";
import { openMirror, type SqliteMirror } from "../../src/store/open-mirror.js";

const BEFORE = "2026-11-10T00:00:00.000Z";
const OLD = "2026-11-01T00:00:00.000Z";
const NEW = "2026-11-15T00:00:00.000Z";

let mirror: SqliteMirror | undefined;
afterEach(async () => {
  await mirror?.close();
  mirror = undefined;
});

/** An event and its deliveries: when it was fanned out (null: not yet) and when each delivery finished. */
interface Case {
  fannedOutAt: string | null;
  finished: (string | null)[];
}

async function seed(cases: Record<string, Case>): Promise<SqliteMirror> {
  const m = await openMirror(":memory:");
  m.sqlite.exec(`
    insert into workspaces (id, name, plan, created_at) values ('ws', 'Agency', 'business', '${OLD}');
    insert into webhook_endpoints (id, workspace_id, url, events, status, secret, created_at)
      values ('we_0', 'ws', 'https://example.test/a', '*', 'enabled', 'whsec', '${OLD}'),
             ('we_1', 'ws', 'https://example.test/b', '*', 'enabled', 'whsec', '${OLD}');`);
  let attempt = 0;
  for (const [id, c] of Object.entries(cases)) {
    m.sqlite
      .prepare(
        "insert into events (id, type, workspace_id, payload, created_at, fanned_out, fanned_out_at) values (?, 'ping', 'ws', '{}', ?, ?, ?)",
      )
      .run(id, OLD, c.fannedOutAt ? 1 : 0, c.fannedOutAt);
    c.finished.forEach((finished, i) => {
      const delivery = `${id}_d${i}`;
      m.sqlite
        .prepare(
          "insert into webhook_deliveries (id, workspace_id, event_id, endpoint_id, status, created_at, finished_at) values (?, 'ws', ?, ?, ?, ?, ?)",
        )
        .run(delivery, id, `we_${i}`, finished ? "succeeded" : "pending", OLD, finished);
      m.sqlite
        .prepare(
          "insert into webhook_attempts (id, workspace_id, delivery_id, attempt, started_at, duration_ms, succeeded) values (?, 'ws', ?, 1, ?, 5, 1)",
        )
        .run(++attempt, delivery, OLD);
    });
  }
  return m;
}

const count = (m: SqliteMirror, table: string, where = "1") =>
  m.sqlite.prepare(`select count(*) from ${table} where ${where}`).pluck().get() as number;

describe("pruning the events outbox", () => {
  it.each<[string, boolean, Case]>([
    ["delivered everywhere before the cut", true, { fannedOutAt: OLD, finished: [OLD, OLD] }],
    ["fanned out before the cut to no endpoint", true, { fannedOutAt: OLD, finished: [] }],
    ["with a delivery still pending", false, { fannedOutAt: OLD, finished: [OLD, null] }],
    ["with a delivery that ended after the cut", false, { fannedOutAt: OLD, finished: [NEW] }],
    ["fanned out after the cut", false, { fannedOutAt: NEW, finished: [NEW] }],
    ["not fanned out yet", false, { fannedOutAt: null, finished: [] }],
  ])("an event %s is removed with its deliveries and attempts: %s", async (_label, removed, c) => {
    mirror = await seed({ evt_x: c, evt_other: { fannedOutAt: OLD, finished: [null] } });
    expect(await pruneEvents(mirror.db, BEFORE)).toBe(removed ? 1 : 0);
    expect(count(mirror, "events", "id = 'evt_x'")).toBe(removed ? 0 : 1);
    expect(count(mirror, "webhook_deliveries", "event_id = 'evt_x'")).toBe(removed ? 0 : c.finished.length);
    expect(count(mirror, "webhook_attempts", "delivery_id like 'evt_x_%'")).toBe(removed ? 0 : c.finished.length);
    expect(count(mirror, "webhook_deliveries", "event_id = 'evt_other'")).toBe(1);
  });

  it("goes through more events than one page holds", async () => {
    const cases: Record<string, Case> = {};
    for (let i = 0; i < 1203; i++) cases[`evt_${i}`] = { fannedOutAt: OLD, finished: i % 3 === 0 ? [null] : [OLD] };
    mirror = await seed(cases);
    expect(await pruneEvents(mirror.db, BEFORE)).toBe(802);
    expect(count(mirror, "events")).toBe(401);
    expect(count(mirror, "webhook_deliveries", "finished_at is null")).toBe(401);
    expect(count(mirror, "webhook_attempts")).toBe(401);
  });
});

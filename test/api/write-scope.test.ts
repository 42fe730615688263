// Commands change the account: over the API they need a key with the write
// scope (a query-only key gets 403 naming it, and nothing changes); a
// conversation id that is unknown or expired is 404 not_found; the audit trail
// names the key that changed a setting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiHarness, type Harness } from "../helpers/api-harness.js";

let h: Harness;
beforeAll(async () => {
  h = await apiHarness();
});
afterAll(async () => {
  await h.close();
});

const COMMANDS = [
  "set my lead time to 45 days",
  "alert me when any product has under 14 days of supply",
  "remove all my alerts",
  "refresh my data",
];

describe("commands need the write scope", () => {
  for (const query of COMMANDS) {
    it(`"${query}" with a query-only key is 403 naming the write scope; with write it answers`, async () => {
      const reader = await h.key({ scopes: ["query"] });
      const refused = await h.query(reader.key, { query });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe("forbidden");
      expect(refused.json().error.message).toContain('"write" scope');
      const writer = await h.key({ scopes: ["query", "write"] });
      const answered = await h.query(writer.key, { query });
      expect(answered.statusCode, answered.body).toBe(200);
    });
  }
  it("a refused command changes nothing", async () => {
    const reader = await h.key({ scopes: ["query"] });
    await h.query(reader.key, { query: "set my lead time to 99 days" });
    const shown = await h.query(reader.key, { query: "what are my settings" });
    expect(shown.statusCode).toBe(200);
    const lead = shown.json().result.settings.find((s: { setting: string }) => s.setting === "lead_time_days");
    expect(lead.value).not.toBe(99);
  });
  it("questions still need only the query scope", async () => {
    const reader = await h.key({ scopes: ["query"] });
    for (const query of ["what are my settings", "show my alerts", "top 5 products by revenue last month"])
      expect((await h.query(reader.key, { query })).statusCode).toBe(200);
  });
  it("the audit trail names the key that changed a setting", async () => {
    const writer = await h.key({ scopes: ["query", "write"] });
    expect((await h.query(writer.key, { query: "set my safety stock to 21 days" })).statusCode).toBe(200);
    const shown = (await h.query(writer.key, { query: "what are my settings" })).json().result;
    expect(shown.changes[0]).toMatchObject({
      actor: writer.id,
      kind: "setting",
      subject: "safety_stock_days",
      value: "21",
    });
  });
});

describe("an unknown or expired conversation is 404", () => {
  it("an id never issued", async () => {
    const reader = await h.key();
    const res = await h.query(reader.key, {
      query: "what about the UK?",
      conversation_id: "conv_neverIssued000000000000",
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
  });
  it("an id idle for longer than a conversation lasts", async () => {
    const reader = await h.key();
    const first = await h.query(reader.key, { query: "top 5 products by revenue last month" });
    const id = first.json().metadata.conversation_id;
    const kept = await h.query(reader.key, { query: "what about the UK?", conversation_id: id });
    expect(kept.statusCode).toBe(200);
    const was = h.clock.now;
    h.clock.now = new Date(was.getTime() + 31 * 60_000);
    try {
      const expired = await h.query(reader.key, { query: "and by profit?", conversation_id: id });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error.message).toMatch(/expired/);
    } finally {
      h.clock.now = was;
    }
  });
});

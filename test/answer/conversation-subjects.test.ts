// Conversations: a follow-up keeps what it does not change, a question that
// names its own subject starts afresh, and a conversation id that is unknown or
// has expired is an error (exit 1 with a message in the CLI), never a silent
// new conversation.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSmallMirror, FIXTURE_TODAY } from "../helpers/small-mirror.js";
import { answer } from "../../src/answer/answer.js";
import { nowForToday } from "../../src/core/dates.js";
import { runCli } from "../../src/cli/main.js";
import { captureIo } from "../../src/cli/io.js";
import type { Mirror } from "../../src/store/open-mirror.js";

let dir: string;
let db: string;
let mirror: Mirror;
const now = nowForToday(FIXTURE_TODAY);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "seller-ai-conversations-"));
  db = join(dir, "mirror.db");
  mirror = await buildSmallMirror(db);
});
afterAll(async () => {
  await mirror.close();
  rmSync(dir, { recursive: true, force: true });
});

const CASES: { first: string; next: string; intent: string; kept: Record<string, unknown>; dropped: string[] }[] = [
  {
    first: "what runs out in the next 2 weeks",
    next: "ACoS by campaign last week in the UK",
    intent: "acos_by_campaign",
    kept: { marketplace: "UK", timeframe: "last_week" },
    dropped: ["horizon_days"],
  },
  {
    first: "top 5 products by revenue in the US last month",
    next: "what about the UK?",
    intent: "top_products",
    kept: { marketplace: "UK", limit: 5, timeframe: "last_month" },
    dropped: [],
  },
  {
    first: "top 5 products by revenue in the US last month",
    next: "and by profit?",
    intent: "top_products",
    kept: { marketplace: "US", limit: 5, metrics: ["profit"] },
    dropped: [],
  },
  {
    first: "which products need restocking in the UK",
    next: "how much did I sell in October",
    intent: "sales_summary",
    kept: { timeframe: "2026-10" },
    dropped: ["marketplace"],
  },
  {
    first: "campaigns with ACoS above 50%",
    next: "which products lose money",
    intent: "profit_breakdown",
    kept: {},
    dropped: ["conditions"],
  },
  {
    first: "top 5 products by revenue in the US last month",
    next: "show my alerts",
    intent: "list_alerts",
    kept: {},
    dropped: ["marketplace", "limit", "timeframe"],
  },
];

describe("a question is answered as typed inside a conversation", () => {
  for (const c of CASES) {
    it(`"${c.next}" after "${c.first}" is ${c.intent}`, async () => {
      const first = await answer(c.first, { db: mirror.db, now });
      const id = first.body.metadata.conversation_id;
      const next = await answer(c.next, { db: mirror.db, now, conversationId: id });
      expect(next.body.metadata.conversation_id).toBe(id);
      expect(next.understanding.intent).toBe(c.intent);
      expect(next.understanding.filters).toMatchObject(c.kept);
      for (const key of c.dropped) expect(next.understanding.filters).not.toHaveProperty(key);
    });
  }
});

describe("an unknown or expired conversation id is an error", () => {
  it("an id never issued is not_found", async () => {
    await expect(
      answer("what about the UK?", { db: mirror.db, now, conversationId: "conv_neverIssued000000000000" }),
    ).rejects.toMatchObject({ code: "not_found", details: { field: "conversation_id" } });
  });
  it("an id idle for more than 30 minutes is not_found", async () => {
    const first = await answer("top 5 products by revenue last month", { db: mirror.db, now });
    const later = new Date(now.getTime() + 31 * 60_000);
    await expect(
      answer("what about the UK?", { db: mirror.db, now: later, conversationId: first.body.metadata.conversation_id }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
  it("the CLI exits 1 and says so", async () => {
    const io = captureIo({ tty: false });
    const code = await runCli(
      [
        "--db",
        db,
        "--today",
        FIXTURE_TODAY,
        "ask",
        "what about the UK?",
        "--conversation",
        "conv_neverIssued000000000000",
      ],
      io,
    );
    expect(code).toBe(1);
    expect(io.err()).toMatch(/conversation "conv_neverIssued000000000000" is unknown or has expired/);
    expect(io.out()).toBe("");
  });
});

import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { assistWithLlm } from "../../src/answer/llm-assist.js";
import { parseQuestion, type ParseOutcome } from "../../src/nlu/parse-question.js";
import { fixtureMirror, FIXTURE_CATALOG } from "../helpers/nlu-fixture-mirror.js";

const TODAY = "2026-11-21";
const catalog = {
  categories: FIXTURE_CATALOG.categories,
  subcategories: [],
  campaigns: FIXTURE_CATALOG.campaigns,
  asins: [],
  skus: [],
};

interface StandIn {
  host: string;
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * A stand-in for Ollama on loopback: POST /api/chat with `stream: false`
 * answers one JSON object shaped as Ollama documents it.
 */
async function standInOllama(reply: { content?: string; delayMs?: number; status?: number }): Promise<StandIn> {
  const requests: Record<string, unknown>[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    if (req.method !== "POST" || req.url !== "/api/chat") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not found" }));
      return;
    }
    const request = JSON.parse(body) as Record<string, unknown>;
    requests.push(request);
    const send = () => {
      if (res.destroyed) return;
      if (reply.status && reply.status !== 200) {
        res
          .writeHead(reply.status, { "content-type": "application/json" })
          .end(JSON.stringify({ error: "model not found" }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          model: request.model,
          created_at: "2026-11-21T12:00:00.000000Z",
          message: { role: "assistant", content: reply.content ?? "{}" },
          done: true,
          done_reason: "stop",
          total_duration: 1_200_000_000,
          load_duration: 2_000_000,
          prompt_eval_count: 310,
          prompt_eval_duration: 300_000_000,
          eval_count: 60,
          eval_duration: 800_000_000,
        }),
      );
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens: a port that was just freed. */
async function closedPort(): Promise<string> {
  const s = await standInOllama({});
  await s.close();
  return s.host;
}

const modelSays = (value: unknown) => JSON.stringify(value);
const unsure = (): ParseOutcome => {
  const outcome = parseQuestion("how's business in the UK", { catalog, today: TODAY });
  return "error" in outcome ? outcome : { understanding: { ...outcome.understanding, confidence: 0.3 } };
};

let server: StandIn | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("help from a local model", () => {
  it("asks the model for a structured understanding and keeps its valid values", async () => {
    server = await standInOllama({
      content: modelSays({
        intent: "sales_summary",
        confidence: 0.8,
        filters: {
          timeframe: "last_month",
          marketplace: "UK",
          metrics: ["revenue", "happiness"],
          limit: -2,
          category: "pet supplies",
          campaign: "Nope",
        },
        interpretation: "ignored",
      }),
    });
    const outcome = await assistWithLlm("how's business in the UK", unsure(), {
      host: server.host,
      model: "llama3.2",
      catalog,
      today: TODAY,
    });
    expect(outcome).toMatchObject({
      understanding: {
        intent: "sales_summary",
        area: "performance",
        source: "llm",
        filters: {
          timeframe: "last_month",
          date_range: { start: "2026-10-01", end: "2026-10-31" },
          marketplace: "UK",
          metrics: ["revenue"],
          category: "Pet Supplies",
        },
      },
    });
    if (!("understanding" in outcome)) return;
    expect(outcome.understanding.filters.limit).toBeUndefined();
    expect(outcome.understanding.filters.campaign).toBeUndefined();
    expect(outcome.understanding.interpretation).toBe("Total revenue in Pet Supplies in the UK, last month");
    const request = server.requests[0];
    expect(request).toMatchObject({ model: "llama3.2", stream: false });
    expect((request.format as { properties: { intent: { enum: string[] } } }).properties.intent.enum).toContain(
      "top_products",
    );
    expect((request.messages as { role: string; content: string }[]).at(-1)).toEqual({
      role: "user",
      content: "how's business in the UK",
    });
  });

  it("does not ask when the parser is confident", async () => {
    server = await standInOllama({ content: modelSays({ intent: "help", filters: {} }) });
    const ours = parseQuestion("top 5 products by revenue last month", { catalog, today: TODAY });
    const outcome = await assistWithLlm("top 5 products by revenue last month", ours, {
      host: server.host,
      model: "m",
      catalog,
      today: TODAY,
    });
    expect(outcome).toBe(ours);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [
      "slow",
      async () =>
        (server = await standInOllama({ delayMs: 3000, content: modelSays({ intent: "help", filters: {} }) })).host,
      /did not answer within 0\.2 s/,
    ],
    ["unreachable", closedPort, /could not be reached at http:\/\/127\.0\.0\.1:\d+/],
    [
      "answering with an error status",
      async () => (server = await standInOllama({ status: 404 })).host,
      /could not be reached/,
    ],
    [
      "replying with text, not JSON",
      async () => (server = await standInOllama({ content: "Sure! Here is the answer." })).host,
      /did not reply with JSON/,
    ],
    [
      "replying with an unknown intent",
      async () => (server = await standInOllama({ content: modelSays({ intent: "world_peace", filters: {} }) })).host,
      /without a valid intent/,
    ],
  ])("falls back to the parser's understanding with a note when the model is %s", async (_label, hostOf, note) => {
    const host = await hostOf();
    const ours = unsure();
    const started = Date.now();
    const outcome = await assistWithLlm("how's business in the UK", ours, {
      host,
      model: "llama3.2",
      timeoutMs: 200,
      catalog,
      today: TODAY,
    });
    expect(Date.now() - started).toBeLessThan(2500);
    if ("error" in ours) {
      expect("error" in outcome && outcome.error.suggestions.at(-1)).toMatch(note);
      return;
    }
    expect("understanding" in outcome && outcome.understanding.intent).toBe(ours.understanding.intent);
    expect("understanding" in outcome && outcome.understanding.source).toBe("parser");
    expect("understanding" in outcome && outcome.understanding.notes).toHaveLength(1);
    expect("understanding" in outcome && outcome.understanding.notes?.[0]).toMatch(note);
  });

  it("keeps invalid_query when the model also says the question is out of scope", async () => {
    server = await standInOllama({ content: modelSays({ intent: "none", filters: {} }) });
    const ours = parseQuestion("write me a poem about socks", { catalog, today: TODAY });
    const outcome = await assistWithLlm("write me a poem about socks", ours, {
      host: server.host,
      model: "m",
      catalog,
      today: TODAY,
    });
    expect(outcome).toEqual(ours);
    expect(server.requests).toHaveLength(1);
  });
});

describe("seller-ai parse --llm", () => {
  const dir = mkdtempSync(join(tmpdir(), "seller-ai-llm-"));
  const db = join(dir, "mirror.db");
  beforeAll(async () => (await fixtureMirror(db)).close());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ["--llm", (host: string) => ({ args: ["--llm", "ollama:llama3.2"], env: { OLLAMA_HOST: host } })],
    ["SELLER_AI_LLM", (host: string) => ({ args: [], env: { OLLAMA_HOST: host, SELLER_AI_LLM: "ollama:llama3.2" } })],
  ])("asks the model at OLLAMA_HOST when configured by %s", async (_label, setup) => {
    server = await standInOllama({ content: modelSays({ intent: "sales_summary", filters: { marketplace: "UK" } }) });
    const { args, env } = setup(server.host);
    const io = captureIo({ env });
    const code = await runCli(["--db", db, "--today", TODAY, "parse", ...args, "how are things over in blighty"], io);
    expect(code).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({
      intent: "sales_summary",
      source: "llm",
      filters: { marketplace: "UK" },
    });
    expect(server.requests).toHaveLength(1);
  });

  it("never asks in --jsonl mode unless --llm is given", async () => {
    server = await standInOllama({ content: modelSays({ intent: "sales_summary", filters: {} }) });
    const io = captureIo({
      env: { OLLAMA_HOST: server.host, SELLER_AI_LLM: "ollama:llama3.2" },
      stdin: `${JSON.stringify({ id: "a", query: "how are things over in blighty" })}\n`,
    });
    expect(await runCli(["--db", db, "--today", TODAY, "parse", "--jsonl"], io)).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});

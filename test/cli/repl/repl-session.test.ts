import { describe, expect, it } from "vitest";
import { SellerAiError } from "../../../src/core/errors.js";
import {
  editorReducer,
  initialEditor,
  type EditorAction,
  type EditorState,
} from "../../../src/cli/repl/line-editor.js";
import { parseReplInput } from "../../../src/cli/repl/repl-input.js";
import { appendHistory, historyPath, readHistory } from "../../../src/cli/repl/history-file.js";
import { tempDbPath } from "../../helpers/temp-mirror.js";
import { ReplSession, type ReplAsk } from "../../../src/cli/repl/repl-session.js";
import { renderForRepl } from "../../../src/cli/repl/render-for-repl.js";
import { SAMPLES } from "../../helpers/render-samples.js";

function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}
const type = (text: string): EditorAction => ({ type: "insert", text });

describe("parseReplInput", () => {
  it.each([
    ["", { kind: "empty" }],
    ["   ", { kind: "empty" }],
    ["top 5 products", { kind: "question", text: "top 5 products" }],
    ["/format csv", { kind: "command", name: "format", arg: "csv" }],
    ["/EXPLAIN on", { kind: "command", name: "explain", arg: "on" }],
    ["/help", { kind: "command", name: "help", arg: "" }],
    ["exit", { kind: "command", name: "quit", arg: "" }],
    ["quit", { kind: "command", name: "quit", arg: "" }],
  ])("reads %j", (line, expected) => {
    expect(parseReplInput(line)).toEqual(expected);
  });
});

describe("line editor", () => {
  it("inserts at the cursor and deletes before it", () => {
    const s = run(
      initialEditor(),
      type("top products"),
      { type: "home" },
      type("the "),
      { type: "end" },
      { type: "backspace" },
    );
    expect(s.value).toBe("the top product");
    expect(s.cursor).toBe(15);
  });

  it("turns pasted line breaks into spaces and drops control characters", () => {
    expect(run(initialEditor(), type("top 5\nproducts\u0007")).value).toBe("top 5 products");
  });

  it("browses the history with up and down and keeps the draft", () => {
    let s = run(initialEditor(["one", "two"]), type("dra"));
    s = run(s, { type: "up" });
    expect([s.value, s.cursor]).toEqual(["two", 3]);
    s = run(s, { type: "up" }, { type: "up" });
    expect(s.value).toBe("one");
    s = run(s, { type: "down" }, { type: "down" });
    expect(s.value).toBe("dra");
  });

  it("submits the trimmed line, adds it once to the history and clears the prompt", () => {
    let s = run(initialEditor(["same"]), type("  same  "), { type: "submit" });
    expect(s.queue).toEqual([{ id: 1, text: "same" }]);
    expect(s.history).toEqual(["same"]);
    s = run(s, type("new"), { type: "submit" });
    expect(s.queue).toEqual([
      { id: 1, text: "same" },
      { id: 2, text: "new" },
    ]);
    expect(s.history).toEqual(["same", "new"]);
    expect(s.value).toBe("");
    expect(run(s, { type: "taken", id: 1 }).queue).toEqual([{ id: 2, text: "new" }]);
  });

  it("submits nothing for a blank line", () => {
    expect(run(initialEditor(), type("   "), { type: "submit" }).queue).toEqual([]);
  });

  it("kills to the start of the line with Ctrl+U", () => {
    const s = run(initialEditor(), type("abc def"), { type: "left" }, { type: "left" }, { type: "kill" });
    expect([s.value, s.cursor]).toEqual(["ef", 0]);
  });
});

describe("ReplSession", () => {
  function session() {
    const calls: { question: string; conversationId?: string }[] = [];
    const ask: ReplAsk = async (question, options) => {
      calls.push({ question, ...options });
      if (question === "???")
        throw new SellerAiError("invalid_query", "that is not a question about your data.", {
          suggestions: ["name a timeframe"],
        });
      const answer = structuredClone(SAMPLES.top_products);
      answer.body.metadata.conversation_id = options.conversationId ?? "conv_first";
      return answer;
    };
    return { s: new ReplSession(ask, renderForRepl), calls };
  }

  it("asks again afresh, and says so, when the session's conversation has expired", async () => {
    const calls: { conversationId?: string }[] = [];
    const ask: ReplAsk = async (_question, options) => {
      calls.push({ ...options });
      if (options.conversationId === "conv_old")
        throw new SellerAiError("not_found", 'conversation "conv_old" is unknown or has expired.', {
          details: { field: "conversation_id" },
        });
      const answer = structuredClone(SAMPLES.top_products);
      answer.body.metadata.conversation_id = options.conversationId ?? "conv_new";
      return answer;
    };
    const s = new ReplSession(ask, renderForRepl, undefined, "conv_old");
    const outcome = await s.handle("top 3 products");
    expect(calls.map((c) => c.conversationId)).toEqual(["conv_old", undefined]);
    expect(outcome.output).toContain("The earlier conversation had expired");
    expect(outcome.error).toBeFalsy();
    await s.handle("what about the UK?");
    expect(calls.at(-1)?.conversationId).toBe("conv_new");
  });

  it("keeps the conversation of the first answer for the next questions", async () => {
    const { s, calls } = session();
    await s.handle("top 3 products");
    await s.handle("what about the UK?");
    expect(calls.map((c) => c.conversationId)).toEqual([undefined, "conv_first"]);
  });

  it.each([
    ["/format csv", "Format: csv.", { format: "csv", explain: false }],
    ["/format chart_data", "Format: chart_data.", { format: "chart_data", explain: false }],
    ["/explain", "Explain is on", { format: "table", explain: true }],
    ["/explain off", "Explain is off.", { format: "table", explain: false }],
  ])("%s changes the settings", async (line, output, settings) => {
    const { s } = session();
    const outcome = await s.handle(line);
    expect(outcome.output).toContain(output);
    expect(s.settings).toEqual(settings);
  });

  it.each([
    ["/format xml", /\/format takes one of table, chart, json, csv, chart_data, not "xml"/],
    ["/explain maybe", /\/explain takes on or off/],
    ["/bogus", /No command \/bogus\. Commands: \/format, \/explain, \/help, \/clear, \/quit\./],
  ])("%s is refused with a reason", async (line, message) => {
    const { s } = session();
    const outcome = await s.handle(line);
    expect(outcome.error).toBe(true);
    expect(outcome.output).toMatch(message);
  });

  it("shows the answer's primary table as csv when the format is csv, with a terminal's line ends", async () => {
    const { s } = session();
    await s.handle("/format csv");
    const outcome = await s.handle("top 3 products");
    expect(outcome.output).not.toContain("\r");
    expect(outcome.output.split("\n")[0]).toBe("asin,title,units_sold,revenue,profit_margin,growth_rate,currency");
    expect(outcome.output.trimEnd().split("\n")).toHaveLength(4);
  });

  it("shows an invalid question's message and suggestions, and keeps going", async () => {
    const { s } = session();
    const outcome = await s.handle("???");
    expect(outcome).toMatchObject({ error: true, errorCode: "invalid_query" });
    expect(outcome.output).toBe(
      "Sorry, I can't answer that: that is not a question about your data.\nTry:\n  - name a timeframe",
    );
  });

  it("/clear forgets the conversation; /quit leaves", async () => {
    const { s, calls } = session();
    await s.handle("top 3 products");
    expect(await s.handle("/clear")).toMatchObject({ clear: true });
    await s.handle("top 3 products");
    expect(calls.map((c) => c.conversationId)).toEqual([undefined, undefined]);
    expect(await s.handle("/quit")).toMatchObject({ exit: true });
  });
});

describe("history file", () => {
  it("keeps the questions beside the mirror, one per line, the newest last", () => {
    const path = historyPath(tempDbPath());
    expect(readHistory(path)).toEqual([]);
    appendHistory(path, "top 5 products");
    appendHistory(path, "what about\nthe UK?");
    expect(readHistory(path)).toEqual(["top 5 products", "what about the UK?"]);
    expect(readHistory(path, 1)).toEqual(["what about the UK?"]);
  });

  it("keeps none for an in-memory mirror", () => {
    expect(historyPath(":memory:")).toBeUndefined();
    expect(() => appendHistory(undefined, "x")).not.toThrow();
  });
});

import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { SellerAiError } from "../../../src/core/errors.js";
import type { RenderableAnswer } from "../../../src/render/renderable-answer.js";
import { ReplApp } from "../../../src/cli/repl/repl-app.js";
import { renderForRepl } from "../../../src/cli/repl/render-for-repl.js";
import { ReplSession, type ReplAsk } from "../../../src/cli/repl/repl-session.js";
import { SAMPLES } from "../../helpers/render-samples.js";

const ENTER = "\r";
const UP = "\u001B[A";
const DOWN = "\u001B[B";

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

let current: { lastFrame(): string | undefined } | undefined;

/** Waits until the screen stops changing and no answer is running (a busy machine may be slow). */
async function settle() {
  let previous: string | undefined;
  for (let i = 0; i < 200; i++) {
    await tick(25);
    const frame = current?.lastFrame();
    if (frame === previous && !frame?.includes("Answering…")) return;
    previous = frame;
  }
}

async function type(stdin: { write(s: string): void }, text: string) {
  // One write per key, as a terminal sends them, faster than the screen redraws.
  for (const ch of text) stdin.write(ch);
  await settle();
}

interface Call {
  question: string;
  conversationId?: string;
}

/** An ask that answers from the samples, records its calls and can be held open to see the spinner. */
function fakeAsk() {
  const calls: Call[] = [];
  let hold: Promise<void> | undefined;
  let release = () => {};
  let n = 0;
  const ask: ReplAsk = async (question, options) => {
    calls.push({ question, ...options });
    if (hold) await hold;
    if (/gibberish/.test(question))
      throw new SellerAiError("invalid_query", "I don't know what to answer.", {
        suggestions: ["top 5 products by revenue last 30 days"],
      });
    const sample: RenderableAnswer = structuredClone(/daily/.test(question) ? SAMPLES.series : SAMPLES.top_products);
    sample.body.metadata.conversation_id = options.conversationId ?? `conv_${++n}`;
    return sample;
  };
  return {
    ask,
    calls,
    holdNext() {
      hold = new Promise(
        (resolve) =>
          (release = () => {
            hold = undefined;
            resolve();
          }),
      );
    },
    release: () => release(),
  };
}

function setup() {
  const fake = fakeAsk();
  const session = new ReplSession(fake.ask, renderForRepl);
  const clears: number[] = [];
  const app = render(
    <ReplApp session={session} banner="seller-ai test banner" clearScreen={() => clears.push(Date.now())} />,
  );
  current = app;
  return { ...app, fake, session, clears };
}

describe("REPL", () => {
  it("shows the banner and a prompt", async () => {
    const { lastFrame, unmount } = setup();
    await tick();
    expect(lastFrame()).toContain("seller-ai test banner");
    expect(lastFrame()).toContain("›");
    unmount();
  });

  it("shows a spinner while answering, then the table in place", async () => {
    const { lastFrame, stdin, fake, unmount } = setup();
    fake.holdNext();
    await type(stdin, "top 3 products");
    stdin.write(ENTER);
    for (let i = 0; i < 100 && !lastFrame()!.includes("Answering…"); i++) await tick(20);
    expect(lastFrame()).toContain("Answering…");
    fake.release();
    await settle();
    const frame = lastFrame()!;
    expect(frame).not.toContain("Answering…");
    expect(frame).toContain("› top 3 products");
    expect(frame).toContain("$45,582.80");
    expect(frame).toContain("Recommendation: Keep Bamboo Cutting Board in stock");
    unmount();
  });

  it("keeps one conversation across questions", async () => {
    const { stdin, fake, unmount } = setup();
    await type(stdin, "top 3 products");
    stdin.write(ENTER);
    await settle();
    await type(stdin, "what about the UK?");
    stdin.write(ENTER);
    await settle();
    expect(fake.calls.map((c) => c.conversationId)).toEqual([undefined, "conv_1"]);
    unmount();
  });

  it("recalls earlier questions with up and returns to the draft with down", async () => {
    const { stdin, lastFrame, fake, unmount } = setup();
    await type(stdin, "top 3 products");
    stdin.write(ENTER);
    await settle();
    await type(stdin, "daily revenue");
    stdin.write(ENTER);
    await settle();
    await type(stdin, "draft");
    stdin.write(UP);
    await settle();
    expect(lastFrame()!.split("\n").at(-1)).toContain("› daily revenue");
    stdin.write(UP);
    await settle();
    expect(lastFrame()!.split("\n").at(-1)).toContain("› top 3 products");
    stdin.write(DOWN);
    await settle();
    stdin.write(DOWN);
    await settle();
    expect(lastFrame()!.split("\n").at(-1)).toContain("› draft");
    stdin.write(UP);
    await settle();
    stdin.write(ENTER);
    await settle();
    expect(fake.calls.map((c) => c.question)).toEqual(["top 3 products", "daily revenue", "daily revenue"]);
    unmount();
  });

  it.each([
    ["/format json", "top 3 products", (frame: string) => expect(frame).toContain('"request_id": "req_test"')],
    ["/format csv", "top 3 products", (frame: string) => expect(frame).toContain("asin,title,units_sold,revenue")],
    ["/format chart", "daily revenue", (frame: string) => expect(frame).toMatch(/\$1,901\.50 ┤/)],
    [
      "/explain",
      "top 3 products",
      (frame: string) =>
        expect(frame).toMatch(/Understanding:[\s\S]*"intent": "top_products"[\s\S]*SQL \(1 statement\)/),
    ],
  ])("after %s answers show accordingly", async (command, question, check) => {
    const { stdin, lastFrame, fake, unmount } = setup();
    await type(stdin, command);
    stdin.write(ENTER);
    await settle();
    await type(stdin, question);
    stdin.write(ENTER);
    await settle();
    check(lastFrame()!);
    expect(fake.calls.map((c) => c.question)).toEqual([question]);
    unmount();
  });

  it("lists the commands with /help", async () => {
    const { stdin, lastFrame, unmount } = setup();
    await type(stdin, "/help");
    stdin.write(ENTER);
    await settle();
    for (const command of ["/format", "/explain", "/clear", "/help", "/quit"]) expect(lastFrame()).toContain(command);
    unmount();
  });

  it("shows why a question was not understood, with suggestions, and goes on", async () => {
    const { stdin, lastFrame, fake, unmount } = setup();
    await type(stdin, "gibberish");
    stdin.write(ENTER);
    await settle();
    expect(lastFrame()).toContain("Sorry, I can't answer that: I don't know what to answer.");
    expect(lastFrame()).toContain("- top 5 products by revenue last 30 days");
    await type(stdin, "top 3 products");
    stdin.write(ENTER);
    await settle();
    expect(fake.calls).toHaveLength(2);
    unmount();
  });

  it("/clear empties the screen and starts a new conversation", async () => {
    const { stdin, lastFrame, fake, clears, unmount } = setup();
    await type(stdin, "top 3 products");
    stdin.write(ENTER);
    await settle();
    await type(stdin, "/clear");
    stdin.write(ENTER);
    await settle();
    // The test renderer keeps all static output; the terminal itself is cleared by the callback.
    expect(clears).toHaveLength(1);
    expect(lastFrame()!.lastIndexOf("Cleared.")).toBeGreaterThan(lastFrame()!.lastIndexOf("$45,582.80"));
    await type(stdin, "top 3 products");
    stdin.write(ENTER);
    await settle();
    expect(fake.calls.map((c) => c.conversationId)).toEqual([undefined, undefined]);
    unmount();
  });

  it("submits a question that arrives with its line end in one chunk (a paste, tmux send-keys)", async () => {
    const { stdin, lastFrame, fake, unmount } = setup();
    stdin.write("top 3 products\r");
    await settle();
    expect(fake.calls.map((c) => c.question)).toEqual(["top 3 products"]);
    expect(lastFrame()).toContain("$45,582.80");
    unmount();
  });

  it("answers lines pasted together one after the other, in order", async () => {
    const { stdin, lastFrame, fake, unmount } = setup();
    stdin.write("/format csv\rtop 3 products\rdaily revenue\r");
    await settle();
    expect(fake.calls.map((c) => c.question)).toEqual(["top 3 products", "daily revenue"]);
    const frame = lastFrame()!;
    expect(frame).toContain("asin,title,units_sold,revenue");
    expect(frame.indexOf("› /format csv")).toBeLessThan(frame.indexOf("› top 3 products"));
    expect(frame.indexOf("› top 3 products")).toBeLessThan(frame.indexOf("› daily revenue"));
    unmount();
  });

  it("keeps what is typed while an answer runs and asks it next", async () => {
    const { stdin, lastFrame, fake, unmount } = setup();
    fake.holdNext();
    await type(stdin, "top 3 products");
    stdin.write(ENTER);
    for (let i = 0; i < 100 && !lastFrame()!.includes("Answering…"); i++) await tick(20);
    for (const ch of "daily revenue") stdin.write(ch);
    await tick(50);
    expect(lastFrame()!.split("\n").at(-1)).toContain("› daily revenue");
    stdin.write(ENTER);
    await tick(50);
    fake.release();
    await settle();
    expect(fake.calls.map((c) => c.question)).toEqual(["top 3 products", "daily revenue"]);
    unmount();
  });

  it("browses the history of earlier sessions and reports each new line", async () => {
    const fake = fakeAsk();
    const lines: string[] = [];
    const app = render(
      <ReplApp
        session={new ReplSession(fake.ask, renderForRepl)}
        banner="b"
        history={["from yesterday"]}
        onLine={(l) => lines.push(l)}
      />,
    );
    current = app;
    await settle();
    app.stdin.write(UP);
    await settle();
    expect(app.lastFrame()!.split("\n").at(-1)).toContain("› from yesterday");
    app.stdin.write(ENTER);
    await settle();
    expect(lines).toEqual(["from yesterday"]);
    app.unmount();
  });

  it("stops taking questions after /quit", async () => {
    const { stdin, fake, unmount } = setup();
    await type(stdin, "/quit");
    stdin.write(ENTER);
    await settle();
    await type(stdin, "top 3 products");
    stdin.write(ENTER);
    await settle();
    expect(fake.calls).toHaveLength(0);
    unmount();
  });
});

import type { Command } from "commander";
import { SellerAiError, usageError } from "../../core/errors.js";
import type { CatalogVocabulary } from "../../core/catalog-vocabulary.js";
import { terminalJson, terminalText } from "../../render/terminal-text.js";
import type { ParseOutcome } from "../../nlu/parse-question.js";
import type { Understanding } from "../../core/understanding.js";
import type { ActionRunner, CommandContext } from "../context.js";
import type { CliIo } from "../io.js";
import { parseLlmChoice, type LlmChoice } from "../llm-choice.js";

// The parser loads inside the action: registering this command costs commander only.

export interface ParseCommandOptions {
  question?: string;
  jsonl: boolean;
  llm?: LlmChoice;
  llmTimeoutMs: number;
}

interface RawParseOptions {
  jsonl?: boolean;
  llm?: string;
  llmTimeout?: string;
}

const DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434";

export function registerParseCommand(program: Command, run: ActionRunner): void {
  program
    .command("parse")
    .description("show how a question is understood: intent, filters and interpretation (no answer)")
    .argument("[question...]", 'the question, e.g. "top 5 products by revenue last month"')
    .option("--jsonl", "read {id, query, context} JSON Lines on stdin, write {id, understanding} or {id, error} lines")
    .option(
      "--llm <provider:model>",
      "let a local model help with questions the parser is unsure of, e.g. ollama:llama3.2 (or $SELLER_AI_LLM)",
    )
    .option("--llm-timeout <ms>", "give up on the model after this many milliseconds", "8000")
    .action(async (words: string[], raw: RawParseOptions, command: Command) => {
      await run(command, (ctx) => parseCommand(ctx, parseParseOptions(words, raw, ctx.io)));
    });
}

/** Checks the options of `parse`: a question or --jsonl, a valid LLM choice and timeout. */
export function parseParseOptions(words: string[], raw: RawParseOptions, io: Pick<CliIo, "env">): ParseCommandOptions {
  const question = words.join(" ").trim();
  const jsonl = raw.jsonl ?? false;
  if (jsonl && question !== "") throw usageError("parse takes a question or --jsonl, not both.");
  if (!jsonl && question === "")
    throw usageError(
      'parse needs a question, e.g. seller-ai parse "top 5 products by revenue last month", or --jsonl.',
    );
  const timeout = Number(raw.llmTimeout ?? "8000");
  if (!Number.isInteger(timeout) || timeout <= 0)
    throw usageError(`--llm-timeout must be a whole number of milliseconds; got "${raw.llmTimeout}".`);
  // JSON Lines mode never touches the network unless asked on the command line.
  const llmText = raw.llm ?? (jsonl ? undefined : io.env.SELLER_AI_LLM || undefined);
  return {
    ...(question !== "" ? { question } : {}),
    jsonl,
    ...(llmText !== undefined ? { llm: parseLlmChoice(llmText, io.env) } : {}),
    llmTimeoutMs: timeout,
  };
}

/**
 * Prints the understanding of a question (pretty on a terminal, one JSON line
 * when piped), or parses JSON Lines from stdin. An unanswerable question is
 * `invalid_query` (exit 3); in JSON Lines mode it is an output line.
 */
export async function parseCommand(ctx: CommandContext, options: ParseCommandOptions): Promise<number> {
  const catalog = await readCatalog(ctx);
  const { parseQuestion } = await import("../../nlu/parse-question.js");
  const parse = async (text: string, previous?: Understanding): Promise<ParseOutcome> => {
    const outcome = parseQuestion(text, { catalog, today: ctx.today, ...(previous ? { previous } : {}) });
    if (!options.llm) return outcome;
    const { assistWithLlm } = await import("../../answer/llm-assist.js");
    return assistWithLlm(text, outcome, {
      host: options.llm.host ?? DEFAULT_OLLAMA_HOST,
      model: options.llm.model,
      timeoutMs: options.llmTimeoutMs,
      catalog,
      today: ctx.today,
    });
  };

  if (options.jsonl) {
    await parseJsonLines(ctx.io, parse);
    return 0;
  }
  const outcome = await parse(options.question!);
  if ("error" in outcome) {
    throw new SellerAiError("invalid_query", outcome.error.message, { suggestions: outcome.error.suggestions });
  }
  const u = outcome.understanding;
  if (ctx.io.stdout.isTTY) {
    ctx.io.stdout.write(
      `${terminalText(u.interpretation)}\n${u.intent} (${u.area}), confidence ${u.confidence}\n${terminalJson(u.filters, 2)}\n`,
    );
    for (const note of u.notes ?? []) ctx.io.stdout.write(`note: ${terminalText(note)}\n`);
  } else ctx.io.stdout.write(`${terminalJson(u)}\n`);
  return 0;
}

/** The mirror's catalog; an empty mirror first gets the demo seller, as every command that reads data does. */
async function readCatalog(ctx: CommandContext): Promise<CatalogVocabulary> {
  const mirror = await ctx.mirror();
  const { mirrorIsEmpty } = await import("../../store/accounts.js");
  // The demo generator is a large module: load it only for an empty mirror.
  if (await mirrorIsEmpty(mirror.db)) {
    const { ensureMirrorData } = await import("../../demo/ensure-demo.js");
    await ensureMirrorData(mirror, { now: ctx.now, notice: (line) => ctx.io.stderr.write(`${line}\n`) });
  }
  const { loadCatalogVocabulary } = await import("../../store/catalog-vocabulary.js");
  return loadCatalogVocabulary(mirror.db);
}

interface JsonLineRequest {
  id?: unknown;
  query?: unknown;
  context?: unknown;
}

/**
 * Reads `{id, query, context?}` lines and writes one line per input line, in
 * order. The context questions (oldest first) are parsed in turn to build
 * the previous understanding.
 */
async function parseJsonLines(
  io: CliIo,
  parse: (text: string, previous?: Understanding) => Promise<ParseOutcome>,
): Promise<void> {
  let input = "";
  for await (const chunk of io.stdin) input += typeof chunk === "string" ? chunk : (chunk as Buffer).toString("utf8");
  const out: string[] = [];
  const flush = () => {
    if (out.length) io.stdout.write(terminalText(`${out.join("\n")}\n`, { keepLineBreaks: true }));
    out.length = 0;
  };
  for (const line of input.split("\n")) {
    if (line.trim() === "") continue;
    let request: JsonLineRequest;
    try {
      request = JSON.parse(line) as JsonLineRequest;
    } catch {
      out.push(
        JSON.stringify({
          id: null,
          error: { code: "invalid_request", message: `not a JSON object: ${line.slice(0, 80)}`, suggestions: [] },
        }),
      );
      continue;
    }
    const id = request?.id ?? null;
    if (typeof request?.query !== "string") {
      out.push(
        JSON.stringify({
          id,
          error: { code: "invalid_request", message: "each line needs a string `query`", suggestions: [] },
        }),
      );
      continue;
    }
    let previous: Understanding | undefined;
    if (Array.isArray(request.context)) {
      for (const earlier of request.context) {
        if (typeof earlier !== "string") continue;
        const outcome = await parse(earlier, previous);
        // A context question that was not understood leaves the conversation where it was.
        if ("understanding" in outcome) previous = outcome.understanding;
      }
    }
    const outcome = await parse(request.query, previous);
    out.push(JSON.stringify({ id, ...outcome }));
    if (out.length >= 256) flush();
  }
  flush();
}

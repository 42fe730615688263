import type { Command } from "commander";
import { usageError } from "../../core/errors.js";
import { isDataFormat, type OutputFormat } from "../../render/output-formats.js";
import type { ActionRunner, CommandContext } from "../context.js";
import { type CliIo, terminalWidth } from "../io.js";
import { parseLlmChoice, type LlmChoice } from "../llm-choice.js";
import { mirrorWithData } from "../mirror-data.js";
import { addOutputOptions, parseFormat, parseLimit, type RawOutputOptions } from "../output-options.js";

// Only types and commander load with this module: the answer pipeline and the
// renderers are imported inside the action, so `seller-ai ask` starts fast.

export interface AskOptions {
  question: string;
  format: OutputFormat;
  marketplace?: string;
  timeframe?: string;
  limit?: number;
  explain: boolean;
  conversation?: string;
  account?: string;
  llm?: LlmChoice;
}

interface RawAskOptions extends RawOutputOptions {
  marketplace?: string;
  timeframe?: string;
  explain?: boolean;
  conversation?: string;
  account?: string;
  llm?: string;
}

export function registerAskCommand(program: Command, run: ActionRunner): void {
  const ask = program
    .command("ask")
    .description("answer one question about your seller data")
    .argument("<question...>", 'the question, e.g. "top 5 products by revenue last 30 days"');
  addOutputOptions(ask, { format: { defaultText: "table on a terminal, json when piped" }, limit: true })
    .option("--marketplace <code>", "answer for this marketplace (US, UK, DE, …), whatever the question says")
    .option(
      "--timeframe <token>",
      "answer for this period (last_30_days, last_month, 2025-Q3, …), whatever the question says",
    )
    .option("--explain", "also show how the question was understood and the SQL that ran")
    .option("--conversation <id>", "continue a conversation (a conv_ id from an earlier answer)")
    .option("--account <id>", "the account to ask about (default: the default account)")
    .option("--llm <provider:model>", "let a local model help understand the question, e.g. ollama:llama3.2")
    .action(async (words: string[], raw: RawAskOptions, command: Command) => {
      await run(command, (ctx) => askCommand(ctx, parseAskOptions(words, raw, ctx.io)));
    });
}

/**
 * Checks the options of `ask` and fills in the defaults: an unknown format,
 * marketplace or LLM choice is a usage error that names the option.
 */
export function parseAskOptions(words: string[], raw: RawAskOptions, io: Pick<CliIo, "stdout" | "env">): AskOptions {
  const question = words.join(" ").trim();
  if (question === "")
    throw usageError('ask needs a question, e.g. seller-ai ask "top 5 products by revenue last 30 days".');
  const format = parseFormat(raw, io.stdout.isTTY ? "table" : "json");
  const options: AskOptions = { question, format, explain: raw.explain ?? false };
  const limit = parseLimit(raw);
  if (limit !== undefined) options.limit = limit;
  if (raw.marketplace !== undefined) {
    const code = raw.marketplace.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code))
      throw usageError(
        `--marketplace must be a two-letter marketplace code such as US, UK or DE; got "${raw.marketplace}".`,
      );
    options.marketplace = code;
  }
  if (raw.timeframe !== undefined) {
    if (raw.timeframe.trim() === "")
      throw usageError("--timeframe needs a token such as last_30_days, last_month or 2025-Q3.");
    options.timeframe = raw.timeframe.trim();
  }
  if (raw.conversation !== undefined) {
    if (!/^conv_[A-Za-z0-9_-]+$/.test(raw.conversation))
      throw usageError(`--conversation must be a conversation id starting with conv_; got "${raw.conversation}".`);
    options.conversation = raw.conversation;
  }
  if (raw.account !== undefined) {
    if (raw.account.trim() === "") throw usageError("--account needs an account id (see `seller-ai status`).");
    options.account = raw.account.trim();
  }
  if (raw.llm !== undefined) options.llm = parseLlmChoice(raw.llm, io.env);
  return options;
}

/**
 * Answers one question and writes it in the chosen format. json, csv and
 * chart_data write only data to stdout (notes and --explain go to stderr), so
 * the output can be redirected to a file; table and chart are for people.
 */
export async function askCommand(ctx: CommandContext, options: AskOptions): Promise<number> {
  const { io } = ctx;
  const [{ answer }, { renderAnswerOutput }, { terminalText }, mirror] = await Promise.all([
    import("../../answer/answer.js"),
    import("../../render/answer-output.js"),
    import("../../render/terminal-text.js"),
    mirrorWithData(ctx),
  ]);
  const dataOnly = isDataFormat(options.format);
  const answered = await answer(options.question, {
    db: mirror.db,
    now: ctx.now,
    ...(options.marketplace !== undefined ? { marketplace: options.marketplace } : {}),
    ...(options.timeframe !== undefined ? { timeframe: options.timeframe } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
    ...(options.conversation !== undefined ? { conversationId: options.conversation } : {}),
    ...(options.account !== undefined ? { accountId: options.account } : {}),
    ...(options.llm !== undefined ? { llm: options.llm } : {}),
    refresh: async (id) =>
      (await import("../../sync/refresh-service.js")).refreshService({
        mirror,
        env: ctx.io.env,
        dbPath: ctx.dbPath,
        clock: () => ctx.now,
      })(id),
  });
  const notes = io.stderr;
  for (const note of answered.understanding.notes ?? []) notes.write(`note: ${terminalText(note)}\n`);
  if (options.explain) {
    const { renderExplain } = await import("../../render/explain.js");
    const stream = dataOnly ? notes : io.stdout;
    stream.write(`${renderExplain(answered, terminalWidth(stream, io.env))}\n`);
  }
  const output = await renderAnswerOutput(answered, options.format, {
    width: terminalWidth(io.stdout, io.env),
    terminal: io.stdout.isTTY === true,
  });
  io.stdout.write(output);
  // An empty file needs its reason said somewhere a person sees it.
  if (options.format === "csv" && output === "")
    notes.write(`note: no rows. ${terminalText(answered.body.result.analysis.summary)}\n`);
  if (answered.conversationSaved === false) {
    notes.write(
      "note: the conversation was not saved (the mirror is busy with another write, an import?); this answer cannot be followed up.\n",
    );
    return 0;
  }
  if (options.format === "json") return 0;
  const id = answered.body.metadata.conversation_id;
  if (id) notes.write(`Follow up with: seller-ai ask --conversation ${id} "…"\n`);
  return 0;
}

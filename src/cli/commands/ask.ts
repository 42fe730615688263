import { Option, type Command } from "commander";
import { usageError } from "../../errors.js";
import type { ActionRunner } from "../program.js";
import type { CommandContext } from "../context.js";
import type { CliIo } from "../io.js";
import type { Mirror } from "../../store/open-mirror.js";

// Only types and commander load with this module: the answer pipeline and the
// renderers are imported inside the action, so `seller-ai ask` starts fast.

export const ASK_FORMATS = ["table", "json", "csv", "chart", "chart_data"] as const;
export type AskFormat = (typeof ASK_FORMATS)[number];

/** The parser's optional helper: a local Ollama model. */
export interface LlmChoice {
  provider: "ollama";
  model: string;
  host?: string;
}

export interface AskOptions {
  question: string;
  format: AskFormat;
  marketplace?: string;
  timeframe?: string;
  explain: boolean;
  conversation?: string;
  account?: string;
  llm?: LlmChoice;
}

interface RawAskOptions {
  format?: string;
  marketplace?: string;
  timeframe?: string;
  explain?: boolean;
  conversation?: string;
  account?: string;
  llm?: string;
}

export function registerAskCommand(program: Command, run: ActionRunner): void {
  program
    .command("ask")
    .description("answer one question about your seller data")
    .argument("<question...>", 'the question, e.g. "top 5 products by revenue last 30 days"')
    .addOption(new Option("--format <format>", "table, json, csv, chart or chart_data (default: table on a terminal, json when piped)"))
    .option("--marketplace <code>", "answer for this marketplace (US, UK, DE, …), whatever the question says")
    .option("--timeframe <token>", "answer for this period (last_30_days, last_month, 2025-Q3, …), whatever the question says")
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
  if (question === "") throw usageError('ask needs a question, e.g. seller-ai ask "top 5 products by revenue last 30 days".');
  const format = raw.format ?? (io.stdout.isTTY ? "table" : "json");
  if (!(ASK_FORMATS as readonly string[]).includes(format)) {
    throw usageError(`--format must be one of ${ASK_FORMATS.join(", ")}; got "${format}".`);
  }
  const options: AskOptions = { question, format: format as AskFormat, explain: raw.explain ?? false };
  if (raw.marketplace !== undefined) {
    const code = raw.marketplace.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) throw usageError(`--marketplace must be a two-letter marketplace code such as US, UK or DE; got "${raw.marketplace}".`);
    options.marketplace = code;
  }
  if (raw.timeframe !== undefined) {
    if (raw.timeframe.trim() === "") throw usageError("--timeframe needs a token such as last_30_days, last_month or 2025-Q3.");
    options.timeframe = raw.timeframe.trim();
  }
  if (raw.conversation !== undefined) {
    if (!/^conv_[A-Za-z0-9_-]+$/.test(raw.conversation)) throw usageError(`--conversation must be a conversation id starting with conv_; got "${raw.conversation}".`);
    options.conversation = raw.conversation;
  }
  if (raw.account !== undefined) {
    if (raw.account.trim() === "") throw usageError("--account needs an account id (see `seller-ai status`).");
    options.account = raw.account.trim();
  }
  if (raw.llm !== undefined) options.llm = parseLlmChoice(raw.llm, io.env);
  return options;
}

/** The width to lay text out for: the terminal's, else $COLUMNS (a pager, a file), else 100. */
export function terminalWidth(stream: { columns?: number }, env: CliIo["env"]): number {
  if (stream.columns && stream.columns > 0) return stream.columns;
  const fromEnv = Number(env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv >= 20 ? fromEnv : 100;
}

/** `ollama:MODEL` as an LLM choice; the host comes from OLLAMA_HOST when set. */
export function parseLlmChoice(text: string, env: CliIo["env"]): LlmChoice {
  const match = /^ollama:(\S+)$/.exec(text.trim());
  if (!match) throw usageError(`--llm must be ollama:MODEL, e.g. ollama:llama3.2; got "${text}".`);
  return { provider: "ollama", model: match[1], ...(env.OLLAMA_HOST ? { host: env.OLLAMA_HOST } : {}) };
}

/**
 * The mirror, with the demo seller generated first when it holds no account
 * (said on stderr after, and before too on a terminal, since generating takes a while).
 */
export async function mirrorWithData(ctx: CommandContext): Promise<Mirror> {
  const [{ ensureMirrorData }, { mirrorIsEmpty }] = await Promise.all([import("../../demo/ensure-demo.js"), import("../../store/accounts.js")]);
  const mirror = await ctx.mirror();
  const notice = (line: string) => ctx.io.stderr.write(`${line.replace(/\n$/, "")}\n`);
  // The wait is worth announcing to a person; scripts get only the one-line notice after.
  if (ctx.io.stderr.isTTY && (await mirrorIsEmpty(mirror.db))) notice("seller-ai: the mirror is empty; generating the demo seller first (this can take a minute)…");
  await ensureMirrorData(mirror, { now: ctx.now, notice });
  return mirror;
}

/**
 * Answers one question and writes it in the chosen format. json, csv and
 * chart_data write only data to stdout (notes and --explain go to stderr), so
 * the output can be redirected to a file; table and chart are for people.
 */
export async function askCommand(ctx: CommandContext, options: AskOptions): Promise<number> {
  const { io } = ctx;
  const [{ answer }, mirror] = await Promise.all([import("../../core/answer.js"), mirrorWithData(ctx)]);
  const dataOnly = options.format === "json" || options.format === "csv" || options.format === "chart_data";
  const answered = await answer(options.question, {
    db: mirror.db,
    now: ctx.now,
    format: options.format === "csv" ? "csv" : options.format === "chart_data" ? "chart_data" : "json",
    ...(options.marketplace !== undefined ? { marketplace: options.marketplace } : {}),
    ...(options.timeframe !== undefined ? { timeframe: options.timeframe } : {}),
    ...(options.conversation !== undefined ? { conversationId: options.conversation } : {}),
    ...(options.account !== undefined ? { accountId: options.account } : {}),
    ...(options.llm !== undefined ? { llm: options.llm } : {}),
  });
  const notes = io.stderr;
  for (const note of answered.understanding.notes ?? []) notes.write(`note: ${note}\n`);
  if (options.explain) {
    const { renderExplain } = await import("../../render/explain.js");
    const stream = dataOnly ? notes : io.stdout;
    stream.write(`${renderExplain(answered, terminalWidth(stream, io.env))}\n`);
  }
  const result = answered.body.result;
  switch (options.format) {
    case "json":
      io.stdout.write(`${JSON.stringify(answered.body, null, 2)}\n`);
      return 0;
    case "csv": {
      const csv = typeof result.csv === "string" ? result.csv : "";
      io.stdout.write(csv);
      // An empty file needs its reason said somewhere a person sees it.
      const summary = (result.analysis as { summary?: unknown } | undefined)?.summary;
      if (csv === "" && typeof summary === "string") notes.write(`note: no rows. ${summary}\n`);
      break;
    }
    case "chart_data":
      io.stdout.write(`${JSON.stringify(result.chart, null, 2)}\n`);
      break;
    default: {
      const { renderAnswerText } = await import("../../render/terminal-answer.js");
      io.stdout.write(renderAnswerText(answered, { mode: options.format, width: terminalWidth(io.stdout, io.env) }));
    }
  }
  const id = answered.body.metadata.conversation_id;
  if (id) notes.write(`Follow up with: seller-ai ask --conversation ${id} "…"\n`);
  return 0;
}

import type { Command } from "commander";
import { usageError } from "../../core/errors.js";
import type { OutputFormat } from "../../render/output-formats.js";
import type { ActionRunner, CommandContext } from "../context.js";
import { parseLlmChoice, type LlmChoice } from "../llm-choice.js";
import { mirrorWithData } from "../mirror-data.js";
import { addOutputOptions, parseFormat, type RawOutputOptions } from "../output-options.js";

// ink and React load only inside the action (see repl/start-repl.tsx).

export interface ChatOptions {
  format: OutputFormat;
  explain: boolean;
  conversation?: string;
  account?: string;
  llm?: LlmChoice;
}

interface RawChatOptions extends RawOutputOptions {
  explain?: boolean;
  conversation?: string;
  account?: string;
  llm?: string;
}

export function registerChatCommand(program: Command, run: ActionRunner): void {
  const chat = program
    .command("chat")
    .description("ask questions in a conversation (the default when seller-ai runs alone in a terminal)");
  addOutputOptions(chat, { format: { defaultText: "table" } })
    .option("--explain", "also show how each question was understood and the SQL that ran")
    .option("--conversation <id>", "continue a conversation (a conv_ id)")
    .option("--account <id>", "the account to ask about (default: the default account)")
    .option("--llm <provider:model>", "let a local model help understand questions, e.g. ollama:llama3.2")
    .action(async (raw: RawChatOptions, command: Command) => {
      await run(command, (ctx) => chatCommand(ctx, parseChatOptions(raw, ctx.io.env)));
    });
}

/**
 * `seller-ai` alone: the REPL on a terminal, the help otherwise (a script
 * that runs it without a command gets the usage, not a prompt it cannot
 * answer). A word that is no command is still an unknown command.
 */
export function registerDefaultAction(program: Command, run: ActionRunner): void {
  program
    .argument("[command]")
    .usage("[options] [command]")
    .action(async (name: string | undefined, _options: unknown, command: Command) => {
      if (name !== undefined) {
        (command as unknown as { unknownCommand(): never }).unknownCommand();
      }
      await run(command, async (ctx) => {
        if (ctx.io.stdin.isTTY && ctx.io.stdout.isTTY) return chatCommand(ctx, { format: "table", explain: false });
        command.outputHelp();
        return 0;
      });
    });
}

export function parseChatOptions(raw: RawChatOptions, env: Record<string, string | undefined>): ChatOptions {
  const options: ChatOptions = { format: parseFormat(raw, "table"), explain: raw.explain ?? false };
  if (raw.conversation !== undefined) {
    if (!/^conv_[A-Za-z0-9_-]+$/.test(raw.conversation))
      throw usageError(`--conversation must be a conversation id starting with conv_; got "${raw.conversation}".`);
    options.conversation = raw.conversation;
  }
  if (raw.account !== undefined) options.account = raw.account;
  if (raw.llm !== undefined) options.llm = parseLlmChoice(raw.llm, env);
  return options;
}

/**
 * Holds a conversation: the ink REPL when stdin and stdout are a terminal,
 * else one question per input line (see repl/line-repl.ts).
 */
export async function chatCommand(ctx: CommandContext, options: ChatOptions): Promise<number> {
  const { io } = ctx;
  const [{ answer }, { ReplSession }, { renderForRepl }, mirror] = await Promise.all([
    import("../../answer/answer.js"),
    import("../repl/repl-session.js"),
    import("../repl/render-for-repl.js"),
    mirrorWithData(ctx),
  ]);
  const session = new ReplSession(
    (question, ask) =>
      answer(question, {
        db: mirror.db,
        now: ctx.now,
        ...(ask.conversationId ? { conversationId: ask.conversationId } : {}),
        ...(options.account !== undefined ? { accountId: options.account } : {}),
        ...(options.llm !== undefined ? { llm: options.llm } : {}),
        refresh: async (id) =>
          (await import("../../sync/refresh-service.js")).refreshService({
            mirror,
            env: ctx.io.env,
            dbPath: ctx.dbPath,
            clock: () => ctx.now,
          })(id),
      }),
    renderForRepl,
    { format: options.format, explain: options.explain },
    options.conversation,
  );
  if (io.stdin.isTTY && io.stdout.isTTY) {
    const { startInkRepl } = await import("../repl/start-repl.js");
    await startInkRepl(
      ctx,
      session,
      `seller-ai · ${mirror.path} · today ${ctx.today}\nAsk about your seller data. /help for commands, /quit to leave.`,
    );
    return 0;
  }
  const { runLineRepl } = await import("../repl/line-repl.js");
  return runLineRepl(io, session);
}

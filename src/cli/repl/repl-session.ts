import type { RenderableAnswer } from "../../render/renderable-answer.js";
import { isSellerAiError } from "../../core/errors.js";
import { isOutputFormat, OUTPUT_FORMATS, type OutputFormat } from "../../render/output-formats.js";
import { terminalText } from "../../render/terminal-text.js";
import { parseReplInput, REPL_COMMANDS } from "./repl-input.js";

export interface ReplSettings {
  format: OutputFormat;
  explain: boolean;
}

/** Asks one question in the session's conversation (undefined: start one). */
export type ReplAsk = (question: string, options: { conversationId?: string }) => Promise<RenderableAnswer>;

/** What one line did: text to show, and whether to clear the screen or leave. */
export interface ReplOutcome {
  output: string;
  error?: boolean;
  /** The error's code when a question failed (invalid_query, not_found…). */
  errorCode?: string;
  clear?: boolean;
  exit?: boolean;
}

/** Renders an answer the way the session's settings say (terminal renderers are passed in: they load lazily). */
export type ReplRender = (answer: RenderableAnswer, settings: ReplSettings, width: number) => Promise<string>;

export const REPL_HELP = [
  "Ask about your sales, products, inventory, competitors or ads, e.g.",
  "  top 5 products by revenue last 30 days",
  "  what about the UK?            (a follow-up keeps the rest of the last question)",
  "  daily sales for the last 90 days",
  "  what runs out in the next 2 weeks",
  "Commands:",
  `  /format ${OUTPUT_FORMATS.join("|")}   how answers are shown (now: %FORMAT%)`,
  "  /explain [on|off]                         also show the understanding and the SQL (now: %EXPLAIN%)",
  "  /clear                                    clear the screen and start a new conversation",
  "  /help                                     this help",
  "  /quit                                     leave (also Ctrl+C, Ctrl+D)",
  "Up and down browse the questions asked before.",
].join("\n");

/**
 * The REPL's behaviour without the terminal: commands change settings, a
 * question is answered in one conversation kept for the whole session, and
 * errors become text. The ink app and the line mode both drive this.
 */
export class ReplSession {
  conversationId: string | undefined;
  readonly settings: ReplSettings;

  constructor(
    private readonly ask: ReplAsk,
    private readonly render: ReplRender,
    settings: Partial<ReplSettings> = {},
    conversationId?: string,
  ) {
    this.settings = { format: settings.format ?? "table", explain: settings.explain ?? false };
    this.conversationId = conversationId;
  }

  help(): string {
    return REPL_HELP.replace("%FORMAT%", this.settings.format).replace(
      "%EXPLAIN%",
      this.settings.explain ? "on" : "off",
    );
  }

  /**
   * Handles one typed line. Never throws: failures are shown and the session goes on. What it shows
   * (answers, errors quoting the data, the line itself) is made inert for the terminal.
   */
  async handle(line: string, width = 100): Promise<ReplOutcome> {
    const outcome = await this.outcome(line, width);
    return { ...outcome, output: terminalText(outcome.output, { keepLineBreaks: true }) };
  }

  private async outcome(line: string, width: number): Promise<ReplOutcome> {
    const input = parseReplInput(line);
    if (input.kind === "empty") return { output: "" };
    if (input.kind === "command") return this.command(input.name, input.arg);
    try {
      let note = "";
      let answered: RenderableAnswer;
      try {
        answered = await this.ask(input.text, this.conversationId ? { conversationId: this.conversationId } : {});
      } catch (error) {
        // The session's conversation expired while it sat idle: the question is asked again, afresh, and the
        // answer says so (it never silently answers in a context that is gone).
        if (!this.conversationId || !isSellerAiError(error) || error.details.field !== "conversation_id") throw error;
        this.conversationId = undefined;
        answered = await this.ask(input.text, {});
        note = "(The earlier conversation had expired: this question starts a new one.)\n";
      }
      this.conversationId = answered.body.metadata.conversation_id || this.conversationId;
      return { output: note + (await this.render(answered, this.settings, width)) };
    } catch (error) {
      return {
        output: describeError(error),
        error: true,
        errorCode: isSellerAiError(error) ? error.code : "internal_error",
      };
    }
  }

  private command(name: string, arg: string): ReplOutcome {
    switch (name) {
      case "quit":
      case "exit":
      case "q":
        return { output: "", exit: true };
      case "help":
      case "?":
        return { output: this.help() };
      case "clear":
        this.conversationId = undefined;
        return { output: "", clear: true };
      case "explain": {
        const value = arg.trim().toLowerCase();
        if (value === "" || value === "toggle") this.settings.explain = !this.settings.explain;
        else if (["on", "yes", "true"].includes(value)) this.settings.explain = true;
        else if (["off", "no", "false"].includes(value)) this.settings.explain = false;
        else return { output: `/explain takes on or off, not "${arg}".`, error: true };
        return {
          output: `Explain is ${this.settings.explain ? "on: answers show the understanding and the SQL" : "off"}.`,
        };
      }
      case "format": {
        const value = arg.trim().toLowerCase();
        if (value === "") return { output: `Format: ${this.settings.format} (one of ${OUTPUT_FORMATS.join(", ")}).` };
        if (!isOutputFormat(value))
          return { output: `/format takes one of ${OUTPUT_FORMATS.join(", ")}, not "${arg}".`, error: true };
        this.settings.format = value;
        return { output: `Format: ${value}.` };
      }
      default:
        return {
          output: `No command /${name}. Commands: ${REPL_COMMANDS.map((c) => `/${c}`).join(", ")}.`,
          error: true,
        };
    }
  }
}

/** An error as the REPL shows it: the message and any suggestions. */
export function describeError(error: unknown): string {
  if (isSellerAiError(error)) {
    const lines = [`${error.code === "invalid_query" ? "Sorry, I can't answer that" : "Error"}: ${error.message}`];
    if (error.suggestions.length > 0) lines.push("Try:", ...error.suggestions.map((s) => `  - ${s}`));
    return lines.join("\n");
  }
  return `Error: ${error instanceof Error ? error.message : String(error)}`;
}

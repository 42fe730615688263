import { Command, CommanderError, Option } from "commander";
import type { CliIo } from "./io.js";
import { type ActionRunner, createContext, type GlobalOptions } from "./context.js";
import { terminalText } from "../render/terminal-text.js";
import { registerStatusCommand } from "./commands/status.js";
import { registerServeCommand } from "./commands/serve.js";
import { registerKeysCommand } from "./commands/keys.js";
import { registerWebhooksCommand } from "./commands/webhooks.js";
import { registerDemoCommand } from "./commands/demo.js";
import { registerImportCommand } from "./commands/import.js";
import { registerAskCommand } from "./commands/ask.js";
import { registerChatCommand, registerDefaultAction } from "./commands/chat.js";
import { registerParseCommand } from "./commands/parse.js";
import { registerConnectCommand } from "./commands/connect.js";
import { registerAccountsCommand } from "./commands/accounts.js";
import { registerSyncCommand } from "./commands/sync.js";
import { registerInsightsCommand } from "./commands/insights.js";
import { registerAlertsCommand } from "./commands/alerts.js";
import { registerBillingCommand } from "./commands/billing.js";
import { registerRatesCommand } from "./commands/rates.js";
import { registerMigrateCommand } from "./commands/migrate.js";

export interface ProgramState {
  /** The exit code the action asked for. */
  exitCode: number;
}

/**
 * Builds the commander program. Commands register their options here and load
 * their heavy modules only inside their actions, so start-up stays fast.
 */
export function buildProgram(io: CliIo, state: ProgramState): Command {
  const program = new Command("seller-ai");
  program
    .description("Answers questions about your marketplace seller data, from a local mirror.")
    .version(process.env.npm_package_version ?? "0.1.0", "-V, --version")
    .addOption(
      new Option("--db <path>", "the mirror file (default: $SELLER_AI_DB, else under $XDG_DATA_HOME/seller-ai/)"),
    )
    .addOption(
      new Option("--today <date>", "fix today's date as YYYY-MM-DD for every relative date (or $SELLER_AI_TODAY)"),
    )
    .addOption(new Option("--debug", "show stack traces on errors"))
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      // Commander quotes the arguments it refuses, which may be data pasted into a command line.
      writeErr: (s) => io.stderr.write(terminalText(s, { keepLineBreaks: true })),
      // Usage errors are one line that says what to do: commander's spelling suggestion joins the
      // line, and without one the line points to the help.
      outputError: (s, write) => {
        const line = s.trim().replace(/\s*\n\s*/g, " ");
        write(/did you mean/i.test(line) ? `${line}\n` : `${line} (see \`seller-ai --help\`)\n`);
      },
    });

  const run: ActionRunner = async (command, work) => {
    const ctx = createContext(io, command.optsWithGlobals<GlobalOptions>());
    try {
      const code = await work(ctx);
      state.exitCode = typeof code === "number" ? code : 0;
    } finally {
      await ctx.close();
    }
  };

  registerStatusCommand(program, run);
  registerServeCommand(program, run);
  registerKeysCommand(program, run);
  registerWebhooksCommand(program, run);
  registerDemoCommand(program, run);
  registerImportCommand(program, run);
  registerAskCommand(program, run);
  registerChatCommand(program, run);
  registerParseCommand(program, run);
  registerConnectCommand(program, run);
  registerAccountsCommand(program, run);
  registerSyncCommand(program, run);
  registerInsightsCommand(program, run);
  registerAlertsCommand(program, run);
  registerBillingCommand(program, run);
  registerRatesCommand(program, run);
  registerMigrateCommand(program, run);
  registerDefaultAction(program, run);
  return program;
}

export { CommanderError };

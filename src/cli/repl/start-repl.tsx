import { render } from "ink";
import type { CommandContext } from "../context.js";
import { appendHistory, historyPath, readHistory } from "./history-file.js";
import { ReplApp } from "./repl-app.js";
import type { ReplSession } from "./repl-session.js";

/**
 * Runs the ink REPL on the terminal until /quit, Ctrl+C or Ctrl+D. Loaded
 * only by `seller-ai chat` and `seller-ai` alone: ink and React cost start-up
 * time that `ask` must not pay.
 */
export async function startInkRepl(ctx: CommandContext, session: ReplSession, banner: string): Promise<void> {
  const stdout = ctx.io.stdout as NodeJS.WriteStream;
  const history = historyPath(ctx.dbPath);
  const instance = render(
    <ReplApp
      session={session}
      banner={banner}
      history={readHistory(history)}
      onLine={(line) => appendHistory(history, line)}
      clearScreen={() => stdout.write("\x1b[2J\x1b[3J\x1b[H")}
    />,
    {
      stdout,
      stdin: ctx.io.stdin as NodeJS.ReadStream,
      stderr: ctx.io.stderr as NodeJS.WriteStream,
      exitOnCtrlC: true,
      patchConsole: false,
    },
  );
  await instance.waitUntilExit();
}

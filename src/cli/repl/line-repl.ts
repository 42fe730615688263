import type { CliIo } from "../io.js";
import { terminalWidth } from "../io.js";
import type { ReplSession } from "./repl-session.js";

/**
 * The REPL without a terminal: one question or command per line of standard
 * input, each answer written to stdout as soon as its line arrives, errors
 * to stderr. Lets a script hold a conversation:
 * `printf 'top 5 products\nwhat about the UK?\n' | seller-ai chat`.
 * Returns 0, or 3 when some question could not be understood.
 */
export async function runLineRepl(io: CliIo, session: ReplSession): Promise<number> {
  let code = 0;
  let pending = "";
  const handle = async (line: string): Promise<boolean> => {
    const outcome = await session.handle(line, terminalWidth(io.stdout, io.env));
    if (outcome.exit) return false;
    if (outcome.error) {
      io.stderr.write(`${outcome.output}\n`);
      if (outcome.errorCode === "invalid_query") code = 3;
    } else if (outcome.output !== "") io.stdout.write(`${outcome.output}\n\n`);
    return true;
  };
  for await (const chunk of io.stdin) {
    pending += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    let end: number;
    while ((end = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, end).replace(/\r$/, "");
      pending = pending.slice(end + 1);
      if (!(await handle(line))) return code;
    }
  }
  if (pending.trim() !== "") await handle(pending);
  return code;
}

import { setFlagsFromString } from "node:v8";
import { CommanderError } from "commander";
import { isSellerAiError } from "../core/errors.js";
import { cliSuggestions } from "./flag-hints.js";
import { terminalText } from "../render/terminal-text.js";
import { processIo, type CliIo } from "./io.js";
import { buildProgram } from "./program.js";

/**
 * Runs the CLI in-process and returns its exit code: 0 ok, 1 failure,
 * 2 usage error (3 for a question that cannot be understood). Errors are one
 * line on stderr; the stack trace only with --debug.
 *
 * @example
 * const code = await runCli(["--db", "m.db", "status"], captureIo());
 */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  const state = { exitCode: 0 };
  const program = buildProgram(io, state);
  const debug = args.includes("--debug");
  try {
    await program.parseAsync(args, { from: "user" });
    return state.exitCode;
  } catch (error) {
    return reportError(error, io, debug);
  }
}

function reportError(error: unknown, io: CliIo, debug: boolean): number {
  if (error instanceof CommanderError) {
    // Help and version are printed by commander and are not failures.
    if (
      error.code === "commander.helpDisplayed" ||
      error.code === "commander.version" ||
      error.code === "commander.help"
    )
      return 0;
    if (error.code === "commander.executeSubCommandAsync") return 1;
    return 2;
  }
  // Messages quote file names, headers and cells: made inert, like all data shown on a terminal.
  const shown = (text: string) => terminalText(text, { keepLineBreaks: true });
  if (isSellerAiError(error)) {
    io.stderr.write(`seller-ai: ${shown(error.message)}
`);
    for (const suggestion of cliSuggestions(error))
      io.stderr.write(`  - ${shown(suggestion)}
`);
    if (debug && error.stack)
      io.stderr.write(`${shown(error.stack)}
`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(
    `seller-ai: unexpected error: ${shown(message)}${debug ? "" : " (run again with --debug for details)"}\n`,
  );
  if (debug && error instanceof Error && error.stack) io.stderr.write(`${shown(error.stack)}\n`);
  return 1;
}

/** The process entry point used by bin/seller-ai. */
export async function main(argv: string[]): Promise<void> {
  // V8 runs a regular expression's first match in its bytecode interpreter and compiles it to machine code on the
  // next: the parser's few hundred patterns (some tens of thousands of characters of word lists) were each compiled
  // twice, and the large ones first matched slowly, in every one-shot command. Compiled once, straight to machine code,
  // `parse --jsonl` over the development set takes ~20% less CPU. Matching is the same either way.
  setFlagsFromString("--no-regexp-tier-up");
  // A reader that goes away (`seller-ai status | head`) is not an error: stop quietly, as Unix tools do.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  const io = await processIo();
  process.exitCode = await runCli(argv.slice(2), io);
}

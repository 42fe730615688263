/** One line typed at the REPL prompt. */
export type ReplInput =
  | { kind: "empty" }
  | { kind: "question"; text: string }
  | { kind: "command"; name: string; arg: string };

export const REPL_COMMANDS = ["format", "explain", "help", "clear", "quit"] as const;

/**
 * A line is a command when it starts with "/" (`/format csv`), a question
 * otherwise. `exit` and `quit` alone also leave, as people type them.
 */
export function parseReplInput(line: string): ReplInput {
  const text = line.trim();
  if (text === "") return { kind: "empty" };
  if (/^(exit|quit|:q)$/i.test(text)) return { kind: "command", name: "quit", arg: "" };
  if (!text.startsWith("/")) return { kind: "question", text };
  const [name, ...rest] = text.slice(1).split(/\s+/);
  return { kind: "command", name: name.toLowerCase(), arg: rest.join(" ") };
}

import type { RenderableAnswer } from "./renderable-answer.js";
import { terminalText } from "./terminal-text.js";
import { wrapText } from "./wrap-text.js";

/**
 * What `--explain` shows: the understanding the question was turned into, and
 * every SQL statement that ran to answer it, numbered in order.
 */
export function renderExplain(answer: Pick<RenderableAnswer, "understanding" | "sql">, width = 100): string {
  const parts = ["Understanding:", indent(JSON.stringify(answer.understanding, null, 2))];
  if (answer.sql.length === 0) parts.push("SQL: none ran.");
  else {
    parts.push(`SQL (${answer.sql.length} ${answer.sql.length === 1 ? "statement" : "statements"}):`);
    // Long statements wrap at spaces, indented under their number.
    answer.sql.forEach((statement, i) => {
      parts.push(indent(wrapText(`${i + 1}. ${statement.trim().replace(/\s+/g, " ")}`, width - 2, "     ")));
    });
  }
  return terminalText(`${parts.join("\n")}\n`, { keepLineBreaks: true });
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

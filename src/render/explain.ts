import type { RenderableAnswer } from "./renderable-answer.js";

/**
 * What `--explain` shows: the understanding the question was turned into, and
 * every SQL statement that ran to answer it, numbered in order.
 */
export function renderExplain(answer: Pick<RenderableAnswer, "understanding" | "sql">): string {
  const parts = ["Understanding:", indent(JSON.stringify(answer.understanding, null, 2))];
  if (answer.sql.length === 0) parts.push("SQL: none ran.");
  else {
    parts.push(`SQL (${answer.sql.length} ${answer.sql.length === 1 ? "statement" : "statements"}):`);
    answer.sql.forEach((statement, i) => parts.push(indent(`${i + 1}. ${statement.trim()}`)));
  }
  return `${parts.join("\n")}\n`;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

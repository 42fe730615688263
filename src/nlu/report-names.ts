/**
 * A Seller Central report or dashboard named as the source before the question ("Detail Page Sales and Traffic for the
 * UK, past 30 days: which listings convert worst?", "Business Reports - top 5 ASINs by sessions", "from the Sales
 * Dashboard: how did October go?"): the name says where the seller is looking, and its words ("sales", "traffic",
 * "inventory") are no figures asked. Only the question that follows it asks, so the name is read out; the scope said
 * beside it ("for the UK, past 30 days") stays. A report named alone ("Business Reports for October") keeps its name,
 * having nothing else to ask.
 */
import type { ParserModel } from "./parser-model.js";
import { escapeRegExp } from "./text.js";

let compiled: { names: readonly string[]; pattern: RegExp } | undefined;

/** The names as one pattern at the start of a question, compiled on first use (the list is the vocabulary's). */
function reportAtStart(names: readonly string[]): RegExp {
  if (compiled?.names === names) return compiled.pattern;
  const alternatives = [...names]
    .sort((a, b) => b.length - a.length)
    .map((n) => escapeRegExp(n).replace(/ /g, "\\s+"))
    .join("|");
  const pattern = new RegExp(
    `^\\s*(?:(?:from|in|on|per|via|according to|looking at|checking|pulled from|source)\\s*:?\\s+)?(?:the\\s+|my\\s+|our\\s+)?(?:${alternatives})(?:\\s+(?:reports?|dashboard|page|tab|screen|export|view|data))?(?:\\s*\\([^)]*\\))?(?:\\s*[:,\\-–—]\\s*|\\s+)`,
    "i",
  );
  compiled = { names, pattern };
  return pattern;
}

/** Where a question goes on after the report's name and any scope: a clause break followed by words of its own. */
const QUESTION_FOLLOWS =
  /^[^:?–—]*?(?:[:?–—]|\s-\s|,\s*(?=(?:which|what|how|who|where|show|list|give|rank|top|bottom)\b))\s*\S/i;

/** The question without the report named as its source; the text itself when nothing follows the name. */
export function withoutReportSource(text: string, model: ParserModel): string {
  const names = model.vocab.words.report_names;
  if (!names || names.length === 0) return text;
  const named = reportAtStart(names).exec(text);
  if (!named) return text;
  const rest = text.slice(named[0].length);
  // Named with a break right after it ("Business Reports: …"), or with a scope and then a break ("… for the UK: …").
  const breakAfterName = /[:,\-–—]\s*$/.test(named[0]);
  if (!/[a-z]/i.test(rest) || (!breakAfterName && !QUESTION_FOLLOWS.test(rest))) return text;
  return rest;
}

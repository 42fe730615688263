/**
 * Phrase templates in the vocabulary files: `{a|b|c}` is any one of its choices, and a choice may be empty
 * (`{my |}ads made`). One template says what a family of phrasings has in common, so that every combination of
 * its parts is known, not only those someone happened to write: "{but|and|yet} {few|no|hardly any} {buyers|sales}"
 * is nine phrases.
 */

/** Templates past this many phrases are a mistake in the data (they would only slow the parser down). */
const MAX_PHRASES = 5000;

/**
 * Every phrase a template stands for, in order; a text without braces is itself.
 *
 * @example expandTemplate("{my |}ads {made|brought in}") // ["my ads made", "my ads brought in", "ads made", "ads brought in"]
 */
export function expandTemplate(template: string): string[] {
  if (!template.includes("{")) return [template];
  const known = expanded.get(template);
  if (known) return known;
  const phrases = choices(template).map((p) => p.replace(/\s+/g, " ").trim());
  if (phrases.length > MAX_PHRASES)
    throw new Error(`phrase template stands for over ${MAX_PHRASES} phrases: ${template}`);
  expanded.set(template, phrases);
  return phrases;
}

/** Templates expanded so far (or restored), template → its phrases. */
const expanded = new Map<string, string[]>();

/**
 * Every template expanded so far, for the build to save beside the trained model: expanding them again at each
 * start-up costs more than reading them (the code that expands runs once, before it is optimised).
 */
export function expandedTemplates(): Record<string, string[]> {
  return Object.fromEntries(expanded);
}

/** Restores templates the build expanded (`expandedTemplates()`), so that start-up reads them instead. */
export function restoreExpandedTemplates(saved: Record<string, string[]>): void {
  for (const [template, phrases] of Object.entries(saved)) expanded.set(template, phrases);
}

/** The template's phrases as they come, spaces and all (an empty choice leaves two spaces side by side). */
function choices(template: string): string[] {
  const open = template.indexOf("{");
  if (open < 0) return [template];
  const close = template.indexOf("}", open);
  if (close < 0) throw new Error(`phrase template without a closing brace: ${template}`);
  const head = template.slice(0, open);
  const rest = choices(template.slice(close + 1));
  const out: string[] = [];
  for (const choice of template.slice(open + 1, close).split("|"))
    for (const tail of rest) out.push(head + choice + tail);
  return out;
}

/** Every phrase of a list of phrases and templates, each once, in order. */
export function expandTemplates(list: readonly string[]): string[] {
  // Most lists hold no template: each of their phrases is itself, and start-up reads thousands of them.
  if (!list.some((t) => t.includes("{"))) return [...new Set(list)];
  return [...new Set(list.flatMap(expandTemplate))];
}

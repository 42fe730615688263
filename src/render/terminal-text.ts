/**
 * Text from the data (titles, key names, header cells, file names, messages
 * that quote them) made inert before it reaches a terminal. A terminal acts
 * on control characters instead of showing them: ESC starts sequences that
 * move the cursor, rewrite the screen, set the window title or make links
 * (OSC 8), C1 characters do the same in one byte, a carriage return or
 * backspace overwrites what was shown, and bidirectional overrides reorder
 * what is shown. Each such character is written as a visible escape instead
 * (`\u001B`, `\u202E`; `\t`, `\r` and `\n` as those), which also keeps JSON
 * valid and meaning the same: JSON strings read those escapes as the
 * character itself.
 */

// C0 controls, DEL and C1 controls; bidirectional embeddings, overrides and isolates
// (and the Arabic letter mark); the Unicode line and paragraph separators.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
const UNSAFE_KEEPING_LINES =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const SHORT: Record<string, string> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

function visible(character: string): string {
  return SHORT[character] ?? `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

export interface TerminalTextOptions {
  /**
   * Keep line feeds as line breaks: for text laid out in lines by the product
   * itself (a rendered table, an error with its suggestions). A carriage
   * return is never kept: it would let the rest of a line overwrite its start.
   */
  keepLineBreaks?: boolean;
}

/**
 * `text` with every control character shown instead of acted on.
 *
 * @example
 * terminalText("Pan\u001b]8;;https://evil.example\u0007") // "Pan\\u001B]8;;https://evil.example\\u0007"
 * terminalText("two\nlines", { keepLineBreaks: true })   // "two\nlines"
 */
export function terminalText(text: string, options: TerminalTextOptions = {}): string {
  const pattern = options.keepLineBreaks ? UNSAFE_KEEPING_LINES : UNSAFE;
  pattern.lastIndex = 0;
  return pattern.test(text) ? text.replace(pattern, visible) : text;
}

/**
 * A value as JSON text that is safe on a terminal and means the same to a JSON
 * reader: the characters JSON.stringify leaves raw (DEL, C1, bidirectional
 * controls, line separators) are written as `\uXXXX` escapes.
 *
 * @example
 * terminalJson({ title: "Pan\u009b2J" }) // '{"title":"Pan\\u009B2J"}'
 */
export function terminalJson(value: unknown, indent?: number): string {
  return terminalText(JSON.stringify(value, null, indent), { keepLineBreaks: true });
}

/** CSV text shown on a terminal: its CRLF record ends as line breaks, every other control character inert. */
export function csvForTerminal(csv: string): string {
  return terminalText(csv.replace(/\r\n/g, "\n"), { keepLineBreaks: true });
}

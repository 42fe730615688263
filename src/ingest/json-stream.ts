/**
 * JSON reports read as they stream: the elements of a top-level array (Ads
 * API reports), or the members of a top-level object with the elements of
 * its long arrays one at a time (Sales and Traffic reports). Only one value
 * is held at once, and no value may be longer than `maxValueChars`, so memory
 * stays bounded by that whatever the file's size. A small document already
 * in memory (a day's report a sync downloaded), on one line as Amazon sends
 * it, is parsed whole by JSON.parse instead, many times faster, with the same
 * calls in the same order; anything that path cannot promise to read
 * identically goes through the scanner.
 */
import { SellerAiError } from "../core/errors.js";
import { MAX_LINE_CHARS, tooLong } from "./limits.js";

export interface JsonStreamOptions {
  /** The file's name, to say where a problem is (`name:line: …`). */
  name?: string;
  /** The longest value (an array's element, an object's member) read whole; default MAX_LINE_CHARS. */
  maxValueChars?: number;
  /** The text is in memory already: a small one-line document may be parsed whole. */
  inMemory?: boolean;
}

export interface JsonObjectHandlers {
  /** Members whose value, when it is an array, is read element by element (to `onElement`). */
  streamed: ReadonlySet<string>;
  /** A streamed member's array begins (it may have no element). */
  onArrayStart?(key: string): void;
  onElement(key: string, value: unknown, line: number): void;
  /** Every other member, read whole. */
  onMember(key: string, value: unknown, line: number): void;
}

const SPACE = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * Calls `onElement` for each element of a top-level JSON array (objects or
 * arrays), with the line it starts on, parsing one element at a time.
 */
export async function forEachJsonArrayElement(
  text: AsyncIterable<string>,
  onElement: (value: unknown, line: number) => void,
  options: JsonStreamOptions = {},
): Promise<number> {
  let count = 0;
  await scanOrParse(text, options, "array", {
    streamed: new Set(),
    onElement: (_key, value, line) => {
      count++;
      onElement(value, line);
    },
    onMember: () => undefined,
  });
  return count;
}

/**
 * Reads a top-level JSON object member by member; the arrays of the members
 * named in `handlers.streamed` are read element by element.
 */
export async function forEachJsonObjectMember(
  text: AsyncIterable<string>,
  handlers: JsonObjectHandlers,
  options: JsonStreamOptions = {},
): Promise<void> {
  await scanOrParse(text, options, "object", handlers);
}

/** The longest document JSON.parse reads whole (characters): no value in it can outgrow the scanner's limit. */
const WHOLE_MAX_CHARS = MAX_LINE_CHARS;

/** Reads a small document whole when it can be read identically so, else scans it. */
async function scanOrParse(
  text: AsyncIterable<string>,
  options: JsonStreamOptions,
  top: "array" | "object",
  handlers: JsonObjectHandlers,
): Promise<void> {
  if (!options.inMemory) return scan(text, options, top, handlers);
  const iterator = text[Symbol.asyncIterator]();
  const head: string[] = [];
  let length = 0;
  let ended = false;
  const limit = Math.min(WHOLE_MAX_CHARS, options.maxValueChars ?? MAX_LINE_CHARS);
  while (length <= limit) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    length += next.value.length;
  }
  if (ended && parsedWhole(head.join(""), top, handlers)) return;
  async function* all(): AsyncGenerator<string> {
    yield* head;
    if (!ended) for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  await scan(all(), options, top, handlers);
}

/**
 * Reads a whole document with JSON.parse and makes the scanner's calls, when
 * that is sure to give the same result: one line (so every value is on line
 * 1), valid JSON of the expected kind, streamed arrays of objects or arrays
 * only, each streamed member once, and no member name that JSON.parse would
 * move ahead of the others. False (having called nothing) otherwise.
 */
function parsedWhole(source: string, top: "array" | "object", handlers: JsonObjectHandlers): boolean {
  const trimmed = source.trimEnd();
  // A name spelled with escapes could hide a second streamed member from the count below.
  if (trimmed.includes("\n") || trimmed.includes("\\u")) return false;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return false;
  }
  const elementsOk = (list: unknown[]) => list.every((e) => typeof e === "object" && e !== null);
  if (top === "array") {
    if (!Array.isArray(value) || !elementsOk(value)) return false;
    for (const element of value) handlers.onElement("", element, 1);
    return true;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const members = Object.entries(value);
  for (const [key, member] of members) {
    if (/^\d+$/.test(key)) return false;
    if (!handlers.streamed.has(key) || !Array.isArray(member)) continue;
    if (!elementsOk(member)) return false;
    if (trimmed.split(JSON.stringify(key)).length > 2) return false;
  }
  for (const [key, member] of members) {
    if (handlers.streamed.has(key) && Array.isArray(member)) {
      handlers.onArrayStart?.(key);
      for (const element of member) handlers.onElement(key, element, 1);
    } else handlers.onMember(key, member, 1);
  }
  return true;
}

type Expect =
  /** The opening `[` or `{`. */
  | "start"
  /** In the array being streamed: an element, a comma or its end. */
  | "element"
  /** In the top-level object: a member's key or its end. */
  | "key"
  | "colon"
  /** A member's value: a streamed array's `[`, or a value read whole. */
  | "value"
  /** After a member: a comma or the object's end. */
  | "next"
  | "done";

async function scan(
  text: AsyncIterable<string>,
  options: JsonStreamOptions,
  top: "array" | "object",
  handlers: JsonObjectHandlers,
): Promise<void> {
  const max = options.maxValueChars ?? MAX_LINE_CHARS;
  const where = (line: number) => (options.name ? `${options.name}:${line}` : `line ${line}`);
  const fail = (message: string) => new SellerAiError("import_rejected", message);
  const what = top === "array" ? "array" : "object";
  // Widened: finish(), a closure, moves it on too.
  let expect = "start" as Expect;
  // Whether the array being streamed is the top level one (else a member's).
  let nested = false;
  let key = "";
  let line = 1;
  // The value being captured: its kind, its depth of brackets, the string state, its start and line.
  let capturing: "key" | "element" | "member" | undefined;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let primitive = false;
  let carry = "";
  let valueLine = 1;

  const parse = (source: string): unknown => {
    try {
      return JSON.parse(source);
    } catch (error) {
      throw fail(`${where(valueLine)}: invalid JSON: ${(error as Error).message.slice(0, 200)}`);
    }
  };
  const finish = (source: string) => {
    const kind = capturing;
    capturing = undefined;
    if (kind === "key") {
      key = parse(source) as string;
      expect = "colon";
    } else if (kind === "element") {
      handlers.onElement(key, parse(source), valueLine);
      expect = "element";
    } else {
      handlers.onMember(key, parse(source), valueLine);
      expect = "next";
    }
  };

  for await (const chunk of text) {
    let start = capturing ? 0 : -1;
    let i = 0;
    for (; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (capturing) {
        if (inString) {
          if (c === 10) line++;
          if (escaped) escaped = false;
          else if (c === 92) escaped = true;
          else if (c === 34) {
            inString = false;
            if (depth === 0) {
              finish(carry + chunk.slice(start, i + 1));
              carry = "";
            }
          }
          continue;
        }
        if (primitive) {
          if (c !== 44 && c !== 125 && c !== 93 && !SPACE(c)) continue;
          // The character after a number, true, false or null belongs to what holds it.
          finish(carry + chunk.slice(start, i));
          carry = "";
          primitive = false;
        } else {
          if (c === 10) line++;
          if (c === 34) inString = true;
          else if (c === 123 || c === 91) depth++;
          else if (c === 125 || c === 93) {
            depth--;
            if (depth === 0) {
              finish(carry + chunk.slice(start, i + 1));
              carry = "";
            }
          }
          continue;
        }
      }
      if (c === 10) line++;
      if (SPACE(c)) continue;
      switch (expect) {
        case "start":
          if (top === "array" ? c !== 91 : c !== 123) throw fail(`expected a JSON ${what} (line ${line}).`);
          expect = top === "array" ? "element" : "key";
          nested = false;
          break;
        case "element":
          if (c === 44) break;
          if (c === 93) {
            expect = nested ? "next" : "done";
            break;
          }
          if (c !== 123 && c !== 91) throw fail(`${where(line)}: expected an object in the JSON array.`);
          capturing = "element";
          depth = 1;
          start = i;
          valueLine = line;
          break;
        case "key":
          if (c === 125) {
            expect = "done";
            break;
          }
          if (c !== 34) throw fail(`${where(line)}: expected a member's name in the JSON object.`);
          capturing = "key";
          depth = 0;
          inString = true;
          start = i;
          valueLine = line;
          break;
        case "colon":
          if (c !== 58) throw fail(`${where(line)}: expected ":" after "${key.slice(0, 40)}" in the JSON object.`);
          expect = "value";
          break;
        case "value":
          valueLine = line;
          if (c === 91 && handlers.streamed.has(key)) {
            handlers.onArrayStart?.(key);
            expect = "element";
            nested = true;
            break;
          }
          capturing = "member";
          start = i;
          depth = c === 123 || c === 91 ? 1 : 0;
          inString = c === 34;
          primitive = depth === 0 && !inString;
          break;
        case "next":
          if (c === 44) expect = "key";
          else if (c === 125) expect = "done";
          else throw fail(`${where(line)}: expected "," or "}" in the JSON object.`);
          break;
        case "done":
          throw fail(`unexpected text after the JSON ${what} (line ${line}).`);
      }
    }
    if (capturing) {
      carry += chunk.slice(start);
      if (carry.length > max) throw tooLong(options.name, valueLine, max, "a JSON value");
    }
  }
  if (capturing && primitive) finish(carry);
  if (expect !== "done") throw fail(`the JSON ends before its ${what} does (line ${line}): the file looks truncated.`);
}

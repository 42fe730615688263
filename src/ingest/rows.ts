/**
 * Splits decoded text into rows. Amazon's flat files are TAB-separated and
 * unquoted (a cell may hold commas and quotes), so they are split on tabs and
 * line ends only; CSV files (Business Reports, Ads console exports, cost
 * sheets) go through csv-parse. JSON arrays (Ads API reports) are cut into
 * elements as they stream, so memory stays bounded by one element. A line
 * longer than MAX_LINE_CHARS is refused where it is found.
 */
import { Readable } from "node:stream";
import { SellerAiError, isSellerAiError as isSellerAi } from "../core/errors.js";
import { MAX_LINE_CHARS, tooLong } from "./limits.js";

/** Text chunks with the ability to look at the start before reading on. */
export class PeekableText {
  private buffered: string[] = [];
  private readonly iterator: AsyncIterator<string>;
  private ended = false;

  /** `name` is the file's name, for saying where a problem is (`name:line: …`). */
  constructor(
    chunks: AsyncIterable<string>,
    readonly name?: string,
  ) {
    this.iterator = chunks[Symbol.asyncIterator]();
  }

  /** At least the first line (or `min` characters), without consuming it. */
  async peek(min = 4096): Promise<string> {
    let text = this.buffered.join("");
    // A one-line JSON report has no line end to wait for: stop looking after 1 MB.
    while (!this.ended && (text.length < min || (!text.includes("\n") && text.length < 1 << 20))) {
      const next = await this.iterator.next();
      if (next.done) {
        this.ended = true;
        break;
      }
      this.buffered.push(next.value);
      text += next.value;
    }
    this.buffered = text === "" ? [] : [text];
    return text;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<string> {
    while (this.buffered.length) yield this.buffered.shift()!;
    if (this.ended) return;
    for (let next = await this.iterator.next(); !next.done; next = await this.iterator.next()) yield next.value;
  }
}

export type Delimiter = "\t" | "," | ";";

/** The separator of a delimited file, from its header line. */
export function delimiterOf(headerLine: string): Delimiter {
  if (headerLine.includes("\t")) return "\t";
  const commas = headerLine.split(",").length;
  const semicolons = headerLine.split(";").length;
  return semicolons > commas ? ";" : ",";
}

export interface DelimitedRows {
  header: string[];
  /**
   * Calls `onRow` for every non-empty data row, with its 1-based line number.
   * Given `reads`, a row may hold only the cells at those positions (the
   * others empty slots), which spares cutting cells nobody reads.
   */
  forEach(onRow: (cells: string[], line: number) => void, reads?: readonly number[]): Promise<number>;
}

/**
 * Rows of a TAB-separated file. Lines end in LF or CRLF; cells are not unquoted.
 *
 * @example
 * const rows = await tsvRows(text);
 * await rows.forEach((cells, line) => console.log(line, cells));
 */
export async function tsvRows(text: PeekableText, maxLine = MAX_LINE_CHARS): Promise<DelimitedRows> {
  const start = await text.peek();
  const end = start.indexOf("\n");
  if ((end >= 0 ? end : start.length) > maxLine) throw tooLong(text.name, 1, maxLine);
  const header = (end >= 0 ? start.slice(0, end) : start).replace(/\r$/, "").split("\t");
  return {
    header,
    async forEach(onRow, reads) {
      const wanted: boolean[] = [];
      for (const position of reads ?? []) if (position >= 0) wanted[position] = true;
      const last = wanted.length - 1;
      let carry = "";
      let line = 0;
      let rows = 0;
      let headerSeen = false;
      // The line is data[from, to): sliced once, without its CR, and split on tabs only.
      const take = (data: string, from: number, to: number) => {
        line++;
        if (to - from > maxLine) throw tooLong(text.name, line, maxLine);
        const end = to > from && data.charCodeAt(to - 1) === 13 ? to - 1 : to;
        if (!headerSeen) {
          headerSeen = true;
          return;
        }
        if (end === from) return;
        if (data.charCodeAt(from) === 9 && /^\t*$/.test(data.slice(from, end))) return;
        rows++;
        if (last < 0) {
          onRow(data.slice(from, end).split("\t"), line);
          return;
        }
        // Only the cells read are cut out, and the line is scanned no further than the last of them.
        const cells: string[] = [];
        let start = from;
        let position = 0;
        for (
          let tab = data.indexOf("\t", start);
          tab >= 0 && tab < end && position <= last;
          tab = data.indexOf("\t", start)
        ) {
          if (wanted[position]) cells[position] = data.slice(start, tab);
          position++;
          start = tab + 1;
        }
        if (position <= last && wanted[position]) cells[position] = data.slice(start, end);
        onRow(cells, line);
      };
      for await (const chunk of text) {
        let from = 0;
        let data = chunk;
        if (carry) {
          data = carry + chunk;
          carry = "";
        }
        for (let nl = data.indexOf("\n", from); nl >= 0; nl = data.indexOf("\n", from)) {
          take(data, from, nl);
          from = nl + 1;
        }
        carry = data.slice(from);
        // A line without its end yet is checked as it grows: gathered whole, a huge one would take minutes.
        if (carry.length > maxLine) throw tooLong(text.name, line + 1, maxLine);
      }
      if (carry) take(carry, 0, carry.length);
      return rows;
    },
  };
}

/** Rows of a quoted CSV (or semicolon-separated) file, through csv-parse. */
export async function csvRows(
  text: PeekableText,
  delimiter: Delimiter,
  maxLine = MAX_LINE_CHARS,
): Promise<DelimitedRows> {
  // Loaded here: the worker thread that reads large TAB-separated files never needs it.
  const { parse } = await import("csv-parse");
  const parser = Readable.from(text).pipe(
    parse({
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      trim: false,
      // A quote left open runs to the end of the file: the record is refused once it is too long.
      max_record_size: maxLine,
    }),
  );
  const unreadable = (error: unknown) => {
    const e = error as { code?: string; lines?: number; message?: string };
    if (e.code === "CSV_MAX_RECORD_SIZE") return tooLong(text.name, e.lines ?? 1, maxLine, "the record");
    const where = text.name ? `${text.name}: ` : "";
    return new SellerAiError("import_rejected", `${where}the CSV cannot be read: ${e.message ?? String(error)}`, {
      cause: error,
    });
  };
  const iterator = (parser as AsyncIterable<{ record: string[]; info: { lines: number } }>)[Symbol.asyncIterator]();
  let first: IteratorResult<{ record: string[]; info: { lines: number } }>;
  try {
    first = await iterator.next();
  } catch (error) {
    throw isSellerAi(error) ? error : unreadable(error);
  }
  const header = first.done ? [] : first.value.record;
  return {
    header,
    async forEach(onRow) {
      let rows = 0;
      try {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          const { record, info } = next.value;
          if (record.every((c) => c.trim() === "")) continue;
          rows++;
          onRow(record, info.lines);
        }
      } catch (error) {
        throw isSellerAi(error) ? error : unreadable(error);
      }
      return rows;
    },
  };
}

// JSON arrays are read by json-stream.ts; imported from here as before.
export { forEachJsonArrayElement } from "./json-stream.js";

/**
 * Opens a report file as a stream of text: gzip is recognised by its magic
 * bytes, the character set by a byte-order mark, by UTF-8 validity, or by
 * chardet's guess (Amazon's files come in UTF-8, Windows-1252/ISO-8859-1 and
 * Shift_JIS), and decoding is iconv-lite's. Nothing is read whole. Gzip data
 * that inflates far beyond what a report does (a decompression bomb) is
 * refused as it inflates.
 */
import { createReadStream, statSync } from "node:fs";
import { createGunzip } from "node:zlib";
import { analyse } from "chardet";
import iconv from "iconv-lite";
import { SellerAiError } from "../core/errors.js";

export interface TextSource {
  /** The character set the file is decoded with (iconv-lite name). */
  encoding: string;
  /** How the encoding was chosen. */
  encodingFrom: "option" | "bom" | "utf-8" | "detected" | "fallback";
  compressed: boolean;
  /** Decoded text, chunk by chunk (a BOM removed). */
  chunks: AsyncIterable<string>;
  /** The share of the file's bytes (compressed ones for gzip) read so far, 0 to 1; 0 when the size is unknown. */
  progress(): number;
  /** The file's size in bytes as stored (compressed for gzip); 0 when unknown. */
  size: number;
  /** Stops reading and releases the file, for a source read no further. */
  close(): void;
}

const SAMPLE_BYTES = 64 * 1024;

/** How far gzip data may inflate. */
export interface InflationLimits {
  /** Inflated bytes per compressed byte read, checked once `ratioFrom` bytes have been inflated. */
  maxRatio: number;
  ratioFrom: number;
  /** Inflated bytes in all. */
  maxBytes: number;
}

/**
 * Reports' text compresses to a tenth or so of its size, rarely to a
 * fiftieth; a decompression bomb inflates a thousandfold. The first 64 MB
 * inflate without a check, so a small file of very repetitive text is read.
 * No report runs to 8 GB of text.
 */
export const INFLATION_LIMITS: InflationLimits = { maxRatio: 100, ratioFrom: 64 << 20, maxBytes: 8 * 2 ** 30 };

/** Canonical iconv-lite names for what users and Amazon call these charsets. */
export function normaliseEncoding(name: string): string | undefined {
  const key = name.trim().toLowerCase().replace(/[\s_]/g, "-");
  const aliases: Record<string, string> = {
    utf8: "utf8",
    "utf-8": "utf8",
    "utf-8-bom": "utf8",
    latin1: "windows-1252",
    "latin-1": "windows-1252",
    "iso-8859-1": "windows-1252",
    "iso8859-1": "windows-1252",
    cp1252: "windows-1252",
    "windows-1252": "windows-1252",
    "shift-jis": "cp932",
    shiftjis: "cp932",
    sjis: "cp932",
    cp932: "cp932",
    "windows-31j": "cp932",
    ms932: "cp932",
    "euc-jp": "eucjp",
  };
  const known = aliases[key];
  if (known) return known;
  return iconv.encodingExists(key) ? key : undefined;
}

/**
 * The encoding of a file's first bytes.
 *
 * @example
 * detectEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x61])) // { encoding: "utf8", from: "bom" }
 */
export function detectEncoding(sample: Uint8Array): { encoding: string; from: TextSource["encodingFrom"] } {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return { encoding: "utf8", from: "bom" };
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: "utf16le", from: "bom" };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: "utf16be", from: "bom" };
  try {
    // stream: true tolerates a character cut at the end of the sample.
    new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: true });
    return { encoding: "utf8", from: "utf-8" };
  } catch {
    // not UTF-8: guess below
  }
  const top = analyse(sample)[0];
  if (top && top.confidence >= 50) {
    if (top.name === "Shift_JIS") return { encoding: "cp932", from: "detected" };
    if (top.name === "EUC-JP") return { encoding: "eucjp", from: "detected" };
  }
  // Amazon's single-byte reports are Windows-1252 (a superset of ISO-8859-1's printable range).
  return { encoding: "windows-1252", from: top ? "detected" : "fallback" };
}

/**
 * Bytes decoded at a time. Files are read 1 MB at a time, but text of that
 * size is a large object to V8, freed only by full collections, which then
 * run over and over on a large file; pieces under 128 KB die young instead.
 * Reading a million order lines takes a tenth less time.
 */
const TEXT_PIECE = 64 << 10;

async function* readChunks(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of stream) yield chunk;
}

/** The inflated chunks of a gzip file, refused once they outgrow `limits` against the compressed bytes read. */
async function* inflated(
  stream: AsyncIterable<Buffer>,
  compressedRead: () => number,
  path: string,
  limits: InflationLimits,
): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.length;
    const read = Math.max(1, compressedRead());
    if (total > limits.maxBytes || (total > limits.ratioFrom && total > limits.maxRatio * read)) {
      const mb = (n: number) => `${(n / 2 ** 20).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;
      throw new SellerAiError(
        "import_rejected",
        total > limits.maxBytes
          ? `${path}: the gzip data inflates to over ${mb(limits.maxBytes)}, more than any report holds; ` +
              "nothing from the file was imported."
          : `${path}: the gzip data inflates to over ${limits.maxRatio} times its size (${mb(total)} from ` +
              `${mb(read)}), which reports never do: it is damaged or a decompression bomb. Nothing from the file was imported.`,
      );
    }
    yield chunk;
  }
}

/**
 * The size of the pieces gzip data of `compressed` bytes (0: unknown) is
 * inflated in: up to 1 MB, as a plain file is read (zlib's default 16 KB
 * output makes 64 times as many hops between the thread pool and the reader,
 * each carrying the line left over from the piece before), but no larger than
 * a small document needs: each piece is a fresh buffer, and a sync inflates
 * thousands of documents of a few kilobytes, where a megabyte apiece costs
 * more in allocating and collecting than the inflating itself.
 */
function inflatedPiece(compressed: number): number {
  if (compressed <= 0) return 1 << 20;
  // Report text inflates about eightfold (see WORKER_MIN_BYTES in import-file.ts).
  return Math.min(1 << 20, Math.max(64 << 10, 8 * compressed));
}

/** A document already in memory (a report downloaded by a sync), read as a file would be. */
export interface InMemoryDocument {
  /** What errors and rejected rows call it. */
  name: string;
  /** Its bytes as downloaded (gzip or not). */
  body: Buffer;
}

/**
 * Opens `input` (a file's path, or a document in memory) for reading as
 * text; `encoding` overrides detection; gzip data is held to `limits`.
 */
export async function openTextSource(
  input: string | InMemoryDocument,
  encoding?: string,
  limits: InflationLimits = INFLATION_LIMITS,
): Promise<TextSource> {
  const forced = encoding === undefined ? undefined : normaliseEncoding(encoding);
  if (encoding !== undefined && !forced) {
    throw new SellerAiError(
      "usage",
      `unknown encoding "${encoding}"; use utf-8, windows-1252 (iso-8859-1) or shift_jis (cp932).`,
    );
  }
  if (typeof input !== "string") return openBytes(input.name, input.body, forced, limits);
  const path = input;
  const file = createReadStream(path, { highWaterMark: 1 << 20 });
  const opened = await new Promise<void>((resolve, reject) => {
    file.once("readable", () => resolve());
    file.once("error", reject);
  }).then(
    () => undefined,
    (error: NodeJS.ErrnoException) => error,
  );
  if (opened) {
    const reason =
      opened.code === "ENOENT" ? "no such file" : opened.code === "EISDIR" ? "is a folder" : opened.message;
    throw new SellerAiError("not_found", `${path}: ${reason}.`);
  }
  let size = 0;
  try {
    size = statSync(path).size;
  } catch {
    // unknown size: progress stays 0
  }
  const first: Buffer | null = file.read(2) ?? file.read();
  if (first) file.unshift(first);
  const compressed = first !== null && first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b;
  const bytes: AsyncIterable<Buffer> = compressed ? file.pipe(createGunzip({ chunkSize: inflatedPiece(size) })) : file;
  if (compressed) file.on("error", () => undefined);

  const iterator = compressed ? inflated(bytes, () => file.bytesRead, path, limits) : readChunks(bytes);
  const close = () => {
    file.destroy();
    if (compressed) (bytes as ReturnType<typeof createGunzip>).destroy();
  };
  const progress = () => (size > 0 ? Math.min(1, file.bytesRead / size) : 0);
  return decodedSource(iterator, compressed, size, forced, progress, close);
}

/** A document's bytes in memory as a text source: gzip inflated as it is read, in the same pieces as a file's. */
function openBytes(
  name: string,
  body: Buffer,
  forced: string | undefined,
  limits: InflationLimits,
): Promise<TextSource> {
  const compressed = body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b;
  let read = 0;
  let gunzip: ReturnType<typeof createGunzip> | undefined;
  let iterator: AsyncIterator<Buffer>;
  if (compressed) {
    gunzip = createGunzip({ chunkSize: inflatedPiece(body.length) });
    gunzip.end(body);
    read = body.length;
    iterator = inflated(gunzip, () => read, name, limits);
  } else {
    iterator = (async function* () {
      for (let at = 0; at < body.length; at += 1 << 20) {
        const piece = body.subarray(at, Math.min(body.length, at + (1 << 20)));
        read = at + piece.length;
        yield piece;
      }
    })();
  }
  const progress = () => (body.length > 0 ? Math.min(1, read / body.length) : 0);
  return decodedSource(iterator, compressed, body.length, forced, progress, () => gunzip?.destroy());
}

/** Reads the first bytes to choose the character set, then decodes the rest as it comes. */
async function decodedSource(
  iterator: AsyncIterator<Buffer>,
  compressed: boolean,
  size: number,
  forced: string | undefined,
  progress: () => number,
  close: () => void,
): Promise<TextSource> {
  const head: Buffer[] = [];
  let headLength = 0;
  let done = false;
  try {
    while (headLength < SAMPLE_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      head.push(next.value);
      headLength += next.value.length;
    }
  } catch (error) {
    close();
    throw error;
  }
  const sample = Buffer.concat(head);
  const chosen = forced
    ? { encoding: forced, from: "option" as const }
    : detectEncoding(sample.subarray(0, SAMPLE_BYTES));
  const decoder = iconv.getDecoder(chosen.encoding, { stripBOM: true });

  async function* decode(): AsyncGenerator<string> {
    try {
      const text = decoder.write(sample);
      if (text) yield text;
      if (!done) {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          const bytes = next.value;
          for (let at = 0; at < bytes.length; at += TEXT_PIECE) {
            const part = decoder.write(bytes.subarray(at, Math.min(bytes.length, at + TEXT_PIECE)));
            if (part) yield part;
          }
        }
      }
      const rest = decoder.end();
      if (rest) yield rest;
    } finally {
      // A reader that stops early (a refused file) releases the file at once, not when collected.
      close();
    }
  }

  return { encoding: chosen.encoding, encodingFrom: chosen.from, compressed, chunks: decode(), progress, size, close };
}

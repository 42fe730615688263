/**
 * Rows packed for a bulk insert: their text fields as UTF-8 bytes in one
 * array, which binds to the database as one value, and where each field
 * starts, with the rows' numbers, in one typed array. The engine's driver
 * binds a string by converting and copying it, which costs more than storing
 * the row it belongs to; a batch's text goes in as one blob, and the engine
 * cuts the fields out of it (the dialect's packedSource, see store/dialect.ts). Both arrays also
 * cross between threads without a copy. Nothing here touches the database,
 * so a reading worker thread loads none of it.
 */
import { Buffer } from "node:buffer";

/** The text and number fields of each packed row. */
export interface RowShape {
  texts: number;
  figures: number;
}

/** Rows packed by RowPacker. */
export interface PackedRows {
  count: number;
  /** The text fields in UTF-8, each followed by a TAB (an empty field for null). */
  text: Uint8Array;
  /**
   * Per row, `texts + 1 + figures` numbers: the 1-based byte positions in
   * `text` where its text fields start and where the next row starts, then
   * its figures.
   */
  numbers: Float64Array;
}

const utf8 = new TextEncoder();

/** Numbers per packed row of a shape. */
export function strideOf(shape: RowShape): number {
  return shape.texts + 1 + shape.figures;
}

/**
 * Packs rows of one shape. The insert cuts fields by position, but
 * packedTexts reads them back by splitting on TAB, so a text field must not
 * hold one (they come from TAB-separated cells, or are codes and dates).
 *
 * @example
 * const packer = new RowPacker({ texts: 2, figures: 1 });
 * packer.add(["US", "B0A"], [3]);
 * const rows = packer.take(); // { count: 1, text: "US\tB0A\t" in UTF-8, numbers: [1, 4, 8, 3] }
 */
export class RowPacker {
  private readonly stride: number;
  private parts: string[] = [];
  private numbers: Float64Array;
  private count = 0;
  /** Where the next field starts, counted in characters (bytes too while the text is ASCII). */
  private at = 1;

  constructor(private readonly shape: RowShape) {
    this.stride = strideOf(shape);
    this.numbers = new Float64Array(512 * this.stride);
  }

  get size(): number {
    return this.count;
  }

  /** Adds a row: `shape.texts` texts (null packs as empty) and `shape.figures` numbers. */
  add(texts: readonly (string | null)[], figures: readonly number[]): void {
    let i = this.count * this.stride;
    if (i + this.stride > this.numbers.length) {
      const wider = new Float64Array(this.numbers.length * 2);
      wider.set(this.numbers);
      this.numbers = wider;
    }
    const n = this.numbers;
    const parts = this.parts;
    let at = this.at;
    for (let k = 0; k < this.shape.texts; k++) {
      const value = texts[k] ?? "";
      n[i++] = at;
      parts.push(value);
      at += value.length + 1;
    }
    n[i++] = at;
    for (let k = 0; k < this.shape.figures; k++) n[i++] = figures[k];
    this.at = at;
    this.count++;
  }

  /** The rows packed so far; the packer starts over empty. */
  take(): PackedRows {
    const chars = this.parts.length === 0 ? "" : `${this.parts.join("\t")}\t`;
    const text = utf8.encode(chars);
    const numbers = this.numbers.slice(0, this.count * this.stride);
    // Outside ASCII a character takes more than one byte: the positions are counted again in bytes.
    if (text.length !== chars.length) this.bytePositions(numbers);
    const packed = { count: this.count, text, numbers };
    this.parts = [];
    this.count = 0;
    this.at = 1;
    return packed;
  }

  private bytePositions(numbers: Float64Array): void {
    const parts = this.parts;
    let at = 1;
    for (let row = 0, f = 0; row < this.count; row++) {
      const i = row * this.stride;
      numbers[i] = at;
      for (let k = 1; k <= this.shape.texts; k++) numbers[i + k] = at += Buffer.byteLength(parts[f++], "utf8") + 1;
    }
  }
}

/** The text fields of packed rows, row after row (empty for null). */
export function packedTexts(rows: PackedRows): string[] {
  if (rows.count === 0) return [];
  const fields = new TextDecoder().decode(rows.text).split("\t");
  fields.pop();
  return fields;
}

/** The buffers of packed rows, to transfer with a message to another thread instead of copying them. */
export function transferablesOf(batches: readonly PackedRows[]): ArrayBuffer[] {
  return batches.flatMap((b) => [b.text.buffer, b.numbers.buffer] as ArrayBuffer[]);
}

/** The values a statement from packedSource binds: the text, then every number. `into` is reused when it fits. */
export function packedParameters(rows: PackedRows, into?: unknown[]): unknown[] {
  const numbers = rows.numbers;
  const values = into && into.length === numbers.length + 1 ? into : new Array<unknown>(numbers.length + 1);
  values[0] = rows.text;
  for (let i = 0; i < numbers.length; i++) values[i + 1] = numbers[i];
  return values;
}

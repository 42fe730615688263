/**
 * Packed rows (as ingest/packed-rows.ts packs them: text fields in UTF-8,
 * each followed by a TAB, and per row where each starts, then its figures)
 * turned into COPY's text format as bytes, on the thread that sends them to
 * the server: the importing thread hands its packed batches over as they
 * are, instead of making a value, then a field, of every cell.
 */

/** Packed rows bound for COPY, with the fields shared by every row. */
export interface PackedCopyPart {
  /** The shared leading fields in COPY's text format, each followed by a TAB, in UTF-8. */
  prefix: Uint8Array;
  count: number;
  text: Uint8Array;
  numbers: Float64Array;
  /** Text fields per row; those flagged in `nullable` go in as null when empty. */
  texts: number;
  nullable: readonly boolean[];
  /** Figures per row (NaN goes in as null). */
  figures: number;
}

/** What one queued load sends: COPY text already made, or packed rows to make it from. */
export type CopyPart = string | PackedCopyPart;

/**
 * The part's rows in COPY's text format, as UTF-8. Self-contained (no name
 * from outside its body): the session's helper thread runs its source too.
 */
export function packedCopyBytes(part: PackedCopyPart): Uint8Array {
  const { prefix, count, text, numbers, texts, nullable, figures } = part;
  const stride = texts + 1 + figures;
  // At most: every text byte escaped, every empty field a \N, every figure 24 characters and its TAB.
  const out = new Uint8Array(2 * text.length + count * (prefix.length + 2 * texts + 25 * figures + 1));
  let o = 0;
  for (let r = 0; r < count; r++) {
    out.set(prefix, o);
    o += prefix.length;
    const base = r * stride;
    const from = numbers[base] - 1;
    const to = numbers[base + texts] - 1;
    // The row's fields and their TABs go over in one piece unless one needs an escape or a null.
    let plain = true;
    for (let i = from; i < to && plain; i++) {
      const b = text[i];
      if (b === 92 || b === 13 || b === 10) plain = false;
    }
    for (let k = 0; k < texts && plain; k++)
      if (nullable[k] && numbers[base + k + 1] - numbers[base + k] === 1) plain = false;
    if (plain) {
      out.set(text.subarray(from, to), o);
      o += to - from;
    } else {
      for (let k = 0; k < texts; k++) {
        const start = numbers[base + k] - 1;
        const end = numbers[base + k + 1] - 2;
        if (end === start && nullable[k]) {
          out[o++] = 92;
          out[o++] = 78;
        }
        for (let i = start; i < end; i++) {
          const b = text[i];
          if (b === 92 || b === 13 || b === 10) {
            out[o++] = 92;
            out[o++] = b === 92 ? 92 : b === 13 ? 114 : 110;
          } else out[o++] = b;
        }
        out[o++] = 9;
      }
    }
    for (let k = 0; k < figures; k++) {
      const n = numbers[base + texts + 1 + k];
      const field = Number.isNaN(n) ? "\\N" : String(n);
      for (let i = 0; i < field.length; i++) out[o++] = field.charCodeAt(i);
      out[o++] = k + 1 < figures ? 9 : 10;
    }
    if (figures === 0) out[o - 1] = 10;
  }
  return out.subarray(0, o);
}

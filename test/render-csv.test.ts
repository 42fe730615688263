import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { tableToCsv } from "../src/render/csv.js";
import { SAMPLES } from "./render-samples.js";

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
    expect(header).toEqual(expect.arrayContaining(["restock_recommendation.recommended_quantity", "restock_recommendation.urgency", "restock_recommendation.optimal_po_date"]));
    const parsed = parse(tableToCsv(rows), { columns: true }) as Record<string, string>[];
    expect(parsed.map((r) => r["restock_recommendation.urgency"])).toEqual(["critical", "low"]);
  });

  it("keeps the first row's column order and adds later keys at the end", () => {
    const csv = tableToCsv([{ b: 1, a: 2 }, { a: 3, c: 4, b: 5 }]);
    expect(csv.split("\r\n")[0]).toBe("b,a,c");
    expect(parse(csv, { columns: true })).toEqual([{ b: "1", a: "2", c: "" }, { b: "5", a: "3", c: "4" }]);
  });

  it("writes nothing for no rows", () => {
    expect(tableToCsv([])).toBe("");
  });
});

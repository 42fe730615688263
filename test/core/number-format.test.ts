import { describe, expect, it } from "vitest";
import { formatMoney, formatPercent, formatPoints, groupDigits } from "../../src/core/number-format.js";

const formats = [0, 1, 2, 3].map(
  (d) => new Intl.NumberFormat("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }),
);
const intl = (value: number, decimals: number) =>
  (
    formats[decimals] ??
    new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
  ).format(value);

describe("groupDigits", () => {
  it.each([
    [1234.5, 2, "1,234.50"],
    [1.005, 2, "1.01"],
    [790.8485, 3, "790.849"],
    [9.995, 2, "10.00"],
    [999999.5, 0, "1,000,000"],
    [-99.5, 0, "-100"],
    [-0.0004, 3, "-0.000"],
    [0, 0, "0"],
    [123456789012345.67, 3, "123,456,789,012,345.670"],
    [1e-7, 2, "0.00"],
    [1e22, 0, "10,000,000,000,000,000,000,000"],
  ])("prints %s at %s decimals as %s, as Intl does", (value, decimals, text) => {
    expect(groupDigits(value, decimals)).toBe(text);
    expect(intl(value, decimals)).toBe(text);
  });

  it("agrees with Intl.NumberFormat on a spread of values and decimals", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const mismatches: string[] = [];
    for (let i = 0; i < 20000; i++) {
      const value = (next() - 0.3) * 10 ** Math.floor(next() * 16);
      const cents = Math.round(next() * 1e6) / 1000 + 0.0005;
      for (const v of [value, cents])
        for (const d of [0, 1, 2, 3]) if (groupDigits(v, d) !== intl(v, d)) mismatches.push(`${v}@${d}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe("formatMoney", () => {
  it.each([
    [12345.678, "USD", "$12,345.68", "$12,345.68"],
    [-5, "EUR", "-€5.00", "-€5.00"],
    [1234567, "JPY", "¥1,234,567", "¥1,234,567"],
    [99.5, "SEK", "kr99.50", "kr 99.50"],
    [99.5, "AED", "AED99.50", "AED 99.50"],
    [10, "CAD", "CA$10.00", "CA$10.00"],
    [10, "XYZ", "10.00 XYZ", "10.00 XYZ"],
    [10, undefined, "10.00", "10.00"],
  ])("%s %s is %s in a sentence and %s in a table", (value, currency, sentence, table) => {
    expect(formatMoney(value, currency)).toBe(sentence);
    expect(formatMoney(value, currency, { style: "sentence" })).toBe(sentence);
    expect(formatMoney(value, currency, { style: "table" })).toBe(table);
  });

  it("puts + before an increase only when signed", () => {
    expect(formatMoney(5, "USD", { signed: true })).toBe("+$5.00");
    expect(formatMoney(-5, "USD", { signed: true })).toBe("-$5.00");
    expect(formatMoney(0, "USD", { signed: true })).toBe("$0.00");
  });
});

describe("formatPercent", () => {
  it.each([
    [12.345, "12.3%", "12.3%"],
    [12, "12%", "12.0%"],
    [-4.25, "-4.3%", "-4.3%"],
    [250, "250%", "250%"],
    [1234.5, "1234.5%", "1,235%"],
    [null, "n/a", "—"],
    [undefined, "n/a", "—"],
    [Number.NaN, "n/a", "—"],
  ])("%s is %s in a sentence and %s in a table", (value, sentence, table) => {
    expect(formatPercent(value)).toBe(sentence);
    expect(formatPercent(value, { style: "table" })).toBe(table);
  });

  it.each([
    [12.345, "+12.3%"],
    [-4.2, "-4.2%"],
    [0, "0.0%"],
  ])("signed %s is %s in a table", (value, text) => {
    expect(formatPercent(value, { style: "table", signed: true })).toBe(text);
  });
});

// A difference between percentages in prose is in points: "39.2% points" mixes two units.
describe("formatPoints", () => {
  it.each([
    [39.24, "39.2 points"],
    [1, "1 point"],
    [0.96, "1 point"],
    [-2.55, "-2.6 points"],
    [12, "12 points"],
  ])("%s reads %j", (value, text) => {
    expect(formatPoints(value)).toBe(text);
  });
});

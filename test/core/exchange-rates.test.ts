import { describe, expect, it } from "vitest";
import {
  conversionFactor,
  daysWithoutRate,
  gapsBetween,
  rateInForce,
  type StoredRate,
} from "../../src/core/exchange-rates.js";

describe("the rate that holds on a day", () => {
  const cases: { newest: StoredRate | undefined; day: string; holds: number | undefined; why: string }[] = [
    { newest: undefined, day: "2024-03-31", holds: undefined, why: "no rate on or before the day" },
    { newest: { date: "2024-03-29", rate: 1.08, kind: "daily" }, day: "2024-03-29", holds: 1.08, why: "its own day" },
    {
      newest: { date: "2024-03-29", rate: 1.08, kind: "daily" },
      day: "2024-04-01",
      holds: 1.08,
      why: "a long weekend",
    },
    { newest: { date: "2024-03-22", rate: 1.08, kind: "daily" }, day: "2024-03-29", holds: 1.08, why: "7 days on" },
    {
      newest: { date: "2024-03-22", rate: 1.08, kind: "daily" },
      day: "2024-03-30",
      holds: undefined,
      why: "8 days on",
    },
    { newest: { date: "2020-01-01", rate: 1.2, kind: "standing" }, day: "2024-03-30", holds: 1.2, why: "a set rate" },
    {
      newest: { date: "2024-04-01", rate: 1.2, kind: "standing" },
      day: "2024-03-30",
      holds: undefined,
      why: "not before its date",
    },
  ];
  it.each(cases)("$why", ({ newest, day, holds }) => {
    expect(rateInForce(newest, day)).toBe(holds);
  });
});

describe("the factor between two currencies", () => {
  const rates: Record<string, number> = { "EUR|USD": 1.1, "EUR|GBP": 0.85, "JPY|USD": 0.0067 };
  const rateOf = (c: string, q: string) => rates[`${c}|${q}`];
  const cases: { from: string; to: string; factor: number | undefined }[] = [
    { from: "EUR", to: "USD", factor: 1.1 },
    { from: "USD", to: "EUR", factor: 1 / 1.1 },
    { from: "GBP", to: "USD", factor: (1 / 0.85) * 1.1 },
    { from: "JPY", to: "GBP", factor: 0.0067 * (1 / 1.1) * 0.85 },
    { from: "CAD", to: "USD", factor: undefined },
  ];
  it.each(cases)("$from to $to goes direct, inverse or through USD and EUR", ({ from, to, factor }) => {
    const got = conversionFactor(from, to, rateOf);
    if (factor === undefined) expect(got).toBeUndefined();
    else expect(got).toBeCloseTo(factor, 12);
  });
});

describe("days without a rate", () => {
  it("are the days past a daily rate's reach, as runs, and none under a standing rate", () => {
    const rates = new Map<string, StoredRate[]>([
      [
        "EUR|USD",
        [
          { date: "2024-03-01", rate: 1.08, kind: "daily" },
          { date: "2024-03-20", rate: 1.09, kind: "daily" },
        ],
      ],
      ["GBP|USD", [{ date: "2024-03-10", rate: 1.27, kind: "standing" }]],
    ]);
    const march = { start: "2024-02-28", end: "2024-03-31" };
    expect(daysWithoutRate("EUR", "USD", march, rates)).toEqual([
      { start: "2024-02-28", end: "2024-02-29" },
      { start: "2024-03-09", end: "2024-03-19" },
      { start: "2024-03-28", end: "2024-03-31" },
    ]);
    expect(daysWithoutRate("GBP", "USD", march, rates)).toEqual([{ start: "2024-02-28", end: "2024-03-09" }]);
  });

  const lists: { name: string; rates: StoredRate[] }[] = [
    { name: "no gap", rates: [d("2024-03-01"), d("2024-03-08"), d("2024-03-15")] },
    { name: "one day past the reach", rates: [d("2024-03-01"), d("2024-03-10")] },
    { name: "several gaps", rates: [d("2024-01-01"), d("2024-01-20"), d("2024-01-21"), d("2024-03-01")] },
    {
      name: "a standing rate bridges",
      rates: [d("2024-01-01"), { ...d("2024-01-05"), kind: "standing" }, d("2024-03-01")],
    },
  ];
  it.each(lists)("of one pair read off its list agree with the day-by-day rule: $name", ({ rates: list }) => {
    const range = { start: list[0].date, end: list[list.length - 1].date };
    expect(gapsBetween(list)).toEqual(daysWithoutRate("EUR", "USD", range, new Map([["EUR|USD", list]])));
  });
});

function d(date: string): StoredRate {
  return { date, rate: 1.1, kind: "daily" };
}

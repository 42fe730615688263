import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { addDaysIso, weekdayIso } from "../../src/core/dates.js";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { money } from "../../src/core/money.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { withMirror } from "../helpers/import-run.js";

const TODAY = "2024-04-10";
const FIXTURES = join(import.meta.dirname, "../../fixtures/import");

async function cli(db: string, ...args: string[]) {
  const io = captureIo();
  const code = await runCli(["--db", db, "--today", TODAY, ...args], io);
  return { code, out: io.out(), err: io.err() };
}

/** Writes a rates file beside the mirror and returns its path. */
function ratesFile(db: string, name: string, text: string): string {
  const path = join(dirname(db), name);
  writeFileSync(path, text);
  return path;
}

async function pairs(db: string) {
  const list = await cli(db, "rates", "list", "--json");
  expect(list.code).toBe(0);
  return JSON.parse(list.out).pairs as {
    currency: string;
    quote: string;
    first_date: string | null;
    last_date: string;
    last_rate: number;
    holds_until: string | null;
    rates: number;
    kinds: string[];
    gaps: { start: string; end: string }[];
  }[];
}

describe("seller-ai rates import", () => {
  const accepted: { name: string; text: string; expected: [string, string, string, number][] }[] = [
    {
      name: "date,base,quote,rate with a header",
      text: "date,base,quote,rate\n2024-03-01,EUR,USD,1.0834\n2024-03-04,eur,usd,1.0856\n",
      expected: [
        ["EUR", "USD", "2024-03-01", 1.0834],
        ["EUR", "USD", "2024-03-04", 1.0856],
      ],
    },
    {
      name: "the same columns without a header",
      text: "2024-03-01,GBP,USD,1.2651\n",
      expected: [["GBP", "USD", "2024-03-01", 1.2651]],
    },
    {
      name: "named columns in another order, semicolons and a decimal comma",
      text: "Rate;To;From;Date\n1,0834;USD;EUR;2024-03-01\n",
      expected: [["EUR", "USD", "2024-03-01", 1.0834]],
    },
    {
      name: "the ECB's reference-rate CSV: a column per currency, N/A and a trailing comma",
      text: "Date,USD,JPY,GBP,\n2024-03-04,1.0856,N/A,0.8562,\n2024-03-01,1.0834,162.4,0.8559,\n",
      expected: [
        ["EUR", "GBP", "2024-03-01", 0.8559],
        ["EUR", "GBP", "2024-03-04", 0.8562],
        ["EUR", "JPY", "2024-03-01", 162.4],
        ["EUR", "USD", "2024-03-01", 1.0834],
        ["EUR", "USD", "2024-03-04", 1.0856],
      ],
    },
    {
      name: "the ECB's daily file, dated as 1 March 2024",
      text: "Date, USD, GBP\n1 March 2024, 1.0834, 0.8559\n",
      expected: [
        ["EUR", "GBP", "2024-03-01", 0.8559],
        ["EUR", "USD", "2024-03-01", 1.0834],
      ],
    },
    {
      name: "the ECB's SDMX download (TIME_PERIOD, CURRENCY against CURRENCY_DENOM, OBS_VALUE)",
      text: "KEY,FREQ,CURRENCY,CURRENCY_DENOM,EXR_TYPE,TIME_PERIOD,OBS_VALUE\nEXR.D.USD.EUR.SP00.A,D,USD,EUR,SP00,2024-03-01,1.0834\n",
      expected: [["EUR", "USD", "2024-03-01", 1.0834]],
    },
  ];
  it.each(accepted)("reads $name", async ({ text, expected }) => {
    const db = tempDbPath();
    const run = await cli(db, "rates", "import", ratesFile(db, "rates.csv", text));
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain(`${expected.length} rates for`);
    const rows = await withMirror(db, (m) =>
      m.db
        .selectFrom("currency_rates")
        .select(["currency", "quote", "date", "rate", "kind"])
        .orderBy("currency")
        .orderBy("quote")
        .orderBy("date")
        .execute(),
    );
    expect(rows.map((r) => [r.currency, r.quote, r.date, r.rate])).toEqual(expected);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(["daily"]));
  });

  const refused: { name: string; text: string; problems: string[] }[] = [
    {
      name: "an impossible date",
      text: "date,base,quote,rate\n2024-03-01,EUR,USD,1.08\n2024-02-30,EUR,USD,1.08\n",
      problems: ['line 3: date "2024-02-30" is not a date as YYYY-MM-DD'],
    },
    {
      name: "a date in another notation",
      text: "date,base,quote,rate\n03/01/2024,EUR,USD,1.08\n",
      problems: ['line 2: date "03/01/2024" is not a date as YYYY-MM-DD'],
    },
    {
      name: "codes that are not ISO 4217",
      text: "date,base,quote,rate\n2024-03-01,EURO,USD,1.08\n2024-03-01,EUR,XYZ,1.08\n",
      problems: [
        'line 2: base "EURO" is not an ISO 4217 currency code',
        'line 3: quote "XYZ" is not an ISO 4217 currency code',
      ],
    },
    {
      name: "rates that are not positive finite numbers",
      text: "date,base,quote,rate\n2024-03-01,EUR,USD,0\n2024-03-02,EUR,USD,-1.1\n2024-03-03,EUR,USD,Infinity\n2024-03-04,EUR,USD,\n",
      problems: [
        'line 2: rate "0" is not a positive number',
        'line 3: rate "-1.1" is not a positive number',
        'line 4: rate "Infinity" is not a positive number',
        'line 5: rate "" is not a positive number',
      ],
    },
    {
      name: "a pair of one currency",
      text: "2024-03-01,USD,USD,1\n",
      problems: ["line 1: base and quote are both USD"],
    },
    {
      name: "two rates for one pair and day",
      text: "date,base,quote,rate\n2024-03-01,EUR,USD,1.08\n2024-03-01,EUR,USD,1.09\n",
      problems: ["line 3: a second EUR/USD rate for 2024-03-01 (the first is on line 2)"],
    },
    {
      name: "a line with a missing column",
      text: "2024-03-01,EUR,USD,1.08\n2024-03-02,EUR,1.08\n",
      problems: ["line 2: 3 columns where date,base,quote,rate are 4"],
    },
    {
      name: "a header without rate columns",
      text: "sku,unit_cost\nKN-01,5\n",
      problems: ["line 1: the header names no rate columns"],
    },
  ];
  it.each(refused)(
    "refuses a file with $name, naming each bad line, and writes none of it",
    async ({ text, problems }) => {
      const db = tempDbPath();
      await cli(db, "rates", "set", "EUR", "USD", "1.5");
      const run = await cli(db, "rates", "import", ratesFile(db, "bad.csv", text));
      expect(run.code).toBe(1);
      expect(run.out).toBe("");
      for (const problem of problems) expect(run.err).toContain(problem);
      expect(run.err).toContain("nothing was imported");
      // Only the rate set before: the good lines of the file were not written either.
      expect((await pairs(db)).map((p) => [p.currency, p.quote, p.rates, p.last_rate])).toEqual([
        ["EUR", "USD", 1, 1.5],
      ]);
    },
  );

  it("replaces the days it imports again, in either direction, and keeps the others", async () => {
    const db = tempDbPath();
    const first = "date,base,quote,rate\n2024-03-01,EUR,USD,1.08\n2024-03-04,EUR,USD,1.09\n";
    expect((await cli(db, "rates", "import", ratesFile(db, "a.csv", first))).code).toBe(0);
    // The same day quoted the other way round replaces it too.
    const again = "date,base,quote,rate\n2024-03-04,USD,EUR,0.92\n2024-03-05,USD,EUR,0.93\n";
    const run = await cli(db, "rates", "import", ratesFile(db, "b.csv", again), "--json");
    expect(JSON.parse(run.out)).toMatchObject({ rates_written: 2, rates_replaced: 1, pairs: ["USD/EUR"] });
    const after = await pairs(db);
    expect(after.map((p) => [p.currency, p.quote, p.first_date, p.last_date, p.rates])).toEqual([
      ["EUR", "USD", "2024-03-01", "2024-03-01", 1],
      ["USD", "EUR", "2024-03-04", "2024-03-05", 2],
    ]);
  });
});

describe("seller-ai rates set and list", () => {
  const usage: { args: string[]; message: string }[] = [
    {
      args: ["EURO", "USD", "1.1"],
      message: 'FROM must be an ISO 4217 currency code such as USD, EUR or GBP; got "EURO"',
    },
    { args: ["EUR", "usd", "0"], message: 'the rate must be a positive number such as 1.08; got "0"' },
    { args: ["EUR", "USD", "1,1"], message: 'the rate must be a positive number such as 1.08; got "1,1"' },
    { args: ["EUR", "EUR", "1"], message: "FROM and TO are both EUR" },
    {
      args: ["EUR", "USD", "1.1", "--from", "2024-13-01"],
      message: '--from must be a date as YYYY-MM-DD, got "2024-13-01"',
    },
  ];
  it.each(usage)("set $args is a usage error", async ({ args, message }) => {
    const db = tempDbPath();
    const run = await cli(db, "rates", "set", ...args);
    expect(run.code).toBe(2);
    expect(run.err).toContain(message);
  });

  it("lists each pair's first and last day, where it holds until, its kind and its gaps, as a table, JSON or csv", async () => {
    const db = tempDbPath();
    // A daily rate holds 7 days: Friday the 1st covers the weekend; the 8th..18th is a gap; the 19th holds until the 26th.
    const daily = "date,base,quote,rate\n2024-03-01,EUR,USD,1.08\n2024-03-04,EUR,USD,1.09\n2024-03-19,EUR,USD,1.1\n";
    await cli(db, "rates", "import", ratesFile(db, "r.csv", daily));
    const set = await cli(db, "rates", "set", "gbp", "usd", "1.27");
    expect(set.out).toBe("1 GBP = 1.27 USD on every day, until the pair's next rate.\n");
    const later = await cli(db, "rates", "set", "GBP", "USD", "1.3", "--from", "2024-03-15");
    expect(later.out).toBe("1 GBP = 1.3 USD from 2024-03-15, until the pair's next rate.\n");

    expect(await pairs(db)).toEqual([
      {
        currency: "EUR",
        quote: "USD",
        first_date: "2024-03-01",
        last_date: "2024-03-19",
        last_rate: 1.1,
        holds_until: "2024-03-26",
        rates: 3,
        kinds: ["daily"],
        gaps: [{ start: "2024-03-12", end: "2024-03-18" }],
      },
      {
        currency: "GBP",
        quote: "USD",
        first_date: null,
        last_date: "2024-03-15",
        last_rate: 1.3,
        holds_until: null,
        rates: 2,
        kinds: ["standing"],
        gaps: [],
      },
    ]);
    const table = await cli(db, "rates", "list");
    expect(table.out.split("\n")).toEqual([
      "PAIR     KIND      FIRST       LAST        LAST RATE  HOLDS UNTIL  RATES  GAPS",
      "EUR/USD  daily     2024-03-01  2024-03-19  1.1        2024-03-26   3      2024-03-12..2024-03-18",
      "GBP/USD  standing  (start)     2024-03-15  1.3        (next rate)  2      none",
      "",
    ]);
    const csv = await cli(db, "rates", "list", "--format", "csv");
    expect(csv.out).toBe(
      "pair,kind,first_date,last_date,last_rate,holds_until,rates,gaps\r\n" +
        "EUR/USD,daily,2024-03-01,2024-03-19,1.1,2024-03-26,3,2024-03-12..2024-03-18\r\n" +
        "GBP/USD,standing,(start),2024-03-15,1.3,(next rate),2,\r\n",
    );
  });
});

/** Business days of March 2024 on which the ECB published (Good Friday, the 29th, it did not). */
function ecbMarch(): { date: string; usd: number; gbp: number }[] {
  const days = [];
  for (let d = "2024-03-01"; d <= "2024-03-31"; d = addDaysIso(d, 1)) {
    if (weekdayIso(d) >= 5 || d === "2024-03-29") continue;
    const i = days.length;
    days.push({
      date: d,
      usd: Math.round((1.0834 + i * 0.0011) * 1e4) / 1e4,
      gbp: Math.round((0.8559 - i * 0.0004) * 1e5) / 1e5,
    });
  }
  return days;
}

/** A seller who imported Business Reports of three marketplaces, USD first (their home currency). */
async function importedSeller(db: string): Promise<void> {
  for (const [file, market] of [
    ["business-report.csv", "US"],
    ["business-report.csv", "UK"],
    ["business-report-older-headers-de.csv", "DE"],
  ]) {
    const run = await cli(
      db,
      "import",
      join(FIXTURES, file),
      "--marketplace",
      market,
      "--period",
      "2024-03-01..2024-03-31",
    );
    expect(run.code).toBe(0);
  }
}

const QUESTIONS = [
  "How much did I sell last month?",
  "sales by marketplace last month",
  "sales by week last month",
  "top 5 products by revenue last month",
  "how are sales this month compared to last month",
];

describe("a seller who imports reports in three currencies", () => {
  it("is told which rates are missing, and after `rates import` gets the answers of a mirror seeded with the same rates, to the cent", async () => {
    const db = tempDbPath();
    await importedSeller(db);
    const refused = await cli(db, "ask", "How much did I sell last month?", "--format", "json");
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      "No exchange rate between EUR and USD holds on 2024-03-31, the day these amounts convert at, so amounts in EUR cannot be added to USD totals. The mirror has no EUR/USD rate on or before that day. Of the days with sales in EUR, 31 have no rate: 2024-03-01..2024-03-31.",
    );
    expect(refused.err).toContain("`seller-ai rates import FILE.csv`");
    expect(refused.err).toContain("`seller-ai rates set EUR USD RATE`");
    const before = await cli(db, "status");
    expect(before.out).toContain("  exchange rates to USD:\n");
    expect(before.out).toContain(
      "    EUR: no rate on 31 of its sales days (2024-03-01 to 2024-03-31): 2024-03-01..2024-03-31\n",
    );
    expect(before.out).toContain("`seller-ai rates set GBP USD RATE`");

    const ecb = ecbMarch();
    const file = `Date,USD,JPY,GBP,\n${[...ecb]
      .reverse()
      .map((d) => `${d.date},${d.usd},N/A,${d.gbp},`)
      .join("\n")}\n`;
    const imported = await cli(db, "rates", "import", ratesFile(db, "eurofxref-hist.csv", file));
    expect(imported.code).toBe(0);
    const after = await cli(db, "status", "--json");
    expect(JSON.parse(after.out).accounts[0].rate_coverage).toEqual([
      expect.objectContaining({ currency: "EUR", missing: [], missing_days: 0 }),
      expect.objectContaining({ currency: "GBP", missing: [], missing_days: 0 }),
    ]);

    // The same seller, with the same rates written straight into the mirror as USD rates holding until the next.
    const seeded = tempDbPath();
    await importedSeller(seeded);
    await withMirror(seeded, (m) =>
      m.db
        .insertInto("currency_rates")
        .values(
          ecb.flatMap((d) => [
            { currency: "EUR", quote: "USD", date: d.date, rate: d.usd },
            { currency: "GBP", quote: "USD", date: d.date, rate: d.usd / d.gbp },
          ]),
        )
        .execute(),
    );
    for (const question of QUESTIONS) {
      const mine = await cli(db, "ask", question, "--format", "json");
      const theirs = await cli(seeded, "ask", question, "--format", "json");
      expect(mine.err, question).toBe("");
      expect(mine.code, question).toBe(0);
      expect(JSON.parse(mine.out).result, question).toEqual(JSON.parse(theirs.out).result);
    }

    // By hand: March converts at the rate that holds on Sunday the 31st, Thursday the 28th's.
    const march = JSON.parse((await cli(db, "ask", "sales by marketplace last month", "--format", "json")).out).result;
    const byMarket = Object.fromEntries(
      (march.marketplaces as { marketplace: string; revenue: number }[]).map((m) => [m.marketplace, m.revenue]),
    );
    const thursday = ecb.find((d) => d.date === "2024-03-28")!;
    expect(march.totals.revenue).toBe(
      money(byMarket.US + byMarket.DE * thursday.usd + byMarket.UK * (thursday.usd / thursday.gbp), "USD"),
    );
  }, 60_000);

  it("gets no rate from a day's rate more than 7 days old, and is told the newest there is", async () => {
    const db = tempDbPath();
    await importedSeller(db);
    await cli(db, "rates", "set", "GBP", "USD", "1.27");
    // The 22nd holds until the 29th: March, converting on the 31st, has no EUR rate.
    await cli(db, "rates", "import", ratesFile(db, "r.csv", "2024-03-22,EUR,USD,1.0844\n"));
    const stale = await cli(db, "ask", "How much did I sell last month?", "--format", "json");
    expect(stale.code).toBe(1);
    expect(stale.err).toContain(
      "No exchange rate between EUR and USD holds on 2024-03-31, the day these amounts convert at, so amounts in EUR cannot be added to USD totals. The newest EUR/USD rate in the mirror is of 2024-03-22, and a day's rate holds for 7 days at most. Of the days with sales in EUR, 23 have no rate: 2024-03-01..2024-03-21, 2024-03-30..2024-03-31.",
    );
    expect(stale.err).toContain("`seller-ai rates set EUR USD RATE --from 2024-03-31`");
    await cli(db, "rates", "import", ratesFile(db, "r2.csv", "2024-03-25,EUR,USD,1.0824\n"));
    const fresh = await cli(db, "ask", "How much did I sell last month?", "--format", "json");
    expect(fresh.code).toBe(0);
  }, 60_000);
});

import { createWriteStream, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { importFile, type ImportFileOptions } from "../../src/ingest/import-file.js";
import { forEachJsonObjectMember } from "../../src/ingest/json-stream.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { ORDERS_HEADER, mirrorChecksum, runImport, withMirror } from "../helpers/import-run.js";

// Hostile or broken files are refused where the problem shows, quickly and in little memory, with a message
// that names the file and line and quotes little of the file. Large inputs are written piece by piece: a
// gzip file may hold the same member many times over, so a gigabyte of text takes a megabyte and a moment.

const MB = 1 << 20;
const WORKERS = [
  ["on this thread", false],
  ["on tsc's worker", { script: new URL("../../dist/ingest/order-lines-worker.js", import.meta.url), minBytes: 0 }],
] as const;

/** Writes `parts` one after the other to `path`, without holding them together. */
async function writeParts(path: string, parts: Iterable<Buffer | string>): Promise<string> {
  const out = createWriteStream(path);
  for (const part of parts) if (!out.write(part)) await new Promise((resolve) => out.once("drain", resolve));
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return path;
}

function* repeat<T>(part: T, times: number): Generator<T> {
  for (let i = 0; i < times; i++) yield part;
}

/** A gzip file of `head` then `body` repeated until `totalMb` MB: one member per MB of body, compressed once. */
function gzipBomb(path: string, head: string, body: string, totalMb: number): Promise<string> {
  const member = gzipSync(Buffer.from(body.repeat(Math.ceil(MB / body.length)).slice(0, MB)));
  return writeParts(path, [gzipSync(Buffer.from(head)), ...repeat(member, totalMb)]);
}

const ordersHeader = `${ORDERS_HEADER.join("\t")}\n`;

async function refused(db: string, file: string, options: Partial<ImportFileOptions> = {}) {
  return withMirror(db, async (mirror) => {
    try {
      await importFile(mirror, file, { now: new Date("2024-03-20T12:00:00Z"), ...options });
    } catch (error) {
      return error as Error & { code?: string };
    }
    throw new Error(`${file} was imported`);
  });
}

describe("a line longer than 1 MB", () => {
  it.each(WORKERS)(
    "is refused at its line, %s, in a 1 MB gzip file that inflates to a 1 GB line",
    async (_where, worker) => {
      const db = tempDbPath();
      await runImport(db, ["fixtures/import/orders-by-order-date.tsv"]);
      const before = await mirrorChecksum(db);
      const file = await gzipBomb(join(dirname(db), "orders.txt.gz"), ordersHeader, "x", 1024);
      const error = await refused(db, file, { worker });
      expect(error.code).toBe("import_rejected");
      expect(error.message).toMatch(/^orders\.txt\.gz:2: the line is longer than 1 MB/);
      expect(await mirrorChecksum(db)).toBe(before);
    },
    60_000,
  );

  it("is refused in a plain file holding a 50 MB line, and the message quotes none of it", async () => {
    const db = tempDbPath();
    const file = await writeParts(join(dirname(db), "orders.txt"), [ordersHeader, ...repeat("7".repeat(MB), 50), "\n"]);
    const run = await runImport(db, [file]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("orders.txt:2: the line is longer than 1 MB");
    expect(run.err.length).toBeLessThan(1000);
  }, 60_000);

  it("is refused as the first line of a 1 MB gzip file that inflates to a 1 GB line", async () => {
    const db = tempDbPath();
    const file = await gzipBomb(join(dirname(db), "report.csv.gz"), "", "a,", 1024);
    const run = await runImport(db, [file]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/report\.csv\.gz:1: the (line|record) is longer than 1 MB/);
    expect(run.err.length).toBeLessThan(1000);
  }, 60_000);

  it("is refused as an unrecognised 30 MB CSV header, which is not echoed", async () => {
    const db = tempDbPath();
    const file = await writeParts(join(dirname(db), "wide.csv"), [...repeat("x".repeat(MB), 30), "\n1\n"]);
    const run = await runImport(db, [file]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("wide.csv:1: the record is longer than 1 MB");
    expect(run.err.length).toBeLessThan(1000);
  }, 60_000);

  it("is refused in a quoted CSV cell left open to the end of a large file", async () => {
    const db = tempDbPath();
    const file = await writeParts(join(dirname(db), "costs.csv"), [
      'sku,unit_cost,category\nA,1.00,"open\n',
      ...repeat(`${"b".repeat(999)}\n`, 3000),
    ]);
    const run = await runImport(db, [file]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/costs\.csv:\d+: the record is longer than 1 MB/);
  }, 60_000);

  it("is a JSON element or value longer than 1 MB, refused in an Ads report and a Sales and Traffic report", async () => {
    const db = tempDbPath();
    const ads = await gzipBomb(join(dirname(db), "ads.json.gz"), '[\n{"campaignId": "', "c", 1024);
    const sales = await gzipBomb(
      join(dirname(db), "sales.json.gz"),
      '{"reportSpecification": {"reportType": "GET_SALES_AND_TRAFFIC_REPORT", "note": "',
      "n",
      1024,
    );
    for (const [file, where] of [
      [ads, "ads.json.gz:2"],
      [sales, "sales.json.gz:1"],
    ]) {
      const error = await refused(db, file);
      expect(error.message).toMatch(new RegExp(`^${where.replace(/\./g, "\\.")}: a JSON value is longer than 1 MB`));
    }
  }, 60_000);
});

describe("gzip data that inflates too far", () => {
  it("is refused when a 1 MB file inflates over a hundredfold, however short its lines", async () => {
    const db = tempDbPath();
    await runImport(db, ["fixtures/import/orders-by-order-date.tsv"]);
    const before = await mirrorChecksum(db);
    // Blank lines, which the reader skips: without the check it would run through a gigabyte of them.
    const file = await gzipBomb(join(dirname(db), "blank.txt.gz"), ordersHeader, "\n", 1024);
    const run = await runImport(db, [file]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/blank\.txt\.gz: the gzip data inflates to over 100 times its size/);
    expect(await mirrorChecksum(db)).toBe(before);
  }, 60_000);

  it.each(WORKERS)(
    "is refused past the largest size allowed, %s",
    async (_where, worker) => {
      const db = tempDbPath();
      const file = await gzipBomb(join(dirname(db), "orders.txt.gz"), ordersHeader, "\n", 16);
      const error = await refused(db, file, { worker, inflation: { maxRatio: 1e9, ratioFrom: 0, maxBytes: 8 * MB } });
      expect(error.message).toMatch(/orders\.txt\.gz: the gzip data inflates to over 8 MB, more than any report holds/);
    },
    60_000,
  );

  it("reads a gzip file within the limits", async () => {
    const db = tempDbPath();
    const file = join(dirname(db), "orders.txt.gz");
    const text = `${ordersHeader}${"\n".repeat(MB)}`;
    writeFileSync(file, gzipSync(Buffer.from(text)));
    const run = await runImport(db, [file]);
    expect(run.code).toBe(0);
  });
});

describe("text from the file in messages", () => {
  it("is cut short when a rejected row's cell is long", async () => {
    const db = tempDbPath();
    const cells = ORDERS_HEADER.map((name) =>
      name === "quantity" ? `${"9".repeat(500_000)}x` : name === "purchase-date" ? "2024-03-01T10:00:00+00:00" : "A",
    );
    const file = join(dirname(db), "orders.txt");
    writeFileSync(file, `${ordersHeader}${cells.join("\t")}\n`);
    const run = await runImport(db, [file]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/orders\.txt:2: quantity: not a number: "9{60}… \(500,001 characters\)"/);
    expect(run.err.length).toBeLessThan(1000);
  });

  it("names a few of an unknown file's columns, each cut short", async () => {
    const db = tempDbPath();
    const header = Array.from({ length: 8 }, (_, i) => `${i}`.repeat(100_000)).join("\t");
    const file = join(dirname(db), "wide.tsv");
    writeFileSync(file, `${header}\nA\tB\n`);
    const run = await runImport(db, [file]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("not a report format seller-ai reads");
    expect(run.err).toContain("(8 in all)");
    expect(run.err.split("\n")[0].length).toBeLessThan(600);
  });
});

describe("spans a file spreads figures over", () => {
  it("refuses an Ads report row that claims centuries", async () => {
    const db = tempDbPath();
    const file = join(dirname(db), "campaigns.json");
    const row = { campaignId: "1", campaignName: "C", impressions: 1, clicks: 1, cost: 1 };
    writeFileSync(
      file,
      JSON.stringify([
        { ...row, startDate: "1990-01-01", endDate: "2199-12-31" },
        { ...row, date: "2024-03-01" },
      ]),
    );
    const run = await runImport(db, [file, "--marketplace", "US"]);
    expect(run.code).toBe(1);
    expect(run.err).toContain(
      "campaigns.json:1: startDate..endDate: 1990-01-01 to 2199-12-31 is longer than a report covers",
    );
    const daily = await withMirror(db, (m) => m.db.selectFrom("ad_campaign_daily").select("date").execute());
    expect(daily).toEqual([{ date: "2024-03-01" }]);
  });

  it("refuses a Sales and Traffic report over a century", async () => {
    const db = tempDbPath();
    const file = join(dirname(db), "sales.json");
    writeFileSync(
      file,
      JSON.stringify({
        reportSpecification: {
          reportType: "GET_SALES_AND_TRAFFIC_REPORT",
          dataStartTime: "2000-01-01",
          dataEndTime: "2100-01-01",
        },
        salesAndTrafficByAsin: [{ childAsin: "B0TEST0001", salesByAsin: { unitsOrdered: 1 } }],
      }),
    );
    const run = await runImport(db, [file, "--marketplace", "US"]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("span 36,526 days (2000-01-01 to 2100-01-01)");
  });
});

describe("a Sales and Traffic report", () => {
  it("is read entry by entry as it streams, not gathered whole", async () => {
    let pulled = 0;
    const entry = JSON.stringify({ childAsin: "B0TEST0001", salesByAsin: { unitsOrdered: 1 } });
    async function* chunks() {
      yield '{"salesAndTrafficByAsin": [';
      for (let i = 0; i < 1000; i++) {
        pulled++;
        yield `${i ? "," : ""}${entry}`;
      }
      yield '], "reportSpecification": {"reportType": "GET_SALES_AND_TRAFFIC_REPORT"}}';
    }
    const seen: number[] = [];
    const members: string[] = [];
    await forEachJsonObjectMember(chunks(), {
      streamed: new Set(["salesAndTrafficByAsin"]),
      onElement: () => seen.push(pulled),
      onMember: (key) => members.push(key),
    });
    // Each entry reaches the reader as soon as its text has, not once the file is read.
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(members).toEqual(["reportSpecification"]);
  });

  it("still imports when its specification comes after its entries", async () => {
    const db = tempDbPath();
    const file = join(dirname(db), "sales.json");
    writeFileSync(
      file,
      JSON.stringify({
        salesAndTrafficByAsin: [
          {
            childAsin: "B0TEST0001",
            salesByAsin: { unitsOrdered: 3, orderedProductSales: { amount: 30, currencyCode: "USD" } },
          },
        ],
        reportSpecification: {
          reportType: "GET_SALES_AND_TRAFFIC_REPORT",
          dataStartTime: "2024-03-01",
          dataEndTime: "2024-03-01",
        },
      }),
    );
    const run = await runImport(db, [file, "--marketplace", "US"]);
    expect(run.code).toBe(0);
    const rows = await withMirror(db, (m) =>
      m.db.selectFrom("daily_sales").select(["asin", "units", "revenue"]).execute(),
    );
    expect(rows).toEqual([{ asin: "B0TEST0001", units: 3, revenue: 30 }]);
  });
});

describe("days far after today", () => {
  it("refuse the file instead of keeping running totals up to them", async () => {
    const db = tempDbPath();
    await runImport(db, ["fixtures/import/orders-by-order-date.tsv"]);
    const before = await mirrorChecksum(db);
    const text = readFileSync("fixtures/import/orders-by-order-date.tsv", "utf8").replace(
      "2024-03-02T07:05:00",
      "2199-03-02T07:05:00",
    );
    const file = join(dirname(db), "typo.tsv");
    writeFileSync(file, text);
    const run = await runImport(db, [file]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("typo.tsv holds days up to 2199-03-02, 63,899 days after today (2024-03-20)");
    expect(await mirrorChecksum(db)).toBe(before);
  });

  it("accept a file whose days run a little past today", async () => {
    const db = tempDbPath();
    const run = await runImport(db, ["fixtures/import/orders-by-order-date.tsv"], { today: "2024-02-28" });
    expect(run.code).toBe(0);
  });
});

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { openTextSource } from "../../src/ingest/source.js";
import { createAccount } from "../../src/store/accounts.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { mirrorChecksum, runImport, withMirror } from "../helpers/import-run.js";

const AMAZON = "fixtures/amazon";
const MADE = "fixtures/import";

/** A file beside the test mirror. */
function sibling(db: string, name: string, content: string | Buffer): string {
  const path = join(dirname(db), name);
  writeFileSync(path, content);
  return path;
}

/** The rows of a TSV fixture as objects keyed by header name. */
function tsvRecords(path: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l !== "");
  const names = header.split("\t");
  return lines.map((l) => Object.fromEntries(l.split("\t").map((c, i) => [names[i], c])));
}

function toTsv(header: string[], records: Record<string, string>[], eol = "\n"): string {
  return [header.join("\t"), ...records.map((r) => header.map((h) => r[h] ?? "").join("\t"))].join(eol) + eol;
}

const ORDER_VARIANTS = readFileSync(`${AMAZON}/GET_FLAT_FILE_ALL_ORDERS_DATA.header_variants.txt`, "utf8")
  .split("\n")
  .filter((l) => l.startsWith("amazon-order-id"))
  .map((l, i) => [`V${i + 1}`, l.split("\t")] as const);
const ARCHIVED_HEADER = readFileSync(`${AMAZON}/GET_FLAT_FILE_ARCHIVED_ORDERS_DATA_BY_ORDER_DATE.columns.txt`, "utf8")
  .split("\n")
  .filter(Boolean);

async function salesTable(db: string) {
  return withMirror(db, (m) =>
    m.db
      .selectFrom("daily_sales")
      .select(["asin", "date", "units", "revenue", "orders"])
      .orderBy("asin")
      .orderBy("date")
      .execute(),
  );
}

const EXPECTED_ORDER_SALES = [
  { asin: "B0MUG00001", date: "2024-03-01", units: 3, revenue: 38.97, orders: 2 },
  { asin: "B0MUG00001", date: "2024-03-02", units: 1, revenue: 12.99, orders: 1 },
  { asin: "B0TEA00001", date: "2024-03-01", units: 1, revenue: 8.5, orders: 1 },
  { asin: "B0TEA00001", date: "2024-03-02", units: 0, revenue: 0, orders: 0 },
];

describe("header variants", () => {
  it.each([...ORDER_VARIANTS, ["archived orders", ARCHIVED_HEADER] as const])(
    "reads all-orders header %s, matching columns by name",
    async (_name, header) => {
      expect(ORDER_VARIANTS).toHaveLength(4);
      const db = tempDbPath();
      // Columns in reverse order too: only names matter.
      const records = tsvRecords(`${MADE}/orders-by-order-date.tsv`);
      const file = sibling(db, "orders.txt", toTsv([...header].reverse(), records));
      const run = await runImport(db, [file]);
      expect(run.code).toBe(0);
      expect(await salesTable(db)).toEqual(EXPECTED_ORDER_SALES);
    },
  );
});

describe("encodings, line ends and compression", () => {
  it("decodes the real ISO-8859-1 sample", async () => {
    const source = await openTextSource(`${AMAZON}/ISO-8859-1EncodedFile.tsv`);
    let text = "";
    for await (const chunk of source.chunks) text += chunk;
    expect(text).toBe("Field1\tField2\tField3\nGähnen\tLöwe\tStraße\n");
  });

  it.each([
    ["detected", [] as string[]],
    ["given with --encoding", ["--encoding", "shift_jis"]],
  ])("reads a Shift_JIS (CP932) cost sheet, encoding %s", async (_label, args) => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/listings.tsv`, "--marketplace", "JP"]);
    const sheet =
      'sku,asin,unit_cost,currency,category,subcategory,lead_time_days\r\nSKU-MUG,B0MUG00001,"￥1,280",JPY,キッチン用品,マグカップ・ティーカップ,60\r\n';
    const file = sibling(db, "原価表.csv", iconv.encode(sheet, "cp932"));
    const run = await runImport(db, [file, ...args]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("cp932");
    const mug = await withMirror(db, (m) =>
      m.db.selectFrom("products").selectAll().where("sku", "=", "SKU-MUG").executeTakeFirstOrThrow(),
    );
    expect([mug.unit_cost, mug.category, mug.subcategory, mug.lead_time_days]).toEqual([
      1280,
      "キッチン用品",
      "マグカップ・ティーカップ",
      60,
    ]);
  });

  it("reads a Windows-1252 listings file", async () => {
    const db = tempDbPath();
    const text = readFileSync(`${MADE}/listings.tsv`, "utf8").replace(
      "Green tea, 20 bags",
      "Thé vert « Sencha », 20 sachets – 40 g",
    );
    const file = sibling(db, "listings-1252.txt", iconv.encode(text, "win1252"));
    const run = await runImport(db, [file, "--marketplace", "FR"]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("windows-1252");
    const tea = await withMirror(db, (m) =>
      m.db.selectFrom("products").selectAll().where("sku", "=", "SKU-TEA").executeTakeFirstOrThrow(),
    );
    expect(tea.title).toBe("Thé vert « Sencha », 20 sachets – 40 g");
  });

  it.each([
    ["a UTF-8 BOM", (t: string) => Buffer.from(`\uFEFF${t}`, "utf8")],
    ["CRLF line ends", (t: string) => Buffer.from(t.replace(/\n/g, "\r\n"), "utf8")],
    ["gzip", (t: string) => gzipSync(Buffer.from(t, "utf8"))],
    ["gzip, BOM and CRLF together", (t: string) => gzipSync(Buffer.from(`\uFEFF${t.replace(/\n/g, "\r\n")}`, "utf8"))],
  ])("reads an all-orders file with %s", async (_label, encode) => {
    const db = tempDbPath();
    const file = sibling(db, "orders.bin", encode(readFileSync(`${MADE}/orders-by-order-date.tsv`, "utf8")));
    const run = await runImport(db, [file]);
    expect(run.code).toBe(0);
    expect(await salesTable(db)).toEqual(EXPECTED_ORDER_SALES);
  });

  it("reads a gzip JSON Ads report", async () => {
    const db = tempDbPath();
    const file = sibling(db, "report.json.gz", gzipSync(readFileSync(`${MADE}/sp-campaigns.json`)));
    const run = await runImport(db, [file]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("utf8, gzip");
    const n = await withMirror(db, (m) =>
      m.db
        .selectFrom("ad_campaign_daily")
        .select((eb) => eb.fn.sum<number>("impressions").as("n"))
        .executeTakeFirstOrThrow(),
    );
    expect(Number(n.n)).toBe(2216 + 3721 + 800);
  });

  it("reads a CRLF Business Report with a BOM", async () => {
    const db = tempDbPath();
    const file = sibling(
      db,
      "BusinessReport.csv",
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(`${MADE}/business-report.csv`)]),
    );
    expect((await runImport(db, [file, "--date", "2024-03-04", "--marketplace", "US"])).code).toBe(0);
    const rows = await salesTable(db);
    expect(rows.map((r) => [r.asin, r.units, r.revenue])).toEqual([
      ["B0MUG00001", 57, 1234.56],
      ["B0TEA00001", 12, 102],
    ]);
  });
});

const ALL_FIXTURES: [string, string[]][] = [
  ["orders-by-order-date.tsv", []],
  ["orders-by-last-update.tsv", []],
  ["listings.tsv", ["--marketplace", "US"]],
  ["settlement-v2.tsv", []],
  ["myi-unsuppressed.tsv", ["--marketplace", "US"]],
  ["inventory-planning.tsv", []],
  ["restock-recommendations.tsv", []],
  ["business-report.csv", ["--date", "2024-03-04", "--marketplace", "US"]],
  ["sp-campaigns.json", []],
  ["sp-campaigns-summary-by-ad-group.json", ["--marketplace", "US"]],
  ["sp-targeting.json", []],
  ["sp-search-term.json", []],
  ["sp-advertised-product.json", []],
  ["console-search-term.csv", []],
  ["console-campaign.csv", []],
  ["cost-sheet.csv", []],
];

describe("idempotence", () => {
  it.each(ALL_FIXTURES)("importing %s a second time changes nothing", async (file, args) => {
    const db = tempDbPath();
    // A catalog first, so that SKU-based files have something to map to.
    await runImport(db, [`${MADE}/listings.tsv`, "--marketplace", "US"]);
    const first = await runImport(db, [`${MADE}/${file}`, ...args]);
    expect(first.code).toBe(0);
    const before = await mirrorChecksum(db);
    const second = await runImport(db, [`${MADE}/${file}`, ...args]);
    expect(second.code).toBe(0);
    expect(await mirrorChecksum(db)).toBe(before);
  });

  it("updates overlapping days instead of adding them up", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/business-report.csv`, "--date", "2024-03-04", "--marketplace", "US"]);
    await runImport(db, [`${MADE}/business-report.csv`, "--period", "2024-03-03..2024-03-04", "--marketplace", "US"]);
    const mug = (await salesTable(db)).filter((r) => r.asin === "B0MUG00001");
    expect(mug.map((r) => [r.date, r.units])).toEqual([
      ["2024-03-03", 29],
      ["2024-03-04", 28],
    ]);
  });
});

describe("malformed rows", () => {
  it("reports each bad row as file:line: reason, imports the others and exits 1", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/orders-malformed.tsv`]);
    expect(run.code).toBe(1);
    expect(run.err).toContain('orders-malformed.tsv:3: purchase-date: not a date: "2024-03-0X"');
    expect(run.err).toContain('orders-malformed.tsv:4: quantity: not a number: "two"');
    expect(run.err).toContain("orders-malformed.tsv:5: asin: missing value");
    expect(run.err).toContain("3 rows rejected; the other rows were imported.");
    expect(run.out).toContain("5 rows read, 2 written, 3 rejected");
    const rows = await salesTable(db);
    expect(rows.map((r) => [r.date, r.units, r.revenue])).toEqual([["2024-03-01", 3, 38.97]]);
    const runRow = await withMirror(db, (m) => m.db.selectFrom("sync_runs").selectAll().executeTakeFirstOrThrow());
    expect([runRow.status, runRow.rows_read, runRow.rows_written, runRow.rows_rejected]).toEqual(["partial", 5, 2, 3]);
  });

  it("with --strict rejects the whole file", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/orders-malformed.tsv`, "--strict"]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("3 of 5 rows rejected; in a strict import nothing from the file is imported.");
    expect(await salesTable(db)).toEqual([]);
    const lines = await withMirror(db, (m) => m.db.selectFrom("order_lines").selectAll().execute());
    expect(lines).toEqual([]);
  });
});

describe("unknown files", () => {
  it.each([
    ["a CSV of other things", "not-a-report.csv", 'found columns "name", "email"'],
    [
      "the ISO-8859-1 sample, a TSV with no report's columns",
      "../amazon/ISO-8859-1EncodedFile.tsv",
      'found columns "Field1", "Field2", "Field3"',
    ],
  ])("rejects %s with the list of formats read", async (_label, file, found) => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/${file}`]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("not a report format seller-ai reads");
    expect(run.err).toContain(found);
    for (const type of [
      "GET_FLAT_FILE_ALL_ORDERS_DATA",
      "GET_SALES_AND_TRAFFIC_REPORT",
      "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE",
      "SPONSORED_PRODUCTS_V3",
      "PRODUCT_COST_SHEET",
    ]) {
      expect(run.err).toContain(type);
    }
  });

  it("rejects a JSON object that is not a Sales and Traffic report", async () => {
    const db = tempDbPath();
    const file = sibling(db, "x.json", JSON.stringify({ payload: { orders: [] } }));
    const run = await runImport(db, [file]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/not a report format seller-ai reads.*JSON object/);
  });

  it("says when a file does not exist", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/missing.tsv`]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("missing.tsv: no such file");
  });
});

/** An all-orders file of `n` lines over 10 ASINs and 30 days. */
function bigOrders(n: number): string {
  const header = ORDER_VARIANTS[0][1];
  const records = Array.from({ length: n }, (_, i) => ({
    "amazon-order-id": `113-${String(i).padStart(7, "0")}-0000001`,
    "purchase-date": `2024-04-${String((i % 30) + 1).padStart(2, "0")}T10:00:00+00:00`,
    "last-updated-date": "2024-05-01T10:00:00+00:00",
    "order-status": "Shipped",
    "sales-channel": "Amazon.com",
    sku: `SKU-${i % 10}`,
    asin: `B0BIG0000${i % 10}`,
    "item-status": "Shipped",
    quantity: "1",
    currency: "USD",
    "item-price": "10.00",
  }));
  return toTsv([...header], records);
}

describe("fatal errors", () => {
  it("leave the mirror exactly as it was when a gzip file breaks off mid-way", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/orders-by-order-date.tsv`]);
    const before = await mirrorChecksum(db);
    const whole = gzipSync(Buffer.from(bigOrders(60_000)));
    const file = sibling(db, "orders.txt.gz", whole.subarray(0, Math.floor(whole.length * 0.8)));
    const run = await runImport(db, [file]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/gzip data is damaged or truncated.*nothing from the file was imported/);
    expect(await mirrorChecksum(db)).toBe(before);
    const runs = await withMirror(db, (m) => m.db.selectFrom("sync_runs").selectAll().orderBy("id").execute());
    expect(runs.map((r) => [r.status, r.rows_written])).toEqual([
      ["ok", 5],
      ["failed", 0],
    ]);
    expect(runs[1].rows_read).toBeGreaterThan(2000);
  });

  it("leave the mirror as it was when a JSON report is cut short", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/sp-campaigns.json`]);
    const before = await mirrorChecksum(db);
    const text = readFileSync(`${MADE}/sp-targeting.json`, "utf8");
    const file = sibling(db, "cut.json", text.slice(0, text.length - 40));
    const run = await runImport(db, [file]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("truncated");
    expect(await mirrorChecksum(db)).toBe(before);
  });

  it("leave an empty mirror without any account", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/not-a-report.csv`]);
    expect(run.code).toBe(1);
    const accounts = await withMirror(db, (m) => m.db.selectFrom("accounts").selectAll().execute());
    expect(accounts).toEqual([]);
  });
});

describe("accounts, runs and progress", () => {
  it("creates the default account with provider files, never the demo seller, and records the run", async () => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/orders-by-order-date.tsv`], { today: "2024-03-20" });
    expect(run.out).toContain("account default (created)");
    const { accounts, markets, runs } = await withMirror(db, async (m) => ({
      accounts: await m.db.selectFrom("accounts").selectAll().execute(),
      markets: await m.db.selectFrom("account_marketplaces").selectAll().execute(),
      runs: await m.db.selectFrom("sync_runs").selectAll().execute(),
    }));
    expect(accounts.map((a) => [a.id, a.provider, a.is_default, a.home_currency, a.last_refresh_at])).toEqual([
      ["default", "files", 1, "USD", "2024-03-20T12:00:00.000Z"],
    ]);
    expect(markets.map((m) => [m.marketplace, m.currency])).toEqual([["US", "USD"]]);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      account_id: "default",
      kind: "import",
      source: `${MADE}/orders-by-order-date.tsv`,
      report_type: "GET_FLAT_FILE_ALL_ORDERS_DATA",
      marketplace: "US",
      status: "ok",
      rows_read: 6,
      rows_written: 5,
      rows_rejected: 0,
      period_start: "2024-03-01",
      period_end: "2024-03-02",
      finished_at: "2024-03-20T12:00:00.000Z",
    });
  });

  it("imports into the account named with --account, creating it", async () => {
    const db = tempDbPath();
    await runImport(db, [`${MADE}/orders-by-order-date.tsv`]);
    const run = await runImport(db, [`${MADE}/sp-campaigns.json`, "--account", "eu-shop", "--marketplace", "DE"]);
    expect(run.code).toBe(0);
    const accounts = await withMirror(db, (m) =>
      m.db.selectFrom("accounts").select(["id", "provider", "is_default", "home_currency"]).orderBy("id").execute(),
    );
    expect(accounts).toEqual([
      { id: "default", provider: "files", is_default: 1, home_currency: "USD" },
      { id: "eu-shop", provider: "files", is_default: 0, home_currency: "EUR" },
    ]);
    const campaigns = await withMirror(db, (m) =>
      m.db.selectFrom("ad_campaign_daily").select(["account_id", "marketplace"]).distinct().execute(),
    );
    expect(campaigns).toEqual([{ account_id: "eu-shop", marketplace: "DE" }]);
  });

  it("keeps real files out of the demo seller", async () => {
    const db = tempDbPath();
    await withMirror(db, (m) =>
      createAccount(m.db, {
        id: "demo",
        name: "Demo",
        provider: "demo",
        homeCurrency: "USD",
        marketplaces: [{ code: "US", currency: "USD" }],
        isDefault: true,
        createdAt: "2024-03-01T00:00:00.000Z",
      }),
    );
    expect((await runImport(db, [`${MADE}/orders-by-order-date.tsv`])).code).toBe(0);
    const accounts = await withMirror(db, (m) =>
      m.db.selectFrom("accounts").select(["id", "is_default"]).orderBy("id").execute(),
    );
    expect(accounts).toEqual([
      { id: "default", is_default: 1 },
      { id: "demo", is_default: 0 },
    ]);
    const demoRows = await withMirror(db, (m) =>
      m.db.selectFrom("daily_sales").selectAll().where("account_id", "=", "demo").execute(),
    );
    expect(demoRows).toEqual([]);
    const refused = await runImport(db, [`${MADE}/orders-by-order-date.tsv`, "--account", "demo"]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("is the demo seller");
  });

  it.each([
    ["a terminal", true, true],
    ["a pipe", false, false],
  ])("shows progress in rows/s only on a terminal (%s)", async (_label, tty, shown) => {
    const db = tempDbPath();
    const file = sibling(db, "orders.txt", bigOrders(30_000));
    const run = await runImport(db, [file], { tty });
    expect(run.code).toBe(0);
    expect(run.err.includes("rows/s")).toBe(shown);
    const total = await withMirror(db, (m) =>
      m.db
        .selectFrom("daily_sales")
        .select((eb) => eb.fn.sum<number>("units").as("n"))
        .executeTakeFirstOrThrow(),
    );
    expect(Number(total.n)).toBe(30_000);
  });

  it.each([
    [["--date", "2024-02-30"], "--date must be a date"],
    [["--period", "2024-03-05..2024-03-01"], "--period ends before it starts"],
    [["--date", "2024-03-01", "--period", "2024-03-01..2024-03-02"], "either --date or --period"],
    [["--marketplace", "XX"], "unknown marketplace"],
    [["--encoding", "klingon"], 'unknown encoding "klingon"'],
  ])("refuses bad options %j", async (args, message) => {
    const db = tempDbPath();
    const run = await runImport(db, [`${MADE}/orders-by-order-date.tsv`, ...args]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(message);
  });
});

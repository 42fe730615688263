import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { importFile, type ImportFileOptions, type ImportReport } from "../../src/ingest/import-file.js";
import { OrderSet } from "../../src/ingest/order-lines.js";
import { DailySums } from "../../src/ingest/daily-sums.js";
import { OrderLineTotals } from "../../src/ingest/line-totals.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { ORDERS_HEADER, mirrorChecksum, withMirror } from "../helpers/import-run.js";

// A large all-orders file is read on a worker thread while the importing thread stores its lines.
// Whichever thread reads it, the mirror, the report, the rejected rows and the progress must be the
// same. The worker runs compiled code: tsc's (dist/ingest/) and the bundle's (dist/), built by
// `npm run build` (which `npm test` runs first).

const WORKERS = [
  ["tsc's worker", new URL("../../dist/ingest/order-lines-worker.js", import.meta.url)],
  ["the bundle's worker", new URL("../../dist/order-lines-worker.mjs", import.meta.url)],
] as const;

interface LineSpec {
  order: number;
  item?: number;
  sku?: string;
  asin?: string;
  date?: string;
  status?: string;
  channel?: string;
  currency?: string;
  quantity?: string;
  price?: string;
  updated?: string;
}

/** Order lines over a few days and ASINs: some cancelled, some orders with two lines of one SKU. */
function lines(count: number, from = 1, extra: Partial<LineSpec> = {}): LineSpec[] {
  const out: LineSpec[] = [];
  for (let order = from; out.length < count; order++) {
    const items = order % 5 === 0 ? 2 : 1;
    for (let item = 0; item < items && out.length < count; item++) {
      const n = order % 7 === 0 ? order % 13 : (order * 3 + item) % 13;
      out.push({
        order,
        item,
        sku: `SKU-${n}`,
        asin: `B0OFF${String(n).padStart(5, "0")}`,
        status: order % 17 === 0 ? "Cancelled" : "Shipped",
        ...extra,
      });
    }
  }
  return out;
}

function tsv(specs: LineSpec[], eol = "\n"): string {
  const rows = specs.map((l) => {
    const date = l.date ?? `2024-04-${String(1 + (l.order % 20)).padStart(2, "0")}`;
    const cells: Record<string, string> = {
      "amazon-order-id": `112-${String(l.order).padStart(7, "0")}-0000001`,
      "purchase-date": `${date}T0${l.order % 10}:15:00-07:00`,
      "last-updated-date": l.updated ?? `${date}T23:40:00-07:00`,
      "order-status": l.status ?? "Shipped",
      "sales-channel": l.channel ?? "Amazon.com",
      "product-name": `Off-thread item, "size" L, café`,
      sku: l.sku ?? "",
      asin: l.asin ?? "",
      "item-status": l.status ?? "Shipped",
      quantity: l.quantity ?? String(1 + (l.order % 3)),
      currency: l.currency ?? "USD",
      "item-price": l.price ?? (((l.order % 3) + 1) * 4.25 + (l.item ?? 0)).toFixed(2),
    };
    return ORDERS_HEADER.map((h) => cells[h] ?? "").join("\t");
  });
  return [ORDERS_HEADER.join("\t"), ...rows].join(eol) + eol;
}

interface Outcome {
  report?: ImportReport;
  error?: { code: string; message: string };
  rejected: string[];
  progress: number[];
}

async function importInto(db: string, file: string, options: Partial<ImportFileOptions>): Promise<Outcome> {
  const rejected: string[] = [];
  const progress: number[] = [];
  return withMirror(db, async (mirror) => {
    try {
      const report = await importFile(mirror, file, {
        now: new Date("2024-05-01T12:00:00Z"),
        onReject: (m) => rejected.push(m),
        onProgress: (n) => progress.push(n),
        ...options,
      });
      return { report, rejected, progress };
    } catch (error) {
      const e = error as { code: string; message: string; details?: Record<string, unknown> };
      return {
        error: { code: e.code, message: e.message, ...(e.details?.field ? { field: e.details.field } : {}) },
        rejected,
        progress,
      };
    }
  });
}

/** A scenario's files, its import options, and what its last import must show (besides matching). */
type Scenario = [
  name: string,
  files: (dir: string) => string[],
  options?: Partial<ImportFileOptions>,
  shows?: Partial<Outcome> & { status?: string; rowsRead?: number },
];

function file(dir: string, name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const SCENARIOS: Scenario[] = [
  [
    "a plain file with cancelled, Non-Amazon and malformed lines, past the progress step",
    (dir) => [
      file(
        dir,
        "orders.txt",
        tsv(
          [
            ...lines(14_000),
            { order: 90_001, sku: "SKU-X", asin: "B0OFFXXXXX", channel: "Non-Amazon" },
            { order: 90_002, sku: "SKU-Y", asin: "B0OFFYYYYY", quantity: "two" },
            { order: 90_003, sku: "SKU-Z", asin: "" },
            ...lines(14_000, 20_000),
          ],
          "\r\n",
        ),
      ),
    ],
    {},
    {
      status: "partial",
      rowsRead: 28_003,
      progress: [25_000],
      rejected: ['orders.txt:14003: quantity: not a number: "two"', "orders.txt:14004: asin: missing value"],
    },
  ],
  ["a gzip file", (dir) => [file(dir, "orders.txt.gz", gzipSync(tsv(lines(3_000))))]],
  [
    "a Windows-1252 file",
    (dir) => [file(dir, "orders.txt", iconv.encode(tsv(lines(2_000, 1, { sku: "SKU-é" })), "windows-1252"))],
  ],
  [
    "lines of two marketplaces in their currencies",
    (dir) => [
      file(
        dir,
        "orders.txt",
        tsv([...lines(1_500), ...lines(1_500, 5_000, { channel: "Amazon.ca", currency: "CAD" }), ...lines(500, 9_000)]),
      ),
    ],
  ],
  [
    "the same file twice",
    (dir) => {
      const f = file(dir, "orders.txt", tsv(lines(2_500)));
      return [f, f];
    },
  ],
  [
    "a later file changing the status of earlier lines",
    (dir) => [
      file(dir, "early.txt", tsv(lines(2_000))),
      file(dir, "late.txt", tsv(lines(1_000, 1, { status: "Cancelled", updated: "2024-04-29T10:00:00-07:00" }))),
    ],
  ],
  [
    "an order whose lines are not adjacent",
    (dir) => [file(dir, "orders.txt", tsv([...lines(1_000), { order: 3, sku: "SKU-LATE", asin: "B0OFFLATE1" }]))],
  ],
  [
    "a malformed line under --strict",
    (dir) => [
      file(dir, "orders.txt", tsv([...lines(2_000), { order: 9_999, sku: "SKU-Q", asin: "B0OFFQ", quantity: "1.5" }])),
    ],
    { strict: true },
    {
      error: {
        code: "import_rejected",
        message: expect.stringContaining("in a strict import nothing from the file is imported"),
      },
    },
  ],
  [
    "a gzip file broken off mid-way",
    (dir) => {
      const gz = gzipSync(tsv(lines(20_000)));
      return [file(dir, "orders.txt.gz", gz.subarray(0, gz.length >> 1))];
    },
    {},
    { error: { code: "import_rejected", message: expect.stringContaining("gzip data is damaged or truncated") } },
  ],
  [
    "a file that does not say its marketplace",
    (dir) => [file(dir, "orders.txt", tsv(lines(1_000, 1, { channel: "", currency: "" })))],
    {},
    { error: { code: "usage", message: expect.stringContaining("which marketplace it is for"), field: "marketplace" } },
  ],
  [
    "a file for the marketplace given",
    (dir) => [file(dir, "orders.txt", tsv(lines(1_000, 1, { channel: "", currency: "" })))],
    { marketplace: "DE" },
  ],
];

describe("large order files read on a worker thread", () => {
  it.each(WORKERS)("finds %s built", (_name, script) => {
    expect(existsSync(fileURLToPath(script)), `${fileURLToPath(script)} is missing: run npm run build`).toBe(true);
  });

  it.each(
    WORKERS.flatMap(([worker, script]) =>
      SCENARIOS.map(
        ([name, files, options, shows]) => [name, worker, files, options ?? {}, shows ?? {}, script] as const,
      ),
    ),
  )(
    "%s: the same mirror, report, rejections and progress as on the importing thread (%s)",
    async (_name, _worker, files, options, shows, script) => {
      const here = tempDbPath();
      const there = tempDbPath();
      const paths = files(dirname(here));
      let last: Outcome | undefined;
      for (const path of paths) {
        const onThread = await importInto(here, path, { ...options, worker: false });
        last = await importInto(there, path, { ...options, worker: { script, minBytes: 0 } });
        expect(last).toEqual(onThread);
      }
      const { status, rowsRead, ...rest } = shows;
      expect(last).toMatchObject({
        ...rest,
        ...(status || rowsRead ? { report: { ...(status ? { status } : {}), ...(rowsRead ? { rowsRead } : {}) } } : {}),
      });
      if (!shows.error) expect(last?.report?.status).not.toBe("failed");
      expect(await mirrorChecksum(there)).toBe(await mirrorChecksum(here));
    },
  );
});

describe("text decoded in pieces", () => {
  it.each([
    ["UTF-8", "utf8"],
    ["Shift_JIS", "cp932"],
  ])("keeps every character whole across the pieces of a large %s file", async (_name, encoding) => {
    // Two- and three-byte characters on every line, over a file many pieces long.
    const specs = lines(12_000, 1).map((l, i) => ({ ...l, sku: `水筒-${i % 97}-ステンレス` }));
    const db = tempDbPath();
    const path = join(dirname(db), "orders.txt");
    const bytes = iconv.encode(tsv(specs), encoding);
    // Past the first read of 1 MB, which is decoded whole.
    expect(bytes.length).toBeGreaterThan(2 << 20);
    writeFileSync(path, bytes);
    const outcome = await importInto(db, path, { worker: false, encoding });
    expect(outcome.report?.rowsRejected).toBe(0);
    const skus = await withMirror(db, async (mirror) =>
      mirror.sqlite.prepare("select distinct sku from order_lines order by sku").pluck().all(),
    );
    expect(skus).toEqual([...new Set(specs.map((l) => l.sku))].sort());
  });
});

describe("order lines packed for storing", () => {
  const stored = (db: string) =>
    withMirror(db, async (mirror) =>
      mirror.sqlite
        .prepare(
          "select order_id, line_key, asin, sku, purchase_date, last_updated_at, order_status, item_status, quantity, item_price, counted from order_lines order by order_id, line_key",
        )
        .all(),
    );

  it.each([
    ["no SKU", { sku: "", asin: "B0NOSKU001" }, { line_key: "B0NOSKU001#0", sku: null }],
    [
      "quotes, commas and non-ASCII text",
      { sku: `Mug "XL", bleu é 日本` },
      { line_key: `Mug "XL", bleu é 日本#0`, sku: `Mug "XL", bleu é 日本` },
    ],
    [
      "a cancelled line with a negative price and no quantity",
      { status: "Cancelled", price: "-3.50", quantity: "0" },
      { order_status: "Cancelled", item_status: "Cancelled", item_price: -3.5, quantity: 0, counted: 0 },
    ],
    [
      "a time zone ahead of UTC",
      { updated: "2024-04-03T01:30:00+09:00" },
      { last_updated_at: "2024-04-02T16:30:00.000Z" },
    ],
  ])(
    "cuts every field out of the packed text as it was read: %s",
    async (_name, spec: Partial<LineSpec>, expected: Record<string, unknown>) => {
      const specs: LineSpec[] = [
        { order: 1, sku: "SKU-A", asin: "B0PACK0001", price: "12.00", quantity: "2" },
        { order: 2, sku: "SKU-B", asin: "B0PACK0002", date: "2024-04-02", price: "5.00", quantity: "1", ...spec },
        { order: 3, sku: "SKU-ü", asin: "B0PACK0003", price: "7.25", quantity: "3" },
      ];
      for (const [where, options] of [
        ["here", { worker: false }],
        ...WORKERS.map(([, script]) => [String(script), { worker: { script, minBytes: 0 } }]),
      ] as const) {
        const db = tempDbPath();
        const path = join(dirname(db), "orders.txt");
        writeFileSync(path, tsv(specs));
        expect((await importInto(db, path, options as Partial<ImportFileOptions>)).report?.rowsWritten, where).toBe(3);
        const rows = (await stored(db)) as Record<string, unknown>[];
        expect(
          rows.map((r) => r.sku),
          where,
        ).toEqual(["SKU-A", "sku" in expected ? expected.sku : (spec.sku ?? "SKU-B"), "SKU-ü"]);
        expect(rows[0], where).toEqual({
          order_id: "112-0000001-0000001",
          line_key: "SKU-A#0",
          asin: "B0PACK0001",
          sku: "SKU-A",
          purchase_date: "2024-04-02",
          last_updated_at: "2024-04-03T06:40:00.000Z",
          order_status: "Shipped",
          item_status: "Shipped",
          quantity: 2,
          item_price: 12,
          counted: 1,
        });
        expect(rows[1], where).toMatchObject({
          order_id: "112-0000002-0000001",
          asin: spec.asin ?? "B0PACK0002",
          purchase_date: "2024-04-02",
          ...expected,
        });
        expect(rows[2], where).toMatchObject({
          line_key: "SKU-ü#0",
          asin: "B0PACK0003",
          item_price: 7.25,
          quantity: 3,
        });
      }
    },
  );

  it("keeps the daily sums across threads, in the daily sales' key order", () => {
    const totals = new OrderLineTotals();
    totals.add("US", "B0B", "2024-01-02", 1, true, 1, 5);
    totals.add("US", "B0A", "2024-01-02", 1, true, 2, 19.98);
    totals.add("CA", "B0A", "2024-01-03", 2, false, 1, 7);
    totals.add("US", "B0A", "2024-01-01", 3, true, 1, 0.1);
    totals.add("US", "B0A", "2024-01-01", 4, true, 1, 0.2);
    const data = structuredClone(totals.toData());
    expect(data.marketplaces).toEqual(["US", "CA"]);
    const cells = new DailySums(data).cells();
    expect(cells.map((c) => [c.marketplace, c.asin, c.date])).toEqual([
      ["CA", "B0A", "2024-01-03"],
      ["US", "B0A", "2024-01-01"],
      ["US", "B0A", "2024-01-02"],
      ["US", "B0B", "2024-01-02"],
    ]);
    expect(cells.map((c) => c.units)).toEqual([0, 2, 2, 1]);
    expect(cells.map((c) => c.orders)).toEqual([0, 2, 1, 1]);
    expect(cells[1].revenue).toBeCloseTo(0.3, 15);
  });

  it.each([
    ["a few ASINs", 3, 5],
    ["more ASINs than a day's first row holds", 700, 9],
    ["ASINs that first come on late days", 2_000, 40],
  ])("sums every cell as a plain tally does, with %s", (_name, asins, days) => {
    const totals = new OrderLineTotals();
    const expected = new Map<string, { units: number; revenue: number; orders: Set<number> }>();
    // Lines in no particular order of day or ASIN, ASIN numbers growing with the line so later days bring new ones.
    for (let i = 0; i < 12_000; i++) {
      const marketplace = i % 11 === 0 ? "CA" : "US";
      const asin = `B0T${String((i * 7919) % Math.max(1, Math.min(asins, 1 + i / 4))).padStart(7, "0")}`;
      const date = `2024-03-${String(1 + ((i * 31) % days)).padStart(2, "0")}`;
      const run = Math.floor(i / 3);
      const counted = i % 13 !== 0;
      totals.add(marketplace, asin, date, run, counted, 1 + (i % 4), 2.5);
      const key = `${marketplace}\t${asin}\t${date}`;
      const cell = expected.get(key) ?? { units: 0, revenue: 0, orders: new Set<number>() };
      expected.set(key, cell);
      if (!counted) continue;
      cell.units += 1 + (i % 4);
      cell.revenue += 2.5;
      cell.orders.add(run);
    }
    const data = totals.toData();
    // Packed in batches of 500 cells: more than one batch in all but the first case.
    expect(data.batches.length).toBe(Math.ceil(data.count / 500));
    const got = new DailySums(data)
      .cells()
      .map((c) => [`${c.marketplace}\t${c.asin}\t${c.date}`, c.units, c.revenue, c.orders]);
    const want = [...expected.keys()]
      .sort()
      .map((k) => [k, expected.get(k)!.units, expected.get(k)!.revenue, expected.get(k)!.orders.size]);
    expect(got).toEqual(want);
  });
});

describe("orders seen while reading", () => {
  const ids = (n: number, marketplace = "US") =>
    Array.from(
      { length: n },
      (_, i) =>
        [marketplace, `114-${String(i).padStart(7, "0")}-${String((i * 7919) % 9_999_991).padStart(7, "0")}`] as const,
    );

  it.each([
    ["400,000 distinct orders", false, ids(400_000)],
    [
      "400,000 distinct orders of another numbering",
      false,
      ids(400_000).map(([m, o]) => [m, `ORD${o.replace(/-/g, "")}`] as const),
    ],
    ["one order id in two marketplaces", false, [...ids(10), ["CA", ids(10)[3][1]] as const]],
    ["an order coming back after others", true, [...ids(50_000), ids(1)[0]]],
    ["an order coming back at once", true, [ids(1)[0], ids(1)[0]]],
  ])("%s: an order seen again is told (%s)", (_name, repeated, orders) => {
    const seen = new OrderSet();
    for (const [marketplace, order] of orders) seen.add(marketplace, order);
    expect(seen.repeatedMaybe).toBe(repeated);
  });
});

describe("lines of one order", () => {
  it.each([5, 40, 100])("keep one key per SKU and occurrence in an order of %i lines", async (count) => {
    const db = tempDbPath();
    const specs = Array.from({ length: count }, (_, i) => ({
      order: 7,
      item: i,
      sku: `SKU-${i % 3}`,
      asin: `B0LONG${i % 3}`,
    }));
    const path = join(dirname(db), "orders.txt");
    writeFileSync(path, tsv(specs));
    await importInto(db, path, {});
    const keys = await withMirror(db, (m) =>
      m.db.selectFrom("order_lines").select("line_key").orderBy("line_key").execute(),
    );
    const expected = specs.map((_, i) => `SKU-${i % 3}#${Math.floor(i / 3)}`).sort();
    expect(keys.map((k) => k.line_key)).toEqual(expected);
  });
});

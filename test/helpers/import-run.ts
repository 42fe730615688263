import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `seller-ai import …` in-process against the mirror at `db`, with a fixed today. */
export async function runImport(
  db: string,
  args: string[],
  options: { today?: string; tty?: boolean } = {},
): Promise<CliRun> {
  const io = captureIo({ tty: options.tty });
  const code = await runCli(["--db", db, "--today", options.today ?? "2024-03-20", "import", ...args], io);
  return { code, out: io.out(), err: io.err() };
}

/** Opens the mirror, runs `work` on it and closes it. */
export async function withMirror<T>(db: string, work: (mirror: Mirror) => Promise<T>): Promise<T> {
  const mirror = await openMirror(db);
  try {
    return await work(mirror);
  } finally {
    await mirror.close();
  }
}

const DATA_TABLES = [
  "accounts",
  "account_marketplaces",
  "products",
  "daily_sales",
  "product_fees",
  "inventory_snapshots",
  "ad_campaigns",
  "ad_groups",
  "ad_targets",
  "ad_campaign_daily",
  "ad_target_daily",
  "ad_search_term_daily",
  "ad_product_daily",
  "order_lines",
  "settlement_transactions",
  "settings",
] as const;

/** A digest of every data table's rows (sync_runs, which journals each attempt, aside). */
export async function mirrorChecksum(db: string): Promise<string> {
  return withMirror(db, async (mirror) => {
    const hash = createHash("sha256");
    for (const table of DATA_TABLES) {
      const rows = (await mirror.db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
      hash.update(`${table}:${rows.length}\n${rows.join("\n")}\n`);
    }
    return hash.digest("hex");
  });
}

/** The columns of an all-orders flat file, from the real header in fixtures/ (the first variant listed). */
export const ORDERS_HEADER: readonly string[] = readFileSync(
  "fixtures/amazon/GET_FLAT_FILE_ALL_ORDERS_DATA.header_variants.txt",
  "utf8",
)
  .split("\n")
  .find((l) => l.startsWith("amazon-order-id"))!
  .split("\t");

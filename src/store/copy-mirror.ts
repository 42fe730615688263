/**
 * Copies a SQLite mirror into PostgreSQL: every table the schema holds
 * (read from the catalog, so a table added by a later migration is never
 * forgotten), parents before the tables that refer to them, in one
 * transaction on the target (every row lands or none does), streamed in
 * batches through the target's bulk writer (COPY). Identity columns then
 * continue after the copied numbers, and the caller's checks run inside the
 * same transaction, so a copy that does not match is never committed.
 */
import { sql } from "kysely";
import { SellerAiError } from "../core/errors.js";
import type { MirrorDb } from "./backend.js";
import type { TableName } from "./dialect.js";
import type { PostgresMirror } from "./postgres/open.js";
import { continueIdentity, emptyTables, identityColumns, referencedTables } from "./postgres/copy-target.js";
import { autoincrementSequences, beginReadSnapshot, tableRows } from "./sqlite/copy-source.js";
import type { SqliteMirror } from "./sqlite/open.js";
import { tableKeys } from "./table-keys.js";

/**
 * The tables not copied, each with its reason. The target keeps its own
 * record of migrations: the same migrations ran on it when it was opened.
 */
export const NOT_COPIED: Readonly<Record<string, string>> = {
  kysely_migration: "the target's own record of the migrations it ran (the same ones)",
  kysely_migration_lock: "the target's own migration lock",
  data_changes: "the target's own change counter (it moves with the copy's own writes)",
  burst_counters: "requests counted in the current second, which are over within it",
};

export interface CopyPlan {
  /** The tables to copy with their columns, parents before the tables that refer to them. */
  tables: { table: string; columns: string[] }[];
  /** The tables left out, with why (NOT_COPIED). */
  skipped: { table: string; why: string }[];
}

/**
 * What to copy: every table of the source's schema but those NOT_COPIED, in
 * an order where each table comes after the tables its foreign keys refer
 * to. A table or column the target lacks is an error (the two schemas come
 * from the same migrations, so it means another version made the target).
 */
export async function copyPlan(source: SqliteMirror, target: PostgresMirror): Promise<CopyPlan> {
  const [from, to] = await Promise.all([tableKeys(source.db), tableKeys(target.db)]);
  const targetColumns = new Map(to.map((t) => [t.table, new Set(t.columns.map((c) => c.name))]));
  const skipped: CopyPlan["skipped"] = [];
  const tables = new Map<string, string[]>();
  for (const t of from) {
    const why = NOT_COPIED[t.table];
    if (why !== undefined) {
      skipped.push({ table: t.table, why });
      continue;
    }
    const columns = targetColumns.get(t.table);
    if (!columns)
      throw new SellerAiError(
        "failure",
        `the PostgreSQL mirror has no table ${t.table}: it was made by another version of seller-ai; upgrade it first.`,
      );
    const missing = t.columns.find((c) => !columns.has(c.name));
    if (missing)
      throw new SellerAiError(
        "failure",
        `the PostgreSQL mirror's table ${t.table} has no column ${missing.name}: it was made by another version of seller-ai.`,
      );
    tables.set(
      t.table,
      t.columns.map((c) => c.name),
    );
  }
  const order = parentsFirst([...tables.keys()], referencedTables(target.session));
  return { tables: order.map((table) => ({ table, columns: tables.get(table)! })), skipped };
}

/** The tables in an order where each follows those it refers to; ties alphabetical, so the order is stable. */
function parentsFirst(tables: readonly string[], references: Map<string, Set<string>>): string[] {
  const pending = new Set([...tables].sort());
  const order: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].find((t) => ![...(references.get(t) ?? [])].some((p) => pending.has(p)));
    if (ready === undefined)
      throw new Error(`the foreign keys of ${[...pending].join(", ")} refer to each other in a circle`);
    order.push(ready);
    pending.delete(ready);
  }
  return order;
}

/** The tables of the plan that already hold rows on the target, with how many. */
export async function targetHoldings(target: PostgresMirror, plan: CopyPlan): Promise<TableRows[]> {
  const held: TableRows[] = [];
  for (const { table } of plan.tables) {
    const rows = await countOf(target.db, table);
    if (rows > 0) held.push({ table, rows });
  }
  return held;
}

export interface TableRows {
  table: string;
  rows: number;
}

/** A table copied, as progress: its place in the plan and how long it took. */
export interface TableCopied extends TableRows {
  index: number;
  total: number;
  seconds: number;
}

export interface CopyOptions {
  /** Empty the target's tables first, in the same transaction (the user agreed to replace what it holds). */
  replace?: boolean;
  /** Rows per batch handed to the bulk writer (default 5,000; fewer for wide tables). */
  batchRows?: number;
  /** Told after each table; a throw undoes the whole copy. */
  onTable?: (copied: TableCopied) => void | Promise<void>;
  /** Told once the indexes set aside during the copy are built again. */
  onIndexes?: (rebuilt: { indexes: number; seconds: number }) => void | Promise<void>;
  /**
   * Checks the copy inside its transaction, before it commits (the source
   * still read at the copy's snapshot, the target's queries inside its
   * transaction); false, or a throw, rolls everything back.
   */
  verify?: () => Promise<boolean>;
}

export interface CopyResult {
  committed: boolean;
  tables: TableRows[];
  /** The identity columns continued after the copy, and the number each hands out next. */
  identities: { table: string; column: string; next: number }[];
}

/** At most this many values per batch, whatever the table's width: memory stays flat. */
const BATCH_VALUES = 100_000;

/**
 * Copies every table of the plan from the source into the target in one
 * transaction, then lets `verify` check it before committing. Either every
 * row is committed or the target is left as it was.
 *
 * @example
 * const plan = await copyPlan(sqlite, pg);
 * const result = await copyMirror(sqlite, pg, plan, { verify: async () => (await compareRowCounts(sqlite, pg, plan)).every((c) => c.ok) });
 */
export async function copyMirror(
  source: SqliteMirror,
  target: PostgresMirror,
  plan: CopyPlan,
  options: CopyOptions = {},
): Promise<CopyResult> {
  const endSnapshot = beginReadSnapshot(source.sqlite);
  try {
    const load = target.beginBulkLoad();
    try {
      if (options.replace)
        emptyTables(
          target.session,
          plan.tables.map((t) => t.table),
        );
      // Every table starts empty: building its indexes once at the end is faster than keeping them row by row.
      const indexes = load.writer.secondaryIndexes(plan.tables.map((t) => t.table));
      const restore = indexes.map((index) => load.writer.suspendIndex(index));
      const tables: TableRows[] = [];
      for (const [index, { table, columns }] of plan.tables.entries()) {
        const started = performance.now();
        const rows = copyTable(source, load.writer, table, columns, options.batchRows);
        tables.push({ table, rows });
        await options.onTable?.({
          table,
          rows,
          index,
          total: plan.tables.length,
          seconds: (performance.now() - started) / 1000,
        });
      }
      const rebuilding = performance.now();
      for (const rebuild of restore) rebuild();
      await options.onIndexes?.({ indexes: indexes.length, seconds: (performance.now() - rebuilding) / 1000 });
      const identities = continueIdentities(source, target, plan);
      const committed = options.verify ? await options.verify() : true;
      if (committed) load.commit();
      else load.rollback();
      return { committed, tables, identities };
    } catch (error) {
      load.rollback();
      throw error;
    }
  } finally {
    endSnapshot();
  }
}

/** One table, streamed in batches from the source into the target's bulk writer; returns its rows. */
function copyTable(
  source: SqliteMirror,
  writer: ReturnType<PostgresMirror["bulkWriter"]>,
  table: string,
  columns: string[],
  batchRows = 5_000,
): number {
  const width = columns.length;
  const perBatch = Math.max(1, Math.min(batchRows, Math.floor(BATCH_VALUES / width)));
  let values: unknown[] = [];
  let copied = 0;
  const flush = () => {
    if (values.length === 0) return;
    try {
      copied += writer.writeValues(table as TableName, columns, values);
    } catch (error) {
      throw new SellerAiError(
        "failure",
        `copying the table ${table} into PostgreSQL failed after ${copied.toLocaleString("en-US")} rows: ${(error as Error).message}`,
        { cause: error },
      );
    }
    values = [];
  };
  for (const row of tableRows(source.sqlite, table, columns)) {
    for (let c = 0; c < width; c++) values.push(row[c]);
    if (values.length >= perBatch * width) flush();
  }
  flush();
  return copied;
}

function continueIdentities(source: SqliteMirror, target: PostgresMirror, plan: CopyPlan): CopyResult["identities"] {
  const handedOut = autoincrementSequences(source.sqlite);
  const identities = identityColumns(target.session);
  const continued: CopyResult["identities"] = [];
  for (const { table } of plan.tables) {
    const column = identities.get(table);
    if (column === undefined) continue;
    continued.push({ table, column, next: continueIdentity(target.session, table, column, handedOut.get(table) ?? 0) });
  }
  return continued;
}

/** A table's rows on each side of a copy, and whether they agree. */
export interface TableCount {
  table: string;
  sqlite: number;
  postgres: number;
  ok: boolean;
}

/** Counts every table of the plan on both mirrors (inside copyMirror's `verify`: the snapshot and the transaction). */
export async function compareRowCounts(
  source: SqliteMirror,
  target: PostgresMirror,
  plan: CopyPlan,
): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const { table } of plan.tables) {
    const [sqlite, postgres] = [await countOf(source.db, table), await countOf(target.db, table)];
    counts.push({ table, sqlite, postgres, ok: sqlite === postgres });
  }
  return counts;
}

async function countOf(db: MirrorDb, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

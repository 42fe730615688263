/**
 * PostgreSQL's bulk path (see store/backend.ts): statements run
 * synchronously on the mirror's session, rows without conflicts loaded by
 * COPY, upserts as multi-row inserts, and a load's transaction with its
 * savepoints.
 */
import { sql, type Kysely } from "kysely";
import type {
  BulkLoad,
  BulkStatement,
  BulkStatements,
  BulkWriteOptions,
  BulkWriter,
  PackedRowsData,
  Rebuild,
  RowQueue,
} from "../backend.js";
import type { TableName } from "../dialect.js";
import { NUMBERED_TABLES } from "../row-ids.js";
import { rowShape } from "../row-shape.js";
import type { MirrorSchema } from "../schema.js";
import type { CopyPart } from "./packed-copy.js";
import { copyField, type SyncSession } from "./session.js";

/** The savepoint around each bulk statement inside a transaction. */
const STATEMENT_SAVEPOINT = "bulk_statement";

/**
 * Runs a statement so that, inside a transaction, its failure undoes only
 * itself, as a failed statement does on SQLite: PostgreSQL would otherwise
 * refuse every later statement of the transaction. Callers such as the
 * orders importer try a plain insert and fall back to an upsert.
 */
function runAtomically(session: SyncSession, text: string, params: readonly unknown[]) {
  if (!session.inTransaction) return session.run(text, params);
  session.run(`savepoint ${STATEMENT_SAVEPOINT}`, []);
  try {
    const result = session.run(text, params);
    session.run(`release savepoint ${STATEMENT_SAVEPOINT}`, []);
    return result;
  } catch (error) {
    session.run(`rollback to savepoint ${STATEMENT_SAVEPOINT}; release savepoint ${STATEMENT_SAVEPOINT}`, []);
    throw error;
  }
}

/** better-sqlite3 takes a statement's values spread or as one array; so do these. */
function flatten(params: unknown[]): unknown[] {
  return params.length === 1 && Array.isArray(params[0]) ? (params[0] as unknown[]) : params;
}

export class PgBulkStatements implements BulkStatements {
  constructor(private readonly session: SyncSession) {}

  prepare(text: string): BulkStatement {
    const session = this.session;
    return {
      run: (...params: unknown[]) => ({ changes: runAtomically(session, text, flatten(params)).rowCount }),
      get: (...params: unknown[]) => {
        const result = runAtomically(session, text, flatten(params));
        return result.rows.length > 0 ? rowShape(result.columns)(result.rows[0]) : undefined;
      },
      all: (...params: unknown[]) => {
        const result = runAtomically(session, text, flatten(params));
        const shape = rowShape(result.columns);
        return result.rows.map(shape);
      },
    };
  }
}

/** Memory for building a primary key set aside (PostgreSQL's default is 64 MB). */
const KEY_BUILD_MEMORY = "256MB";

/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000;

export class PgBulkWriter implements BulkWriter {
  private readonly statements = new Map<string, string>();
  readonly copiesRows = true;

  constructor(
    private readonly db: Kysely<MirrorSchema>,
    private readonly session: SyncSession,
  ) {}

  write<T extends TableName>(
    table: T,
    rows: readonly Record<string, unknown>[],
    options: BulkWriteOptions = {},
  ): number {
    if (rows.length === 0) return 0;
    const columns = Object.keys(rows[0]);
    const values = new Array<unknown>(rows.length * columns.length);
    let i = 0;
    for (const row of rows) for (const c of columns) values[i++] = row[c];
    return this.writeValues(table, columns, values, options);
  }

  writeValues<T extends TableName>(
    table: T,
    columns: readonly string[],
    values: readonly unknown[],
    options: BulkWriteOptions = {},
  ): number {
    const width = columns.length;
    if (width === 0 || values.length === 0) return 0;
    if (values.length % width !== 0)
      throw new Error(`writeValues: ${values.length} values do not make rows of ${width} columns`);
    const written = this.writeRows(table, columns, values, options);
    if (columns.includes("id") && (NUMBERED_TABLES as readonly string[]).includes(table)) this.advanceIdentity(table);
    return written;
  }

  /**
   * Rows written with their own ids (a fixture, a copied mirror) do not move
   * the id column's identity sequence: move it past them, or the next insert
   * that draws a number would collide with one of them.
   */
  private advanceIdentity(table: string): void {
    this.session.run(
      `select setval(seq, greatest(m, coalesce(pg_sequence_last_value(seq), 0)))
         from (select pg_get_serial_sequence($1, 'id')::regclass as seq, (select max(id) from ${quoteName(table)}) as m) s
         where seq is not null and m is not null`,
      [table],
    );
  }

  private writeRows<T extends TableName>(
    table: T,
    columns: readonly string[],
    values: readonly unknown[],
    options: BulkWriteOptions,
  ): number {
    const width = columns.length;
    const conflict = options.conflictColumns;
    if (!conflict || conflict.length === 0) return this.copy(table, columns, values);
    const rows = lastOfEachKey(columns, values, conflict);
    const batch = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / width)));
    let written = 0;
    for (let start = 0; start < rows.length; start += batch) {
      const part = rows.slice(start, start + batch);
      const text = this.upsertFor(table, [...columns], part.length, conflict, options.ignoreConflicts ?? false);
      written += runAtomically(this.session, text, part.flat()).rowCount;
    }
    return written;
  }

  rowQueue(table: TableName, columns: readonly string[]): RowQueue {
    return new PgRowQueue(this.session, table, columns);
  }

  suspendIndex(index: string): Rebuild {
    const found = this.session.run(
      `select indexdef from pg_indexes i where indexname = $1 and schemaname = current_schema()
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [index],
    );
    const declared = found.rows[0]?.[0] as string | undefined;
    if (!declared) return () => undefined;
    this.session.run(`drop index ${quoteName(index)}`, []);
    let restored = false;
    return (options) => {
      if (restored) return;
      restored = true;
      this.runOrQueue(declared, options);
    };
  }

  suspendKey(table: TableName, known?: { empty: true }): Rebuild | undefined {
    if (!known?.empty && this.session.run(`select 1 from ${quoteName(table)} limit 1`, []).rows.length > 0)
      return undefined;
    const found = this.session.run(
      `select conname, pg_get_constraintdef(oid) from pg_constraint where conrelid = $1::regclass and contype = 'p'`,
      [quoteName(table)],
    );
    const [name, definition] = (found.rows[0] ?? []) as [string?, string?];
    if (!name || !definition) return undefined;
    this.session.run(`alter table ${quoteName(table)} drop constraint ${quoteName(name)}`, []);
    let restored = false;
    return (options) => {
      if (restored) return;
      restored = true;
      // The key's sort in memory rather than in files, for the rest of the transaction.
      this.runOrQueue(`select set_config('maintenance_work_mem', '${KEY_BUILD_MEMORY}', true)`, options);
      this.runOrQueue(`alter table ${quoteName(table)} add constraint ${quoteName(name)} ${definition}`, options);
    };
  }

  /** Runs a statement that returns nothing, or only starts it (see Rebuild). */
  private runOrQueue(text: string, options?: { wait?: boolean }): void {
    if (options?.wait === false) this.session.queue(text);
    else this.session.run(text, []);
  }

  secondaryIndexes(tables: readonly string[]): string[] {
    const found = this.session.run(
      `select indexname from pg_indexes i where schemaname = current_schema() and tablename = any($1::text[])
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname) order by indexname`,
      [`{${tables.map((t) => `"${t}"`).join(",")}}`],
    );
    return found.rows.map((r) => r[0] as string);
  }

  /** Rows with no conflict to resolve go in by COPY: no statement to plan, no parameters to bind. */
  private copy(table: string, columns: readonly string[], values: readonly unknown[]): number {
    const width = columns.length;
    const lines: string[] = [];
    for (let r = 0; r < values.length; r += width) {
      const fields = new Array<string>(width);
      for (let c = 0; c < width; c++) fields[c] = copyField(values[r + c]);
      lines.push(fields.join("\t"));
    }
    if (!this.session.inTransaction) return this.session.copyIn(table, columns, `${lines.join("\n")}\n`);
    this.session.run(`savepoint ${STATEMENT_SAVEPOINT}`, []);
    try {
      const n = this.session.copyIn(table, columns, `${lines.join("\n")}\n`);
      this.session.run(`release savepoint ${STATEMENT_SAVEPOINT}`, []);
      return n;
    } catch (error) {
      this.session.run(`rollback to savepoint ${STATEMENT_SAVEPOINT}; release savepoint ${STATEMENT_SAVEPOINT}`, []);
      throw error;
    }
  }

  private upsertFor(
    table: TableName,
    columns: string[],
    count: number,
    conflict: readonly string[],
    ignore: boolean,
  ): string {
    const key = `${table}|${columns.join(",")}|${count}|${conflict.join(",")}|${ignore}`;
    let text = this.statements.get(key);
    if (text) return text;
    const placeholder = Object.fromEntries(columns.map((c) => [c, null]));
    const updated = columns.filter((c) => !conflict.includes(c));
    const query = (this.db as Kysely<any>)
      .insertInto(table)
      .values(Array.from({ length: count }, () => placeholder))
      .onConflict((oc) => {
        const target = oc.columns(conflict as string[]);
        if (ignore || updated.length === 0) return target.doNothing();
        return target.doUpdateSet(Object.fromEntries(updated.map((c) => [c, sql.ref(`excluded.${c}`)])));
      });
    text = query.compile().sql;
    this.statements.set(key, text);
    return text;
  }
}

/** Rows per queued COPY: enough that a load's round trips and savepoint cost little per row. */
const ROWS_PER_LOAD = 10_000;

/**
 * Rows gathered into COPY loads of ROWS_PER_LOAD rows, queued on the
 * session (SyncSession.queueCopyIn) so that the server loads one while the
 * caller reads the next.
 */
class PgRowQueue implements RowQueue {
  private lines: string[] = [];
  /** The next load's parts before `lines`, and its rows in all. */
  private parts: CopyPart[] = [];
  private rows = 0;
  private adds = 0;
  /** Per queued load, the place of its first add(); `ends` the place after its last. */
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private firstUnqueued = 0;

  constructor(
    private readonly session: SyncSession,
    private readonly table: string,
    private readonly columns: readonly string[],
  ) {
    // Loads a queue left behind (its load failed before it was finished) end here, and the count starts over.
    session.settleCopies();
  }

  add(values: readonly unknown[]): void {
    const width = this.columns.length;
    if (values.length % width !== 0)
      throw new Error(`rowQueue: ${values.length} values do not make rows of ${width} columns`);
    const lines = this.lines;
    const fields = new Array<string>(width);
    for (let r = 0; r < values.length; r += width) {
      for (let c = 0; c < width; c++) fields[c] = copyField(values[r + c]);
      lines.push(fields.join("\t"));
    }
    this.rows += values.length / width;
    this.added();
  }

  addPacked(leading: readonly unknown[], rows: PackedRowsData, nullable: readonly boolean[], figures: number): void {
    if (leading.length + nullable.length + figures !== this.columns.length)
      throw new Error(`rowQueue: packed rows do not make rows of ${this.columns.length} columns`);
    this.flushLines();
    const prefix = leading.map((v) => `${copyField(v)}\t`).join("");
    const { count, text, numbers } = rows;
    this.parts.push({ prefix: utf8.encode(prefix), count, text, numbers, texts: nullable.length, nullable, figures });
    this.rows += count;
    this.added();
  }

  private added(): void {
    this.adds++;
    if (this.rows >= ROWS_PER_LOAD) this.queue();
  }

  /** The lines gathered so far, as one part of the next load. */
  private flushLines(): void {
    if (this.lines.length === 0) return;
    this.parts.push(`${this.lines.join("\n")}\n`);
    this.lines = [];
  }

  stored(): number {
    const loads = this.session.loadedCopies();
    return loads === 0 ? 0 : this.ends[loads - 1];
  }

  finish(): { refused?: { at: number; error: unknown } } {
    this.queue();
    const { refused } = this.session.settleCopies();
    return refused ? { refused: { at: this.starts[refused.index], error: refused.error } } : {};
  }

  private queue(): void {
    if (this.adds === this.firstUnqueued) return;
    this.starts.push(this.firstUnqueued);
    this.ends.push(this.adds);
    this.firstUnqueued = this.adds;
    this.flushLines();
    const parts = this.parts;
    this.parts = [];
    this.rows = 0;
    // Text alone goes as it is; packed rows are made into text where the load is sent.
    this.session.queueCopyIn(
      this.table,
      this.columns,
      parts.length === 1 && typeof parts[0] === "string" ? parts[0] : parts,
    );
  }
}

const utf8 = new TextEncoder();

/**
 * The rows, each key kept once with its last values: SQLite applies a
 * multi-row upsert row by row (a key twice ends as its later row), where
 * PostgreSQL refuses to touch a row twice in one statement.
 */
function lastOfEachKey(
  columns: readonly string[],
  values: readonly unknown[],
  conflict: readonly string[],
): unknown[][] {
  const width = columns.length;
  const keyAt = conflict.map((c) => columns.indexOf(c));
  const rows = new Map<string, unknown[]>();
  for (let r = 0; r < values.length; r += width) {
    const row = values.slice(r, r + width) as unknown[];
    const key = keyAt.length === 1 ? String(row[keyAt[0]]) : JSON.stringify(keyAt.map((k) => row[k]));
    rows.delete(key);
    rows.set(key, row);
  }
  return [...rows.values()];
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A large load's transaction on the session; the session reports whether it is still open. */
export function beginPgBulkLoad(db: Kysely<MirrorSchema>, session: SyncSession): BulkLoad {
  session.run("begin", []);
  return {
    statements: new PgBulkStatements(session),
    writer: new PgBulkWriter(db, session),
    commit() {
      session.run("commit", []);
    },
    rollback() {
      if (session.inTransaction) session.run("rollback", []);
    },
    get active() {
      return session.inTransaction;
    },
    savepoint(name) {
      session.run(`savepoint ${name}`, []);
    },
    releaseSavepoint(name) {
      session.run(`release savepoint ${name}`, []);
    },
    rollbackToSavepoint(name) {
      if (session.inTransaction) session.run(`rollback to savepoint ${name}; release savepoint ${name}`, []);
    },
  };
}

/**
 * PostgreSQL as the target of a mirror copy (store/copy-mirror.ts): which
 * table refers to which (the order rows can go in with every foreign key
 * checked), the identity columns to continue after the copied numbers, and
 * emptying the tables a replacing copy overwrites. Everything runs on the
 * mirror's session, inside the copy's transaction: each step is undone with it.
 */
import type { SyncSession } from "./session.js";

/** For each table of the current schema, the other tables its foreign keys refer to. */
export function referencedTables(session: SyncSession): Map<string, Set<string>> {
  const { rows } = session.run(
    `select c.relname, p.relname
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = current_schema()`,
    [],
  );
  const references = new Map<string, Set<string>>();
  for (const [table, parent] of rows as [string, string][]) {
    if (table === parent) continue;
    let parents = references.get(table);
    if (!parents) references.set(table, (parents = new Set()));
    parents.add(parent);
  }
  return references;
}

/** The identity columns (SQLite's AUTOINCREMENT keys, as the migrations make them on PostgreSQL), by table. */
export function identityColumns(session: SyncSession): Map<string, string> {
  const { rows } = session.run(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and is_identity = 'YES'`,
    [],
  );
  return new Map(rows as [string, string][]);
}

/**
 * Makes an identity column hand out numbers from above both its largest
 * stored value and `floor` (what the source had already handed out). ALTER
 * TABLE … RESTART is transactional, unlike setval(): a rollback undoes it.
 * Returns the next number it will give.
 */
export function continueIdentity(session: SyncSession, table: string, column: string, floor: number): number {
  const { rows } = session.run(`select coalesce(max(${quoteName(column)}), 0) from ${quoteName(table)}`, []);
  const next = Math.max(Number(rows[0]?.[0] ?? 0), floor) + 1;
  session.run(`alter table ${quoteName(table)} alter column ${quoteName(column)} restart with ${next}`, []);
  return next;
}

/** Empties the tables in one statement (foreign keys among them hold); undone by a rollback. */
export function emptyTables(session: SyncSession, tables: readonly string[]): void {
  if (tables.length > 0) session.run(`truncate table ${tables.map(quoteName).join(", ")}`, []);
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

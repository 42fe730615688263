import { sql, type Kysely } from "kysely";
import type { MirrorSchema } from "./schema.js";

/**
 * Runs `work` inside a savepoint of the caller's open transaction: if it
 * throws, only its own changes are undone and the error is rethrown; the
 * transaction goes on. Lets one transaction apply many items, each all or
 * nothing, with a single commit. SAVEPOINT is standard SQL (SQLite and
 * PostgreSQL alike).
 *
 * @example
 * await writeTransaction(db, async (trx) => {
 *   for (const item of items) await withSavepoint(trx, "item", () => apply(trx, item)).catch(record);
 * });
 */
export async function withSavepoint<T>(trx: Kysely<MirrorSchema>, name: string, work: () => Promise<T>): Promise<T> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a savepoint name: ${name}`);
  const id = sql.raw(name);
  await sql`savepoint ${id}`.execute(trx);
  try {
    const result = await work();
    await sql`release savepoint ${id}`.execute(trx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint ${id}`.execute(trx);
    await sql`release savepoint ${id}`.execute(trx);
    throw error;
  }
}

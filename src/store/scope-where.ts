/**
 * The condition that narrows rows to a marketplace and a list of ASINs, for
 * every reader of rows keyed by them (running totals, daily rows, product
 * series): one definition, so that the store's readers and the analyses
 * narrow alike.
 */
import { sql, type RawBuilder } from "kysely";

/**
 * A condition no row meets, for a scope whose list of keys is empty: a plain `0` is false on SQLite but no
 * boolean on PostgreSQL.
 */
export const NOTHING: RawBuilder<unknown> = sql`1 = 0`;

/** A condition on `marketplace` and `asin` columns for the scope (rollup and daily rows alike). */
export function scopeWhere(scope: {
  marketplace?: string;
  asins?: readonly string[];
}): RawBuilder<unknown> | undefined {
  const conds: RawBuilder<unknown>[] = [];
  if (scope.marketplace) conds.push(sql`marketplace = ${scope.marketplace}`);
  if (scope.asins) conds.push(scope.asins.length ? sql`asin in (${sql.join(scope.asins)})` : NOTHING);
  return conds.length ? sql.join(conds, sql` and `) : undefined;
}

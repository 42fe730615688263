/**
 * Sales totals loaded in the transaction of the file that brought an
 * account's first sales (see first-sales-totals.ts), recorded in rollup_state
 * until the rebuild that follows the file takes them as they are. Until then
 * readers find the file's run newer than the state and read the daily rows.
 */
import type { Kysely } from "kysely";

/** rollup_state.built_at of sales totals loaded with a file, not yet taken by a rebuild. */
export const LOADED_WITH_FILE = "loaded with the file";

/**
 * Records, in the file's transaction before its run is recorded, that the
 * account's sales totals from `first` to `last` were loaded with it.
 */
export async function markTotalsLoaded(
  t: Kysely<any>,
  accountId: string,
  span: { first: string; last: string },
): Promise<void> {
  // The newest run before the file's own: the file's run is then the one run the totals are newer than.
  const run = await t
    .selectFrom("sync_runs")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  const state = {
    sync_run_id: Number(run?.id ?? 0),
    first_date: span.first,
    last_date: span.last,
    built_at: LOADED_WITH_FILE,
  };
  await t
    .insertInto("rollup_state")
    .values({ account_id: accountId, ...state })
    .onConflict((oc) => oc.column("account_id").doUpdateSet(state))
    .execute();
}

/**
 * The span of the sales totals loaded with the file of the account's newest
 * run, when that is what the state records; else undefined (no such totals,
 * or another run came after the file's, which a rebuild must see).
 */
export async function totalsLoadedWithFile(
  t: Kysely<any>,
  accountId: string,
): Promise<{ first: string; last: string } | undefined> {
  const state = await t
    .selectFrom("rollup_state")
    .select(["sync_run_id", "first_date", "last_date", "built_at"])
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (state?.built_at !== LOADED_WITH_FILE || !state.first_date || !state.last_date) return undefined;
  const newer = await runsAfter(t, accountId, state.sync_run_id);
  return newer.length === 1 ? { first: state.first_date, last: state.last_date } : undefined;
}

/** The account's sync runs after the one the totals were built for: what they may not know of yet. */
export function runsAfter(t: Kysely<any>, accountId: string, runId: number | string): Promise<{ id: unknown }[]> {
  return t.selectFrom("sync_runs").select("id").where("account_id", "=", accountId).where("id", ">", runId).execute();
}

import type { MirrorDb } from "./open-mirror.js";

/**
 * Records that the running totals still hold after run `runId`, a run that
 * changed none of the daily rows they sum (a cost sheet, an inventory
 * snapshot, a refused file), provided they held just before it. The totals
 * are read only while they reflect the account's newest run: without this,
 * any such run would send every answer to the slow daily rows until the next
 * order import, and the next rebuild would start from the account's first day.
 * Call it in the transaction that records the run, or right after it.
 *
 * @example
 * await keepRollupsCurrent(trx, "default", costSheetRunId);
 */
export async function keepRollupsCurrent(db: MirrorDb, accountId: string, runId: number): Promise<void> {
  await db
    .updateTable("rollup_state")
    .set({ sync_run_id: runId })
    .where("account_id", "=", accountId)
    .where("sync_run_id", "=", (eb) =>
      eb
        .selectFrom("sync_runs")
        .select((s) => s.fn.max("id").as("id"))
        .where("account_id", "=", accountId)
        .where("id", "<", runId),
    )
    .execute();
}

/** Stored insight runs and their findings: a finding can be fetched again by its id. */
import type { MirrorDb } from "./open-mirror.js";

export interface StoredRun {
  id: string;
  accountId: string;
  insightType: string;
  detailLevel: string;
  marketplace: string | null;
  period: { start: string; end: string };
  generatedAt: string;
  total: number;
  result: unknown;
  findings: { id: string; kind: string; severity: string; money_at_stake: number }[];
}

/** Saves a run and every finding it shows, in one transaction. */
export async function saveInsightRun(db: MirrorDb, run: StoredRun): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("insight_runs")
      .values({
        id: run.id,
        account_id: run.accountId,
        insight_type: run.insightType,
        detail_level: run.detailLevel,
        marketplace: run.marketplace,
        period_start: run.period.start,
        period_end: run.period.end,
        generated_at: run.generatedAt,
        total: run.total,
        result: JSON.stringify(run.result),
      })
      .execute();
    // In pages: a comprehensive run of a large catalog shows thousands.
    for (let i = 0; i < run.findings.length; i += 100) {
      const page = run.findings.slice(i, i + 100);
      await trx
        .insertInto("insight_findings")
        .values(
          page.map((f) => ({
            run_id: run.id,
            finding_id: f.id,
            account_id: run.accountId,
            insight_type: run.insightType,
            kind: f.kind,
            severity: f.severity,
            money_at_stake: f.money_at_stake,
            generated_at: run.generatedAt,
            body: JSON.stringify(f),
          })),
        )
        .onConflict((oc) => oc.columns(["account_id", "run_id", "finding_id"]).doNothing())
        .execute();
    }
  });
}

/** A finding as its newest run stored it, with that run's id and time; undefined when never stored. */
export async function storedFinding(
  db: MirrorDb,
  accountIds: readonly string[],
  findingId: string,
): Promise<{ runId: string; generatedAt: string; accountId: string; finding: Record<string, unknown> } | undefined> {
  if (!accountIds.length) return undefined;
  const row = await db
    .selectFrom("insight_findings")
    .select(["run_id", "generated_at", "account_id", "body"])
    .where("account_id", "in", [...accountIds])
    .where("finding_id", "=", findingId)
    .orderBy("generated_at", "desc")
    .orderBy("run_id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    runId: row.run_id,
    generatedAt: row.generated_at,
    accountId: row.account_id,
    finding: JSON.parse(row.body) as Record<string, unknown>,
  };
}

/** A stored run's result. */
export async function storedRun(
  db: MirrorDb,
  runId: string,
): Promise<{ accountId: string; result: unknown } | undefined> {
  const row = await db
    .selectFrom("insight_runs")
    .select(["account_id", "result"])
    .where("id", "=", runId)
    .executeTakeFirst();
  return row ? { accountId: row.account_id, result: JSON.parse(row.result) } : undefined;
}

/**
 * Runs insights for an account and stores the run, so every finding it
 * shows can be fetched again by id; and fetches a stored one. Shared by the
 * CLI, the `insights` job worker and the API.
 */
import { randomBytes } from "node:crypto";
import { createAnalyticsContext } from "../analytics/facts/context.js";
import { isoDate } from "../core/dates.js";
import { SellerAiError } from "../core/errors.js";
import { listAccounts, resolveAccount } from "../store/accounts.js";
import { saveInsightRun, storedFinding } from "../store/insight-runs.js";
import type { MirrorDb } from "../store/open-mirror.js";
import type { Sensitivity } from "./anomalies/sensitivity.js";
import { runInsights } from "./run-insights.js";
import type { DetailLevel, InsightsResult, InsightType } from "./types.js";

export interface RunRequest {
  now: Date;
  accountId?: string;
  type: InsightType;
  detail?: DetailLevel;
  marketplace?: string;
  sensitivity?: Sensitivity;
}

/** A new run id: `run_` and 16 random hex digits. */
export function newRunId(): string {
  return `run_${randomBytes(8).toString("hex")}`;
}

/**
 * Runs one insight type on an account (the default one when none is named)
 * and stores the run with its findings.
 *
 * @example
 * const { runId, result } = await runAndStore(db, { now, type: "risks" });
 */
export async function runAndStore(
  db: MirrorDb,
  request: RunRequest,
  runId = newRunId(),
): Promise<{ runId: string; accountId: string; result: InsightsResult }> {
  const account = await resolveAccount(db, request.accountId);
  if (!account) {
    throw new SellerAiError("not_found", "the mirror holds no seller account yet.", {
      suggestions: [
        "Run `seller-ai demo` to explore with a demo seller",
        "Import your reports with `seller-ai import`",
      ],
    });
  }
  const ctx = await createAnalyticsContext(db, account, request.now, isoDate(request.now));
  const result = await runInsights(ctx, {
    type: request.type,
    detail: request.detail,
    marketplace: request.marketplace,
    sensitivity: request.sensitivity,
  });
  await saveInsightRun(db, {
    id: runId,
    accountId: account.id,
    insightType: result.insight_type,
    detailLevel: result.detail_level,
    marketplace: result.marketplace,
    period: result.period,
    generatedAt: result.generated_at,
    total: result.total,
    result,
    findings: result.insights,
  });
  return { runId, accountId: account.id, result };
}

export interface StoredFinding {
  run_id: string;
  account_id: string;
  generated_at: string;
  finding: InsightsResult["insights"][number];
}

/** A stored finding by id (in `accountIds`, else any account of the mirror), or a not_found error. */
export async function findStoredFinding(
  db: MirrorDb,
  id: string,
  accountId?: string,
  accountIds?: readonly string[],
): Promise<StoredFinding> {
  const scope = accountId ? [accountId] : (accountIds ?? (await listAccounts(db)).map((a) => a.id));
  const found = await storedFinding(db, scope, id);
  if (!found) {
    throw new SellerAiError("not_found", `no stored finding "${id}".`, {
      suggestions: [
        "Finding ids come from an insights run (`seller-ai insights`); a finding is kept with the run that showed it.",
      ],
    });
  }
  return {
    run_id: found.runId,
    account_id: found.accountId,
    generated_at: found.generatedAt,
    finding: found.finding as unknown as StoredFinding["finding"],
  };
}

/** refresh_data: where the account's data comes from and how fresh it is. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { isoUtc, lastSyncFinished, type Outcome } from "./outcome.js";
import { coverage } from "../facts/coverage.js";

/**
 * What an answer says a run came from: an imported file by its name alone. Its path names folders (and
 * user names) of the machine it was imported on, which answers must not carry off it, through the API.
 */
function runSource(kind: string, source: string): string {
  if (kind !== "import") return source;
  return source.slice(Math.max(source.lastIndexOf("/"), source.lastIndexOf("\\")) + 1);
}

export async function refreshData(
  ctx: AnalyticsContext,
  _understanding: Understanding,
): Promise<Outcome<"refresh_data">> {
  const cov = await coverage(ctx);
  const runs = (
    await ctx.rows(
      ctx.db
        .selectFrom("sync_runs")
        .select([
          "kind",
          "source",
          "report_type",
          "status",
          "finished_at",
          "rows_written",
          "period_start",
          "period_end",
        ])
        .where("account_id", "=", ctx.accountId)
        .orderBy("id", "desc")
        .limit(5),
    )
  ).map((run) => ({ ...run, source: runSource(run.kind, run.source) }));
  const freshness = await lastSyncFinished(ctx);
  const newest =
    cov
      .map((c) => c.last_date)
      .filter((d): d is string => !!d)
      .sort()
      .reverse()[0] ?? null;
  const stale = newest ? Math.round((Date.parse(ctx.today) - Date.parse(newest)) / 86_400_000) : null;
  const provider = ctx.account.provider;
  let summary: string;
  let recommendation: string;
  if (provider === "spapi") {
    summary = `${ctx.account.name} is connected to Seller Central; the newest data is from ${newest ?? "nowhere yet"}${freshness ? `, last synced ${freshness}` : ""}.`;
    recommendation = "Run `seller-ai sync` to fetch the newest reports.";
  } else {
    const what = provider === "demo" ? "the demo seller, generated locally" : "imported from report files";
    summary =
      `${ctx.account.name} is ${what}: it cannot be refreshed from a marketplace. Its data covers ` +
      (cov.some((c) => c.last_date)
        ? cov
            .filter((c) => c.last_date)
            .map((c) => `${c.marketplace} ${c.first_date} to ${c.last_date}`)
            .join(", ")
        : "nothing yet") +
      (stale !== null ? `; the newest day is ${stale} day${stale === 1 ? "" : "s"} before today` : "") +
      (runs[0]?.finished_at ? `, last loaded ${isoUtc(runs[0].finished_at)}.` : ".");
    recommendation =
      provider === "demo"
        ? "Run `seller-ai demo` again to regenerate it up to today, or import your own reports with `seller-ai import FILE`."
        : "Download fresh reports from Seller Central (Business Report, FBA Inventory, Sponsored Products) and load them with `seller-ai import FILE`.";
  }
  return {
    result: { marketplaces: cov, recent_runs: runs, provider, analysis: { summary, recommendation } },
    primaryKey: "marketplaces",
    freshness,
  };
}

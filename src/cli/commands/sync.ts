import type { Command } from "commander";
import { parseIsoDate } from "../../core/dates.js";
import { usageError } from "../../core/errors.js";
import type { SyncProgress, SyncResult } from "../../sync/index.js";
import type { CommandContext } from "../context.js";
import type { ActionRunner } from "../context.js";
import { announceAlerts } from "./alerts.js";

export interface SyncCommandOptions {
  account?: string;
  since?: string;
  json: boolean;
}

export function registerSyncCommand(program: Command, run: ActionRunner): void {
  program
    .command("sync")
    .description("fetch what changed in a connected seller account and import it")
    .option("--account <id>", "the account to sync (default: the only connected one)")
    .option("--since <YYYY-MM-DD>", "fetch from this day on instead of from where the last sync ended")
    .option("--json", "print a JSON summary")
    .action(async (raw: { account?: string; since?: string; json?: boolean }, command: Command) => {
      const options = parseSyncOptions(raw);
      await run(command, (ctx) => syncCommand(ctx, options));
    });
}

export function parseSyncOptions(raw: { account?: string; since?: string; json?: boolean }): SyncCommandOptions {
  if (raw.since !== undefined && !parseIsoDate(raw.since))
    throw usageError(`--since must be a date as YYYY-MM-DD, got "${raw.since}".`);
  return { account: raw.account, since: raw.since, json: raw.json ?? false };
}

export async function syncCommand(ctx: CommandContext, options: SyncCommandOptions): Promise<number> {
  const [{ amazonConfig, syncAccount }, { secretBoxFor }] = await Promise.all([
    import("../../sync/index.js"),
    import("../../store/secret-box.js"),
  ]);
  if (options.since !== undefined && options.since >= ctx.today)
    throw usageError(`--since must be before today (${ctx.today}), got "${options.since}".`);
  const config = amazonConfig(ctx.io.env);
  const mirror = await ctx.mirror();
  const secrets = secretBoxFor(ctx.io.env, ctx.dbPath, { create: false });
  const progress = ctx.io.stderr.isTTY ? new ProgressLines(ctx) : undefined;
  const result = await syncAccount(mirror, {
    accountId: options.account,
    since: options.since,
    now: ctx.now,
    config,
    secrets,
    onProgress: progress && ((event) => progress.update(event)),
  });
  progress?.clear();
  await announceAlerts(ctx, mirror.db, [result.account_id]);
  if (options.json) ctx.io.stdout.write(`${JSON.stringify(jsonResult(result), null, 2)}\n`);
  else ctx.io.stdout.write(describe(result));
  return result.status === "ok" ? 0 : 1;
}

function jsonResult(result: SyncResult) {
  return { ...result, reports: result.reports.map(({ kept: _kept, ...r }) => r) };
}

function describe(result: SyncResult): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const failed = result.reports.filter((r) => r.status === "fatal" || r.status === "failed");
  let text = `Synced ${result.account_id} (run ${result.run_id}, ${result.status}): ${n(result.reports.length)} reports, ${n(result.rows_written)} rows written, ${n(result.offers_written)} competitor offers\n`;
  const byType = new Map<string, { reports: number; rows: number; empty: number }>();
  for (const r of result.reports) {
    const t = byType.get(r.report_type) ?? { reports: 0, rows: 0, empty: 0 };
    t.reports++;
    t.rows += r.rows_written;
    if (r.status === "no_data") t.empty++;
    byType.set(r.report_type, t);
  }
  for (const [type, t] of byType)
    text += `  ${type}: ${n(t.reports)} report${t.reports === 1 ? "" : "s"}${t.empty ? ` (${n(t.empty)} without data)` : ""}, ${n(t.rows)} rows\n`;
  if (result.throttled) text += `  Amazon throttled ${n(result.throttled)} requests; they were retried.\n`;
  for (const r of failed) text += `  failed: ${r.label}: ${r.error}\n`;
  if (failed.length) text += "The failed reports are fetched again by the next sync.\n";
  return text;
}

/** One line per report as it finishes, and a status line of what is under way (terminals only). */
class ProgressLines {
  private readonly phases = new Map<string, SyncProgress["phase"]>();
  private shown = false;

  constructor(private readonly ctx: CommandContext) {}

  update(event: SyncProgress): void {
    const err = this.ctx.io.stderr;
    if (event.phase === "imported" || event.phase === "failed" || event.phase === "no data") {
      this.phases.delete(event.label);
      this.clear();
      const what =
        event.phase === "imported"
          ? `${(event.rows ?? 0).toLocaleString("en-US")} rows`
          : event.phase === "no data"
            ? "no data"
            : `failed: ${event.error}`;
      err.write(`${event.label}: ${what}\n`);
    } else {
      this.phases.set(event.label, event.phase);
    }
    const counts = new Map<string, number>();
    for (const p of this.phases.values()) counts.set(p, (counts.get(p) ?? 0) + 1);
    const line = ["requested", "processing", "downloading", "importing"]
      .filter((p) => counts.get(p))
      .map((p) => `${p} ${counts.get(p)}`)
      .join(", ");
    if (line) {
      err.write(`\r${line}\x1b[K`);
      this.shown = true;
    }
  }

  clear(): void {
    if (this.shown) this.ctx.io.stderr.write("\r\x1b[K");
    this.shown = false;
  }
}

import type { Command } from "commander";
import { usageError } from "../../core/errors.js";
import type { ActionRunner } from "../context.js";
import type { CommandContext } from "../context.js";
import type { MirrorDb } from "../../store/open-mirror.js";

export interface AlertsOptions {
  account?: string;
  json: boolean;
}

interface RawAlertsOptions {
  account?: string;
  json?: boolean;
}

export function registerAlertsCommand(program: Command, run: ActionRunner): void {
  const alerts = program
    .command("alerts")
    .description("list your alert rules with their last firing (`alerts check` checks them now)")
    .option("--account <id>", "the account (default: the default account)")
    .option("--json", "print JSON")
    .action(async (raw: RawAlertsOptions, command: Command) => {
      await run(command, (ctx) => alertsCommand(ctx, parseAlertsOptions(raw)));
    });
  alerts
    .command("check")
    .description("check every alert rule against the mirror now; a rule fires once per crossing")
    .option("--account <id>", "only this account's rules")
    .option("--json", "print JSON")
    .action(async (raw: RawAlertsOptions, command: Command) => {
      // `alerts check --json`: commander hands options the parent also has to the parent.
      const merged = { ...(command.parent?.opts() as RawAlertsOptions), ...raw };
      await run(command, (ctx) => alertsCheckCommand(ctx, parseAlertsOptions(merged)));
    });
}

export function parseAlertsOptions(raw: RawAlertsOptions): AlertsOptions {
  if (raw.account !== undefined && raw.account.trim() === "")
    throw usageError("--account needs an account id (see `seller-ai status`).");
  return { ...(raw.account !== undefined ? { account: raw.account.trim() } : {}), json: raw.json ?? false };
}

/** Lists the account's rules, each with when it last fired and for what. */
export async function alertsCommand(ctx: CommandContext, options: AlertsOptions): Promise<number> {
  const [{ listAlerts }, { resolveAccount }] = await Promise.all([
    import("../../insights/alerts.js"),
    import("../../store/accounts.js"),
  ]);
  const mirror = await ctx.mirror();
  const account = await resolveAccount(mirror.db, options.account);
  const out = ctx.io.stdout;
  if (!account) {
    out.write(options.json ? '{"alerts":[]}\n' : "No accounts yet, so no alerts.\n");
    return 0;
  }
  const alerts = await listAlerts(mirror.db, account.id);
  if (options.json) {
    out.write(`${JSON.stringify({ account_id: account.id, alerts }, null, 2)}\n`);
    return 0;
  }
  if (!alerts.length) {
    out.write(
      `No alert rules for account ${account.id}. Create one with: seller-ai ask "alert me when any product has under 14 days of supply"\n`,
    );
    return 0;
  }
  out.write(`Alert rules of account ${account.id}:\n`);
  for (const a of alerts) {
    const last = a.last_fired_at
      ? `last fired ${a.last_fired_at} for ${a.last_fired_for} (${a.last_fired_value ?? "n/a"}), ${a.events} firing${a.events === 1 ? "" : "s"} in all`
      : "never fired";
    out.write(`  ${a.id}  ${a.description}\n    ${last}; ${a.crossed_now} past the threshold at the last check\n`);
  }
  return 0;
}

/** Checks the rules now and prints what fired. */
export async function alertsCheckCommand(ctx: CommandContext, options: AlertsOptions): Promise<number> {
  const { checkAlerts } = await import("../../insights/alerts.js");
  const mirror = await ctx.mirror();
  const result = await checkAlerts(mirror.db, { now: ctx.now, accountId: options.account });
  const out = ctx.io.stdout;
  if (options.json) {
    out.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  }
  out.write(
    `Checked ${result.checked} alert rule${result.checked === 1 ? "" : "s"}: ${result.fired.length} new firing${result.fired.length === 1 ? "" : "s"}.\n`,
  );
  for (const f of result.fired) out.write(`  ${f.description}: ${f.entity} at ${f.value ?? "n/a"} (${f.alert_id})\n`);
  for (const id of result.unchecked) out.write(`  ${id}: its metric cannot be checked from the mirror\n`);
  return 0;
}

/**
 * The checks after the mirror changed (an import, a sync, a demo
 * generation): alert rules, stock-out risk and new anomalies, each recorded
 * with its event. Says on stderr what fired; nothing is written when
 * nothing did.
 */
export async function announceAlerts(ctx: CommandContext, db: MirrorDb, accountIds: string[]): Promise<void> {
  const { watchAfterRefresh } = await import("../../insights/after-refresh.js");
  const watch = await watchAfterRefresh(db, { now: ctx.now, accountIds });
  for (const f of watch.fired) ctx.io.stderr.write(`alert: ${f.description}: ${f.entity} at ${f.value ?? "n/a"}\n`);
  for (const problem of watch.problems) ctx.io.stderr.write(`seller-ai: could not check the ${problem}\n`);
}

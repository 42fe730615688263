import type { Command } from "commander";
import type { ActionRunner, CommandContext } from "../context.js";
import { addOutputOptions } from "../output-options.js";
import { terminalJson, terminalText } from "../../render/terminal-text.js";
import type { CurrencyCoverage } from "../../store/currency-rates.js";

interface StatusOptions {
  json: boolean;
}

export function registerStatusCommand(program: Command, run: ActionRunner): void {
  addOutputOptions(
    program
      .command("status")
      .description("show accounts, marketplaces, date coverage, row counts and the last refresh"),
    { json: "print JSON" },
  ).action(async (options: { json?: boolean }, command: Command) => {
    await run(command, (ctx) => statusCommand(ctx, { json: options.json ?? false }));
  });
}

export async function statusCommand(ctx: CommandContext, options: StatusOptions): Promise<number> {
  const [{ mirrorStatus }, { billingNotices }, { accountRateCoverage }] = await Promise.all([
    import("../../store/mirror-status.js"),
    import("../../billing/billing-status.js"),
    import("../../store/currency-rates.js"),
  ]);
  const mirror = await ctx.mirror();
  const status = await mirrorStatus(mirror.db);
  const notices = await billingNotices(mirror.db);
  const rates = new Map<string, CurrencyCoverage[]>();
  for (const account of status.accounts) rates.set(account.id, await accountRateCoverage(mirror.db, account.id));
  const out = ctx.io.stdout;
  if (options.json) {
    const accounts = status.accounts.map((a) => ({ ...a, rate_coverage: rates.get(a.id) ?? [] }));
    out.write(`${terminalJson({ db: mirror.path, ...status, accounts, billing: { notifications: notices } }, 2)}\n`);
    return 0;
  }
  out.write(`Mirror: ${terminalText(mirror.path)}\n`);
  for (const n of notices)
    out.write(`Billing notice for workspace ${terminalText(n.workspace_id)}: ${terminalText(n.message)}\n`);
  if (status.accounts.length === 0) {
    out.write(
      "No accounts yet. Run `seller-ai demo` for the demo seller, or `seller-ai import FILE` to load your reports.\n",
    );
    return 0;
  }
  for (const account of status.accounts) {
    out.write(
      `\nAccount ${terminalText(account.id)}${account.is_default ? " (default)" : ""}: ${terminalText(account.name)}\n` +
        `  provider ${account.provider}, home currency ${account.home_currency}, ${account.connection_state}, last refresh ${account.last_refresh_at ?? "never"}\n`,
    );
    for (const m of account.marketplaces) {
      const range = m.first_date ? `${m.first_date} to ${m.last_date}` : "no sales data";
      out.write(`  ${m.marketplace} (${m.currency}): ${m.products} products, ${range}\n`);
    }
    const coverage = rates.get(account.id) ?? [];
    if (coverage.length) out.write(`  exchange rates to ${account.home_currency}:\n`);
    for (const c of coverage) out.write(`    ${rateCoverageLine(c)}\n`);
    out.write("  rows:\n");
    const width = Math.max(...Object.keys(account.row_counts).map((k) => k.length));
    for (const [table, n] of Object.entries(account.row_counts)) {
      out.write(`    ${table.padEnd(width)}  ${n.toLocaleString("en-US").padStart(12)}\n`);
    }
  }
  return 0;
}

/** Whether a currency's sales days all convert to the home currency, and which do not. */
function rateCoverageLine(c: CurrencyCoverage): string {
  const sales = `${c.sales_first_date} to ${c.sales_last_date}`;
  if (!c.missing.length) return `${c.currency}: every sales day covered (${sales})`;
  const runs = c.missing.slice(0, 3).map((m) => (m.start === m.end ? m.start : `${m.start}..${m.end}`));
  const more = c.missing.length > 3 ? ` and ${c.missing.length - 3} more` : "";
  return (
    `${c.currency}: no rate on ${c.missing_days} of its sales days (${sales}): ${runs.join(", ")}${more}\n` +
    `      add them with \`seller-ai rates import FILE.csv\` or \`seller-ai rates set ${c.currency} ${c.home_currency} RATE\``
  );
}

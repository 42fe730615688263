import type { Command } from "commander";
import type { ActionRunner, CommandContext } from "../context.js";
import { addOutputOptions } from "../output-options.js";
import { terminalJson, terminalText } from "../../render/terminal-text.js";

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
  const [{ mirrorStatus }, { billingNotices }] = await Promise.all([
    import("../../store/mirror-status.js"),
    import("../../billing/billing-status.js"),
  ]);
  const mirror = await ctx.mirror();
  const status = await mirrorStatus(mirror.db);
  const notices = await billingNotices(mirror.db);
  const out = ctx.io.stdout;
  if (options.json) {
    out.write(`${terminalJson({ db: mirror.path, ...status, billing: { notifications: notices } }, 2)}\n`);
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
    out.write("  rows:\n");
    const width = Math.max(...Object.keys(account.row_counts).map((k) => k.length));
    for (const [table, n] of Object.entries(account.row_counts)) {
      out.write(`    ${table.padEnd(width)}  ${n.toLocaleString("en-US").padStart(12)}\n`);
    }
  }
  return 0;
}

import type { Command } from "commander";
import type { CommandContext } from "../context.js";
import type { ActionRunner } from "../context.js";

export function registerAccountsCommand(program: Command, run: ActionRunner): void {
  const accounts = program.command("accounts").description("list connected seller accounts, or disconnect one");
  accounts
    .command("list", { isDefault: true })
    .description("list connections with their state: connected, needs_reauth, disconnected")
    .option("--json", "print JSON")
    .action(async (options: { json?: boolean }, command: Command) => {
      await run(command, (ctx) => accountsListCommand(ctx, { json: options.json ?? false }));
    });
  accounts
    .command("disconnect")
    .description("forget an account's Amazon tokens (its data stays in the mirror)")
    .argument("<id>", "the account id or connection id")
    .action(async (id: string, _options: unknown, command: Command) => {
      await run(command, (ctx) => accountsDisconnectCommand(ctx, id));
    });
}

export async function accountsListCommand(ctx: CommandContext, options: { json: boolean }): Promise<number> {
  const [{ listConnections }, { recentSyncs }] = await Promise.all([
    import("../../store/connections.js"),
    import("../../store/sync-runs.js"),
  ]);
  const mirror = await ctx.mirror();
  const rows = [];
  for (const c of await listConnections(mirror.db)) {
    const last = (await recentSyncs(mirror.db, c.account_id, 1))[0];
    rows.push({
      account_id: c.account_id,
      connection_id: c.id,
      state: c.state,
      region: c.region,
      scopes: c.scopes.split(","),
      selling_partner_id: c.selling_partner_id,
      advertising: c.ads_refresh_token !== null,
      connected_at: c.created_at,
      last_sync: last ? { run_id: last.id, status: last.status, finished_at: last.finished_at } : null,
      ...(c.last_error ? { last_error: c.last_error } : {}),
    });
  }
  if (options.json) {
    ctx.io.stdout.write(`${JSON.stringify({ accounts: rows }, null, 2)}\n`);
    return 0;
  }
  if (rows.length === 0) {
    ctx.io.stdout.write("No connected accounts. Connect one with `seller-ai connect amazon`.\n");
    return 0;
  }
  for (const r of rows) {
    ctx.io.stdout.write(
      `${r.account_id}  ${r.state}\n` +
        `  connection ${r.connection_id}, region ${r.region}, ${r.scopes.join(", ")}${r.advertising ? " (+ Ads API)" : ""}\n` +
        `  connected ${r.connected_at}, last sync ${r.last_sync ? `${r.last_sync.status} at ${r.last_sync.finished_at ?? "(running)"}` : "never"}\n`,
    );
    if (r.state === "needs_reauth")
      ctx.io.stdout.write(
        `  Amazon no longer accepts its authorisation: run \`seller-ai connect amazon --region ${r.region} --scopes ${r.scopes.join(",")}\`\n`,
      );
  }
  return 0;
}

export async function accountsDisconnectCommand(ctx: CommandContext, id: string): Promise<number> {
  const { disconnectAccount } = await import("../../connect/connect-flow.js");
  const mirror = await ctx.mirror();
  const accounts = await disconnectAccount(mirror.db, id, ctx.now);
  ctx.io.stdout.write(
    `Disconnected ${accounts.join(", ")}: its Amazon tokens are forgotten; its data stays in the mirror.\n`,
  );
  return 0;
}

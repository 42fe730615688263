import type { Command } from "commander";
import type { ActionRunner, CommandContext } from "../context.js";
import { addOutputOptions } from "../output-options.js";
import { terminalJson, terminalText } from "../../render/terminal-text.js";

export interface KeysCreateOptions {
  name: string;
  plan?: string;
  scopes: string;
  workspace?: string;
  accounts?: string[];
  json: boolean;
}

export function registerKeysCommand(program: Command, run: ActionRunner): void {
  const keys = program.command("keys").description("manage the API keys of `seller-ai serve`");
  const create = keys
    .command("create")
    .description("create an API key (printed once) in a new workspace, or in --workspace")
    .requiredOption("--name <name>", "a name for the key")
    .option("--plan <plan>", "the new workspace's plan: starter, business or enterprise")
    .option(
      "--scopes <list>",
      "comma-separated scopes: query, insights, connect, webhooks, write (write lets /v1/query run commands that " +
        "change the account: refresh_data, create_alert, update_settings, delete_alert)",
      "query",
    )
    .option("--workspace <id>", "add the key to this existing workspace")
    .option(
      "--account <id...>",
      "connect these accounts to the workspace (default for a new workspace: every account in the mirror)",
    );
  addOutputOptions(create, { json: "print JSON" }).action(
    async (
      options: {
        name: string;
        plan?: string;
        scopes: string;
        workspace?: string;
        account?: string[];
        json?: boolean;
      },
      command: Command,
    ) => {
      await run(command, (ctx) =>
        keysCreateCommand(ctx, {
          name: options.name,
          plan: options.plan,
          scopes: options.scopes,
          workspace: options.workspace,
          accounts: options.account,
          json: options.json ?? false,
        }),
      );
    },
  );
  addOutputOptions(keys.command("list").description("list the API keys (never the secrets)"), {
    json: "print JSON",
  }).action(async (options: { json?: boolean }, command: Command) => {
    await run(command, (ctx) => keysListCommand(ctx, { json: options.json ?? false }));
  });
  const revoke = keys
    .command("revoke")
    .description("revoke an API key; it stops working at once")
    .argument("<id>", "the key's id (key_…), as `keys list` shows it");
  addOutputOptions(revoke, { json: "print JSON" }).action(
    async (id: string, options: { json?: boolean }, command: Command) => {
      await run(command, (ctx) => keysRevokeCommand(ctx, id, { json: options.json ?? false }));
    },
  );
}

export async function keysCreateCommand(ctx: CommandContext, options: KeysCreateOptions): Promise<number> {
  const { createApiKey, parseScopes } = await import("../../accounts/keys.js");
  const scopes = parseScopes(options.scopes);
  const mirror = await ctx.mirror();
  if (options.workspace === undefined && options.accounts === undefined) {
    // A new workspace sees the mirror's accounts; an empty mirror gets the demo seller first, as `serve` does.
    const { ensureDemoData } = await import("../mirror-data.js");
    await ensureDemoData(mirror, ctx);
  }
  const created = await createApiKey(mirror.db, {
    name: options.name,
    plan: options.plan,
    scopes,
    workspaceId: options.workspace,
    accountIds: options.accounts,
    now: ctx.io.clock(),
  });
  const out = ctx.io.stdout;
  if (options.json) {
    out.write(`${terminalJson(created, 2)}\n`);
    return 0;
  }
  out.write(
    `Created key ${created.id} "${terminalText(created.name)}" in workspace ${created.workspace_id}\n` +
      `  plan ${created.plan}, scopes ${created.scopes.join(",")}, accounts ${created.accounts.length ? terminalText(created.accounts.join(", ")) : "none"}\n` +
      `Copy the key now; it is not shown again:\n\n  ${created.key}\n\n` +
      `Use it as: Authorization: Bearer ${created.prefix}…\n`,
  );
  if (created.accounts.length === 0)
    ctx.io.stderr.write(
      "note: the workspace has no connected account yet; queries answer 404 account_not_connected until one is added with --workspace and --account.\n",
    );
  return 0;
}

export async function keysListCommand(ctx: CommandContext, options: { json: boolean }): Promise<number> {
  const { listApiKeys } = await import("../../accounts/keys.js");
  const mirror = await ctx.mirror();
  const keys = await listApiKeys(mirror.db);
  const out = ctx.io.stdout;
  if (options.json) {
    out.write(`${terminalJson(keys, 2)}\n`);
    return 0;
  }
  if (keys.length === 0) {
    out.write("No API keys yet. Create one with `seller-ai keys create --name NAME --plan starter --scopes query`.\n");
    return 0;
  }
  const table = [
    ["ID", "NAME", "PLAN", "SCOPES", "PREFIX", "WORKSPACE", "ACCOUNTS", "CREATED", "LAST USED", "REVOKED"],
    ...keys.map((k) => [
      k.id,
      k.name,
      k.plan,
      k.scopes.join(","),
      `${k.prefix}…`,
      k.workspace_id,
      k.accounts.join(",") || "-",
      shortTime(k.created_at),
      shortTime(k.last_used_at),
      shortTime(k.revoked_at),
    ]),
  ];
  // Names and account ids are whatever was typed: every cell is made inert before the widths are measured.
  const rows = table.map((row) => row.map((cell) => terminalText(cell)));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows)
    out.write(`${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join("  ")}\n`);
  return 0;
}

export async function keysRevokeCommand(ctx: CommandContext, id: string, options: { json: boolean }): Promise<number> {
  const { revokeApiKey } = await import("../../accounts/keys.js");
  const mirror = await ctx.mirror();
  const revoked = await revokeApiKey(mirror.db, id, ctx.io.clock());
  if (options.json) ctx.io.stdout.write(`${terminalJson({ id, ...revoked })}\n`);
  else
    ctx.io.stdout.write(
      revoked.already
        ? `Key ${terminalText(id)} was already revoked at ${revoked.revoked_at}.\n`
        : `Revoked key ${terminalText(id)}; it no longer authenticates.\n`,
    );
  return 0;
}

function shortTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 16).replace("T", " ")}Z` : "-";
}

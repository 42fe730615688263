import type { Command } from "commander";
import { SellerAiError } from "../../core/errors.js";
import { terminalJson, terminalText } from "../../render/terminal-text.js";
import type { ActionRunner, CommandContext } from "../context.js";
import { addOutputOptions } from "../output-options.js";

const PLAN_LIST = "starter|business|enterprise";

export function registerBillingCommand(program: Command, run: ActionRunner): void {
  const billing = program
    .command("billing")
    .description("Stripe billing: which price is which plan, subscriptions, failed payments and events")
    .addHelpText(
      "after",
      "\n`seller-ai serve` receives Stripe's events at POST /v1/billing/webhook when it has the endpoint's signing\n" +
        "secret (SELLER_AI_STRIPE_WEBHOOK_SECRET or --stripe-webhook-secret-file). A workspace's plan then follows its\n" +
        "subscription (metadata.workspace_id: the ws_… id `seller-ai keys list` shows); a workspace without one keeps\n" +
        "the plan its keys were given.",
    );

  const prices = billing
    .command("prices")
    .description("list which plan each Stripe price id stands for (`billing prices set` maps one)");
  addOutputOptions(prices, { json: "print JSON" }).action(async (options: { json?: boolean }, command: Command) => {
    await run(command, (ctx) => billingPricesCommand(ctx, { json: options.json ?? false }));
  });
  const set = prices
    .command("set")
    .description("map a Stripe price id to a plan; subscriptions on that price follow at once")
    .argument("<price_id>", "the Stripe price id, e.g. price_1Q2w3E4r5T6y7U8i")
    .argument("<plan>", `the plan it pays for: ${PLAN_LIST}`);
  addOutputOptions(set, { json: "print JSON" }).action(
    async (priceId: string, plan: string, _options: { json?: boolean }, command: Command) => {
      // commander hands a --json after the arguments to `prices`, which has one too: either one counts.
      const json = command.optsWithGlobals<{ json?: boolean }>().json ?? false;
      await run(command, (ctx) => billingPricesSetCommand(ctx, priceId, plan, { json }));
    },
  );

  addOutputOptions(
    billing.command("status").description("subscriptions, the plan each workspace gets, notices and events"),
    { json: "print JSON" },
  ).action(async (options: { json?: boolean }, command: Command) => {
    await run(command, (ctx) => billingStatusCommand(ctx, { json: options.json ?? false }));
  });

  addOutputOptions(
    billing.command("failed").description("the Stripe events whose processing failed for good and need a person"),
    { json: "print JSON" },
  ).action(async (options: { json?: boolean }, command: Command) => {
    await run(command, (ctx) => billingFailedCommand(ctx, { json: options.json ?? false }));
  });

  addOutputOptions(
    billing
      .command("retry")
      .description("process a failed (or waiting) Stripe event now")
      .argument("<event_id>", "the event's id (evt_…), as `billing failed` lists it"),
    { json: "print JSON" },
  ).action(async (id: string, options: { json?: boolean }, command: Command) => {
    await run(command, (ctx) => billingRetryCommand(ctx, id, { json: options.json ?? false }));
  });
}

function shortTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 16).replace("T", " ")}Z` : "-";
}

/** Rows as aligned columns; every cell made inert first (ids and messages come from outside). */
function table(rows: string[][]): string {
  const cells = rows.map((row) => row.map((cell) => terminalText(cell)));
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  return cells
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join("  "))
    .join("\n");
}

export async function billingPricesCommand(ctx: CommandContext, options: { json: boolean }): Promise<number> {
  const { listPricePlans } = await import("../../store/billing-prices.js");
  const mirror = await ctx.mirror();
  const prices = await listPricePlans(mirror.db);
  const out = ctx.io.stdout;
  if (options.json) {
    out.write(`${terminalJson(prices, 2)}\n`);
    return 0;
  }
  if (prices.length === 0) {
    out.write(
      `No prices mapped yet. Map each Stripe price id to a plan: \`seller-ai billing prices set PRICE_ID ${PLAN_LIST}\`.\n`,
    );
    return 0;
  }
  out.write(
    `${table([["PRICE", "PLAN", "UPDATED"], ...prices.map((p) => [p.price_id, p.plan, shortTime(p.updated_at)])])}\n`,
  );
  return 0;
}

export async function billingPricesSetCommand(
  ctx: CommandContext,
  priceId: string,
  plan: string,
  options: { json: boolean },
): Promise<number> {
  const { setPrice } = await import("../../billing/billing-status.js");
  const mirror = await ctx.mirror();
  const result = await setPrice(mirror.db, priceId, plan, ctx.io.clock());
  if (options.json) {
    ctx.io.stdout.write(`${terminalJson(result, 2)}\n`);
    return 0;
  }
  const following =
    result.subscriptions === 0
      ? ""
      : ` ${result.subscriptions} subscription${result.subscriptions === 1 ? "" : "s"} on it now give the ${result.plan} plan.`;
  ctx.io.stdout.write(`Price ${terminalText(result.price_id)} is the ${result.plan} plan.${following}\n`);
  return 0;
}

export async function billingStatusCommand(ctx: CommandContext, options: { json: boolean }): Promise<number> {
  const { billingStatus } = await import("../../billing/billing-status.js");
  const mirror = await ctx.mirror();
  const status = await billingStatus(mirror.db);
  const out = ctx.io.stdout;
  if (options.json) {
    out.write(`${terminalJson(status, 2)}\n`);
    return 0;
  }
  const secret = (ctx.io.env.SELLER_AI_STRIPE_WEBHOOK_SECRET ?? "") !== "";
  out.write(
    `Receiver: POST /v1/billing/webhook on \`seller-ai serve\`, with the signing secret from SELLER_AI_STRIPE_WEBHOOK_SECRET (${secret ? "set" : "not set here"}) or --stripe-webhook-secret-file\n`,
  );
  out.write(
    `Prices: ${status.prices.length === 0 ? `none mapped (\`seller-ai billing prices set PRICE_ID ${PLAN_LIST}\`)` : terminalText(status.prices.map((p) => `${p.price_id} → ${p.plan}`).join(", "))}\n`,
  );
  if (status.subscriptions.length === 0) {
    out.write("\nNo subscriptions yet: every workspace has the plan its keys were given.\n");
  } else {
    out.write("\nSubscriptions:\n");
    out.write(
      `${table([
        ["SUBSCRIPTION", "WORKSPACE", "STATUS", "PLAN", "PERIOD END", "CANCELED"],
        ...status.subscriptions.map((s) => [
          s.id,
          s.workspace_id,
          s.status,
          s.plan ?? "-",
          shortTime(s.current_period_end),
          shortTime(s.canceled_at),
        ]),
      ])
        .split("\n")
        .map((line) => `  ${line}`)
        .join("\n")}\n`,
    );
    out.write("\nWorkspaces:\n");
    for (const w of status.workspaces) {
      const what =
        w.access === "refused"
          ? `keys refused (403 subscription_inactive): ${w.warning}`
          : w.plan
            ? `${w.plan} plan${w.warning ? `; warning: ${w.warning}` : ""}`
            : "the keys' own plan (no subscription in force yet)";
      out.write(`  ${terminalText(w.workspace_id)}: ${terminalText(what)}\n`);
    }
  }
  if (status.notifications.length > 0) {
    out.write("\nNotices:\n");
    for (const n of status.notifications)
      out.write(`  ${shortTime(n.created_at)} ${terminalText(n.workspace_id)}: ${terminalText(n.message)}\n`);
  }
  if (status.failed.length > 0) {
    out.write("\nFailed events (they need a person: fix the cause, then `seller-ai billing retry EVENT`):\n");
    for (const f of status.failed)
      out.write(
        `  ${terminalText(f.id)} ${terminalText(f.type)}, ${f.attempts} attempts: ${terminalText(f.error ?? "-")}\n`,
      );
  }
  const e = status.events;
  out.write(
    `\nEvents: ${e.processed} processed, ${e.pending} waiting${e.retrying ? ` (${e.retrying} to be retried)` : ""}, ${e.failed} failed\n`,
  );
  return 0;
}

export async function billingFailedCommand(ctx: CommandContext, options: { json: boolean }): Promise<number> {
  const { failedBillingEvents } = await import("../../billing/billing-status.js");
  const mirror = await ctx.mirror();
  const failed = await failedBillingEvents(mirror.db);
  const out = ctx.io.stdout;
  if (options.json) {
    out.write(`${terminalJson(failed, 2)}\n`);
    return 0;
  }
  if (failed.length === 0) {
    out.write("No failed billing events.\n");
    return 0;
  }
  out.write(
    `${table([
      ["EVENT", "TYPE", "CREATED", "ATTEMPTS", "ERROR"],
      ...failed.map((f) => [f.id, f.type, shortTime(f.created), String(f.attempts), f.error ?? "-"]),
    ])}\n`,
  );
  out.write(
    "\nFix the cause (a workspace id, a price: `seller-ai billing prices set`), then `seller-ai billing retry EVENT`.\n",
  );
  return 0;
}

export async function billingRetryCommand(
  ctx: CommandContext,
  id: string,
  options: { json: boolean },
): Promise<number> {
  const { retryBillingEvent } = await import("../../billing/retry-event.js");
  const mirror = await ctx.mirror();
  const result = await retryBillingEvent(mirror.db, id, ctx.io.clock());
  if (options.json) {
    ctx.io.stdout.write(`${terminalJson(result, 2)}\n`);
    return result.status === "processed" || result.status === "skipped" ? 0 : 1;
  }
  switch (result.status) {
    case "processed":
      ctx.io.stdout.write(`Processed ${terminalText(id)}: ${terminalText(result.outcome)}\n`);
      return 0;
    case "skipped":
      ctx.io.stdout.write(`${terminalText(id)} was processed meanwhile (by \`seller-ai serve\`); nothing to do.\n`);
      return 0;
    case "busy":
      throw new SellerAiError("failure", `the mirror is busy (another process is writing); try again: ${result.error}`);
    case "failed":
      throw new SellerAiError("failure", `billing event ${id} failed again: ${result.error}`, {
        suggestions: result.retryAt
          ? [`\`seller-ai serve\` tries it again at ${result.retryAt}.`]
          : ["Fix the cause, then run `seller-ai billing retry` again."],
      });
  }
}

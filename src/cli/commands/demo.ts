import type { Command } from "commander";
import { addDaysIso, parseIsoDate } from "../../core/dates.js";
import { usageError } from "../../core/errors.js";
import type { ActionRunner, CommandContext } from "../context.js";
import { terminalText } from "../../render/terminal-text.js";
import { announceAlerts } from "./alerts.js";

export interface DemoOptions {
  seed: number;
  /** Last day of history; undefined means yesterday. */
  end?: string;
  scale: "default" | "large";
  manifest: boolean;
  /** Plant anomalies (false with --no-anomalies). */
  anomalies: boolean;
}

interface RawDemoOptions {
  seed?: string;
  end?: string;
  scale?: string;
  manifest?: boolean;
  anomalies?: boolean;
}

export function registerDemoCommand(program: Command, run: ActionRunner): void {
  program
    .command("demo")
    .description("generate the demo seller (replaces the demo account; other accounts are kept)")
    .option("--seed <n>", "random seed: the same seed and end date give the same data", "1")
    .option("--end <date>", "last day of history as YYYY-MM-DD (default: yesterday)")
    .option("--scale <scale>", "default (about 150 products) or large (about 2,000, for benchmarks)", "default")
    .option(
      "--manifest",
      "print the planted situations as JSON (generates the demo first if the mirror does not hold it)",
    )
    .option("--no-anomalies", "plant no anomalies (sales spikes and drops, buy box losses, refund and ACoS spikes…)")
    .action(async (raw: RawDemoOptions, command: Command) => {
      const options = parseDemoOptions(raw);
      await run(command, (ctx) => demoCommand(ctx, options));
    });
}

/** Validates the demo command's options; bad values are usage errors that name the option. */
export function parseDemoOptions(raw: RawDemoOptions): DemoOptions {
  const seedText = (raw.seed ?? "1").trim();
  if (!/^\d{1,10}$/.test(seedText) || Number(seedText) > 4_294_967_295) {
    throw usageError(`--seed must be a whole number from 0 to 4294967295, got "${raw.seed}".`);
  }
  if (raw.end !== undefined && !parseIsoDate(raw.end)) {
    throw usageError(`--end must be a date as YYYY-MM-DD, got "${raw.end}".`);
  }
  const scale = raw.scale ?? "default";
  if (scale !== "default" && scale !== "large") {
    throw usageError(`--scale must be "default" or "large", got "${scale}".`);
  }
  return {
    seed: Number(seedText),
    end: raw.end,
    scale,
    manifest: raw.manifest ?? false,
    anomalies: raw.anomalies ?? true,
  };
}

/**
 * Generates the demo seller and prints a summary; with `manifest`, prints the
 * planted situations as JSON instead, generating first only when the mirror
 * does not already hold this seed, end date and scale.
 */
export async function demoCommand(ctx: CommandContext, options: DemoOptions): Promise<number> {
  const [{ generateDemo, demoRunDetails }, { demoManifest }] = await Promise.all([
    import("../../demo/generate-demo.js"),
    import("../../demo/manifest.js"),
  ]);
  const end = options.end ?? addDaysIso(ctx.today, -1);
  const mirror = await ctx.mirror({ create: true });
  const out = ctx.io.stdout;
  const generation = { seed: options.seed, end, scale: options.scale, anomalies: options.anomalies, now: ctx.now };
  if (options.manifest) {
    const stored = await demoRunDetails(mirror.db);
    if (
      !stored ||
      stored.seed !== options.seed ||
      stored.end !== end ||
      stored.scale !== options.scale ||
      (stored.anomalies ?? true) !== options.anomalies
    ) {
      await generateDemo(mirror, generation);
    }
    out.write(`${JSON.stringify(demoManifest(generation), null, 2)}\n`);
    return 0;
  }
  const started = performance.now();
  const summary = await generateDemo(mirror, generation);
  const seconds = (performance.now() - started) / 1000;
  await announceAlerts(ctx, mirror.db, [summary.accountId]);
  const accounts = await mirror.db.selectFrom("accounts").select("id").execute();
  out.write(
    `Demo seller generated in ${terminalText(mirror.path)} (seed ${summary.seed}, ${summary.scale} scale) in ${seconds.toFixed(1)} s.\n` +
      `  account: ${summary.accountId} (${accounts.length} account${accounts.length === 1 ? "" : "s"} in the mirror)\n` +
      `  products: ${summary.products} in ${summary.marketplaces.join(", ")}${options.anomalies ? "" : " (no anomalies planted)"}\n` +
      `  history: ${summary.start} to ${summary.end} (ads from ${summary.adsStart})\n` +
      `  rows: ${summary.totalRows.toLocaleString("en-US")} (daily sales ${(summary.rows.daily_sales ?? 0).toLocaleString("en-US")})\n` +
      "Try `seller-ai status`, or `seller-ai demo --manifest` for the planted situations.\n",
  );
  return 0;
}

import type { Command } from "commander";
import { SellerAiError, usageError } from "../../core/errors.js";
import { terminalJson, terminalText } from "../../render/terminal-text.js";
import type { AnswerComparison } from "../../answer/compare-answers.js";
import type { SealedTokenCheck } from "../../connect/sealed-tokens.js";
import type { CopyPlan, CopyResult, TableCount, TableRows } from "../../store/copy-mirror.js";
import type { PostgresMirror, SqliteMirror } from "../../store/open-mirror.js";
import type { SecretBox } from "../../store/secret-box.js";
import type { ActionRunner, CommandContext } from "../context.js";
import { addOutputOptions } from "../output-options.js";

export interface MigrateOptions {
  /** The PostgreSQL database to copy into. */
  to: string;
  /** Replace what the target already holds without asking. */
  yes: boolean;
  json: boolean;
}

interface RawMigrateOptions {
  to?: string;
  yes?: boolean;
  json?: boolean;
}

/** What the command reaches outside the mirror it copies; tests give their own. */
export interface MigrateDeps {
  /** Opens (creating or upgrading its schema) the target; the command closes it. */
  openTarget(url: string): Promise<PostgresMirror>;
}

const serverTarget: MigrateDeps = {
  async openTarget(url) {
    const { openStore } = await import("../../store/open-mirror.js");
    return (await openStore(url, { origin: "--to" })) as PostgresMirror;
  },
};

export function registerMigrateCommand(program: Command, run: ActionRunner): void {
  addOutputOptions(
    program
      .command("migrate")
      .description(
        "copy the mirror (every account, key, setting, alert, webhook and run) into PostgreSQL, then check the copy",
      )
      .requiredOption("--to <url>", "the PostgreSQL database: postgres://user@host:port/db")
      .option("--yes", "replace what the PostgreSQL database already holds without asking"),
    { json: "print the report as JSON" },
  )
    .addHelpText(
      "after",
      "\nThe mirror named by --db (or SELLER_AI_DB, or the default one) is copied in one transaction: if anything\n" +
        "fails, or the copy's row counts or its answers to the benchmark questions differ from the mirror's, nothing\n" +
        "is kept. Connected accounts' tokens stay sealed with the same key: give the PostgreSQL mirror\n" +
        "SELLER_AI_SECRET_KEY (the key in secret.key beside the mirror, when that is where it was).",
    )
    .action(async (raw: RawMigrateOptions, command: Command) => {
      const options = parseMigrateOptions(raw);
      await run(command, (ctx) => migrateCommand(ctx, options));
    });
}

/** Checks `migrate`'s options: the target must be a PostgreSQL URL. */
export function parseMigrateOptions(raw: RawMigrateOptions): MigrateOptions {
  const to = (raw.to ?? "").trim();
  let url: URL | undefined;
  try {
    url = new URL(to);
  } catch {
    url = undefined;
  }
  if (!url || !/^postgres(ql)?:$/i.test(url.protocol) || url.pathname.replace(/^\//, "") === "")
    throw usageError(
      `--to must name a PostgreSQL database as postgres://user@host:port/database, got "${raw.to ?? ""}".`,
      ["e.g. seller-ai migrate --to postgres://postgres@127.0.0.1:5432/seller_ai"],
    );
  return { to, yes: raw.yes ?? false, json: raw.json ?? false };
}

/** The report `--json` prints. */
export interface MigrateReport {
  source: string;
  target: string;
  /** Whether the target held seller data that the copy replaced. */
  replaced: boolean;
  committed: boolean;
  seconds: number;
  tables: { table: string; sqlite_rows: number; postgres_rows: number; ok: boolean }[];
  not_copied: { table: string; why: string }[];
  identities: CopyResult["identities"];
  answers: AnswerComparison;
  secrets: { sealed: number; opened: number; key: string | null };
  ok: boolean;
}

/**
 * Copies the SQLite mirror into the PostgreSQL database `options.to` and
 * checks the copy (row counts, answers, sealed tokens) before committing it.
 */
export async function migrateCommand(
  ctx: CommandContext,
  options: MigrateOptions,
  deps: MigrateDeps = serverTarget,
): Promise<number> {
  const [
    { isPostgresLocation },
    { copyPlan, copyMirror, compareRowCounts, targetHoldings },
    { compareAnswers },
    { mirrorIsEmpty },
    { listConnections },
    { checkSealedTokens, sealedTokenCount },
  ] = await Promise.all([
    import("../../store/open-mirror.js"),
    import("../../store/copy-mirror.js"),
    import("../../answer/compare-answers.js"),
    import("../../store/accounts.js"),
    import("../../store/connections.js"),
    import("../../connect/sealed-tokens.js"),
  ]);
  if (isPostgresLocation(ctx.dbPath))
    throw usageError("migrate copies a SQLite mirror into PostgreSQL, and the mirror given is already on PostgreSQL.", [
      "Give --db the SQLite mirror file to copy.",
    ]);
  const source = (await ctx.mirror()) as SqliteMirror;
  if (await mirrorIsEmpty(source.db))
    throw new SellerAiError(
      "not_found",
      `the mirror ${source.path} holds no seller account: there is nothing to copy.`,
    );
  const sealed = sealedTokenCount(await listConnections(source.db));
  const key = sealed > 0 ? await tokenKey(ctx, source) : undefined;
  if (key) {
    const check = checkSealedTokens(await listConnections(source.db), key.box);
    if (check.unreadable.length > 0)
      throw new SellerAiError(
        "failure",
        `the refresh tokens of ${check.unreadable.join(", ")} do not open with ${key.origin}: it is not the key they were sealed with; nothing was copied.`,
        { suggestions: ["Set SELLER_AI_SECRET_KEY to the key the accounts were connected with."] },
      );
  }

  const target = await deps.openTarget(options.to);
  try {
    const plan = await copyPlan(source, target);
    const held = await targetHoldings(target, plan);
    if (held.length > 0 && !options.yes) await confirmReplace(ctx, target.path, held);
    const progress = ctx.io.stderr.isTTY && !options.json;
    if (progress)
      ctx.io.stderr.write(
        `Copying ${terminalText(source.path)} into ${terminalText(target.path)} (${plan.tables.length} tables)…\n`,
      );
    const started = performance.now();
    let counts: TableCount[] = [];
    let answers: AnswerComparison = { compared: 0, equal: 0, skipped: [], mismatches: [] };
    let tokens: SealedTokenCheck = { sealed: 0, opened: 0, unreadable: [] };
    const result = await copyMirror(source, target, plan, {
      replace: held.length > 0,
      onTable: progress ? (t) => void ctx.io.stderr.write(`${progressLine(t)}\n`) : undefined,
      onIndexes: progress
        ? (i) => void ctx.io.stderr.write(`  ${i.indexes} indexes built in ${i.seconds.toFixed(1)} s\n`)
        : undefined,
      verify: async () => {
        if (progress) ctx.io.stderr.write("Checking the copy: row counts, answers to the benchmark questions…\n");
        counts = await compareRowCounts(source, target, plan);
        if (key) tokens = checkSealedTokens(await listConnections(target.db), key.box);
        answers = await compareAnswers(source.db, target.db, { now: ctx.now });
        return counts.every((c) => c.ok) && answers.mismatches.length === 0 && tokens.unreadable.length === 0;
      },
    });
    const report: MigrateReport = {
      source: source.path,
      target: target.path,
      replaced: held.length > 0,
      committed: result.committed,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      tables: counts.map((c) => ({ table: c.table, sqlite_rows: c.sqlite, postgres_rows: c.postgres, ok: c.ok })),
      not_copied: plan.skipped,
      identities: result.identities,
      answers,
      secrets: { sealed: tokens.sealed, opened: tokens.opened, key: key?.origin ?? null },
      ok: result.committed,
    };
    ctx.io.stdout.write(options.json ? `${terminalJson(report, 2)}\n` : textReport(report, plan));
    if (!result.committed) throw mismatchError(report, tokens);
    if (key?.fromFile)
      ctx.io.stderr.write(
        `seller-ai: the PostgreSQL mirror takes its secret key from SELLER_AI_SECRET_KEY: set it to the key in ${terminalText(key.origin)} wherever seller-ai uses it, or the connected accounts cannot sync.\n`,
      );
    return 0;
  } finally {
    await target.close();
  }
}

/**
 * The key the copied tokens must open with: SELLER_AI_SECRET_KEY when set
 * (what a PostgreSQL mirror reads), else the key file beside the mirror.
 */
async function tokenKey(
  ctx: CommandContext,
  source: SqliteMirror,
): Promise<{ box: SecretBox; origin: string; fromFile: boolean }> {
  const [{ secretBoxFor, KEY_FILE_NAME }, { dirname, join }] = await Promise.all([
    import("../../store/secret-box.js"),
    import("node:path"),
  ]);
  const fromEnv = (ctx.io.env.SELLER_AI_SECRET_KEY ?? "").trim() !== "";
  const box = secretBoxFor(ctx.io.env, source.path, { create: false });
  const origin = fromEnv ? "SELLER_AI_SECRET_KEY" : join(dirname(source.path), KEY_FILE_NAME);
  return { box, origin, fromFile: !fromEnv };
}

/** Asks on a terminal before replacing a target's data; elsewhere refuses, naming what it holds. */
async function confirmReplace(ctx: CommandContext, target: string, held: TableRows[]): Promise<void> {
  const total = held.reduce((n, h) => n + h.rows, 0);
  const what = `${terminalText(target)} already holds seller data (${rowsText(total)} in ${held.length} tables)`;
  if (!(ctx.io.stdin.isTTY && ctx.io.stderr.isTTY)) {
    const some = held.slice(0, 3).map((h) => `${h.table}: ${rowsText(h.rows)}`);
    throw new SellerAiError(
      "failure",
      `${what}, among them ${some.join(", ")}. Nothing was copied: two mirrors are never mixed.`,
      { suggestions: ["Give --to an empty database, or add --yes to replace what it holds with this copy."] },
    );
  }
  const { confirm } = await import("@inquirer/prompts");
  const replace = await confirm(
    { message: `${what}. Replace it with this copy?`, default: false },
    { input: ctx.io.stdin, output: ctx.io.stderr as NodeJS.WritableStream },
  );
  if (!replace) throw new SellerAiError("failure", "nothing was copied: the PostgreSQL mirror was left as it was.");
}

function rowsText(n: number): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;
}

function progressLine(t: { table: string; rows: number; index: number; total: number; seconds: number }): string {
  const place = `[${String(t.index + 1).padStart(String(t.total).length)}/${t.total}]`;
  return `  ${place} ${t.table.padEnd(26)} ${rowsText(t.rows).padStart(16)}  ${t.seconds.toFixed(1).padStart(5)} s`;
}

function textReport(report: MigrateReport, plan: CopyPlan): string {
  const width = Math.max(5, ...report.tables.map((t) => t.table.length));
  const lines = [
    `${"table".padEnd(width)}  ${"sqlite rows".padStart(12)}  ${"postgres rows".padStart(13)}  ok`,
    ...report.tables.map(
      (t) =>
        `${t.table.padEnd(width)}  ${t.sqlite_rows.toLocaleString("en-US").padStart(12)}  ${t.postgres_rows
          .toLocaleString("en-US")
          .padStart(13)}  ${t.ok ? "yes" : "NO"}`,
    ),
    "",
    `not copied: ${plan.skipped.map((s) => s.table).join(", ")} (the target keeps its own record of migrations and its own counters)`,
  ];
  const a = report.answers;
  lines.push(
    `answers: ${a.equal} of ${a.compared} equal on both (the benchmark questions for every account; ${a.skipped.length} left out because they change the account)`,
  );
  for (const m of a.mismatches) lines.push(`  differs: "${m.question}" for ${m.account}: ${m.difference}`);
  if (report.secrets.sealed > 0)
    lines.push(`sealed tokens: ${report.secrets.opened} of ${report.secrets.sealed} open with ${report.secrets.key}`);
  const rows = report.tables.reduce((n, t) => n + t.postgres_rows, 0);
  lines.push(
    report.committed
      ? `${report.replaced ? "Replaced what it held: copied" : "Copied"} ${rowsText(rows)} into ${report.target} in ${report.seconds.toFixed(1)} s.`
      : `The copy did not match, so it was rolled back: ${report.target} is as it was.`,
  );
  return `${terminalText(lines.join("\n"), { keepLineBreaks: true })}\n`;
}

/** The error of a copy that did not match: it names the tables, questions and connections that differ. */
function mismatchError(report: MigrateReport, tokens: SealedTokenCheck): SellerAiError {
  const parts = [
    ...report.tables
      .filter((t) => !t.ok)
      .map((t) => `table ${t.table} has ${rowsText(t.sqlite_rows)} in the mirror and ${t.postgres_rows} in the copy`),
    ...report.answers.mismatches.map((m) => `the answer to "${m.question}" (${m.account}) differs at ${m.difference}`),
    ...(tokens.unreadable.length ? [`the sealed tokens of ${tokens.unreadable.join(", ")} no longer open`] : []),
  ];
  return new SellerAiError(
    "failure",
    `the copy does not match the mirror, so it was rolled back (${report.target} is as it was): ${parts.join("; ")}.`,
    { details: { tables: report.tables.filter((t) => !t.ok), answers: report.answers.mismatches } },
  );
}

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/accounts/keys.js";
import { answer } from "../../src/answer/answer.js";
import { migrateCommand, parseMigrateOptions, type MigrateReport } from "../../src/cli/commands/migrate.js";
import { createContext } from "../../src/cli/context.js";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { checkSealedTokens } from "../../src/connect/sealed-tokens.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { recordEvent } from "../../src/events/index.js";
import { setPrice } from "../../src/billing/index.js";
import { insertBillingEvent } from "../../src/store/billing-events.js";
import { insertConnection, listConnections } from "../../src/store/connections.js";
import { NOT_COPIED } from "../../src/store/copy-mirror.js";
import { openMirror, openStore, PGLITE_MEMORY, type PostgresMirror } from "../../src/store/open-mirror.js";
import { KEY_FILE_NAME, SecretBox } from "../../src/store/secret-box.js";
import { tableKeys } from "../../src/store/table-keys.js";
import { WebhookService } from "../../src/webhooks/index.js";
import { freshServerDatabase, SERVER_URL } from "../helpers/backends.js";

const TODAY = "2026-11-21";
const NOW = new Date(`${TODAY}T12:00:00Z`);
const KEY_HEX = "11".repeat(32);
const dir = mkdtempSync(join(tmpdir(), "seller-ai-migrate-"));
const source = join(dir, "mirror.db");

/** The small demo seller with something in every kind of table a user makes: keys, settings, alerts, hooks, runs, billing. */
beforeAll(async () => {
  const mirror = await openMirror(source);
  try {
    await generateDemo(mirror, { seed: 1, end: "2026-11-20", now: NOW, scale: "small" });
    const key = await createApiKey(mirror.db, {
      name: "ci",
      plan: "business",
      scopes: ["query", "webhooks"],
      now: NOW,
    });
    const hooks = new WebhookService({ db: mirror.db, policy: { allowHttpLoopback: false } });
    await hooks.create({ url: "https://hooks.example.com/seller-ai", events: ["*"], workspaceId: key.workspace_id });
    hooks.close();
    for (const question of ["my target ACoS is 25%", "alert me when any product has under 14 days of supply"])
      await answer(question, { db: mirror.db, now: NOW });
    await mirror.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, { type: "data_refresh.completed", account_id: "demo", data: { id: "run_1" }, now: NOW }),
      );
    await setPrice(mirror.db, "price_business", "business", NOW);
    await insertBillingEvent(mirror.db, {
      id: "evt_billing_1",
      type: "invoice.paid",
      created: 1_763_000_000,
      payload: "{}",
      received_at: NOW.toISOString(),
    });
    const box = new SecretBox(Buffer.from(KEY_HEX, "hex"));
    await insertConnection(mirror.db, {
      id: "con_1",
      account_id: "demo",
      workspace_id: null,
      region: "na",
      scopes: "orders",
      selling_partner_id: "A1SELLER",
      refresh_token: box.seal("Atzr|refresh", "con_1"),
      ads_refresh_token: box.seal("Atzr|ads", "con_1:ads"),
      state: "connected",
      last_error: null,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    });
  } finally {
    await mirror.close();
  }
  const insights = captureIo();
  expect(
    await runCli(["--db", source, "--today", TODAY, "insights", "--format", "json"], insights),
    insights.err(),
  ).toBe(0);
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ENV = { SELLER_AI_SECRET_KEY: KEY_HEX };

/** Runs the command on the source mirror into `target` (kept open for the test to read), as a script would. */
async function migrateInto(target: PostgresMirror, flags: { yes?: boolean; env?: Record<string, string> } = {}) {
  const io = captureIo({ env: flags.env ?? ENV });
  const ctx = createContext(io, { db: source, today: TODAY });
  let code: number;
  try {
    code = await migrateCommand(
      ctx,
      { to: "postgres://test@127.0.0.1/target", yes: flags.yes ?? false, json: true },
      { openTarget: async () => ({ ...target, close: async () => undefined }) },
    );
  } catch (error) {
    code = -1;
    io.stderr.write((error as Error).message);
  } finally {
    await ctx.close();
  }
  const out = io.out();
  return { code, report: out ? (JSON.parse(out) as MigrateReport) : undefined, err: io.err() };
}

async function counts(target: PostgresMirror, tables: string[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(target.db);
    found[table] = Number(rows[0].n);
  }
  return found;
}

/** Triggers that spoil the copy on the target, each on a table. */
interface Failure {
  failure: string;
  spoil: { table: string; level: "row" | "statement"; body: string }[];
  message: RegExp;
}

const TARGETS = [
  { name: "pglite", open: () => openStore(PGLITE_MEMORY) as Promise<PostgresMirror> },
  ...(SERVER_URL
    ? [{ name: "postgres", open: async () => (await openStore(await freshServerDatabase())) as PostgresMirror }]
    : []),
];

describe.each(TARGETS)("seller-ai migrate into $name", ({ open }) => {
  let target: PostgresMirror;
  let first: Awaited<ReturnType<typeof migrateInto>>;

  beforeAll(async () => {
    target = await open();
    first = await migrateInto(target);
  }, 180_000);

  afterAll(async () => {
    await target?.close();
  });

  it("copies every table with the same row counts and commits", () => {
    expect(first.err).toBe("");
    expect(first.code).toBe(0);
    expect(first.report).toMatchObject({ ok: true, committed: true, replaced: false });
    for (const t of first.report!.tables) expect(t, t.table).toMatchObject({ ok: true, postgres_rows: t.sqlite_rows });
    const held = Object.fromEntries(first.report!.tables.map((t) => [t.table, t.postgres_rows]));
    for (const table of [
      "accounts",
      "api_keys",
      "settings",
      "account_changes",
      "alerts",
      "webhook_endpoints",
      "events",
      "insight_runs",
      "insight_findings",
      "sync_runs",
      "billing_prices",
      "billing_events",
      "connections",
      "daily_sales",
    ])
      expect(held[table], table).toBeGreaterThan(0);
  });

  it("covers every table the migrations create, but the migrations' bookkeeping and the target's own counters", async () => {
    const mirror = await openMirror(source);
    const schema = (await tableKeys(mirror.db)).map((t) => t.table).sort();
    await mirror.close();
    const copied = first.report!.tables.map((t) => t.table);
    const skipped = first.report!.not_copied.map((t) => t.table);
    expect([...copied, ...skipped].sort()).toEqual(schema);
    expect(skipped.sort()).toEqual(Object.keys(NOT_COPIED).sort());
    expect(skipped.sort()).toEqual(["burst_counters", "data_changes", "kysely_migration", "kysely_migration_lock"]);
  });

  it("gives the same answers to the benchmark questions, leaving out those that change the account", () => {
    const answers = first.report!.answers;
    expect(answers.mismatches).toEqual([]);
    expect(answers.compared).toBeGreaterThanOrEqual(30);
    expect(answers.equal).toBe(answers.compared);
    expect(answers.skipped.map((s) => s.question).sort()).toEqual([
      "alert me when any product has under 14 days of supply",
      "my target ACoS is 30%",
      "refresh my data",
    ]);
  });

  it("continues identity numbers after the copied ones", async () => {
    const [identity] = first.report!.identities.filter((i) => i.table === "events");
    const recorded = await target.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, { type: "data_refresh.completed", account_id: "demo", data: { id: "run_2" }, now: NOW }),
      );
    const stored = await target.db
      .selectFrom("events")
      .select("seq")
      .where("id", "=", recorded.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.seq)).toBe(identity.next);
    expect(identity.next).toBe(first.report!.tables.find((t) => t.table === "events")!.sqlite_rows + 1);
    await target.db.deleteFrom("webhook_deliveries").where("event_id", "=", recorded.id).execute();
    await target.db.deleteFrom("events").where("id", "=", recorded.id).execute();
  });

  it("keeps the sealed refresh tokens readable with the same key", async () => {
    expect(first.report!.secrets).toEqual({ sealed: 2, opened: 2, key: "SELLER_AI_SECRET_KEY" });
    const box = new SecretBox(Buffer.from(KEY_HEX, "hex"));
    const [connection] = await listConnections(target.db);
    expect(checkSealedTokens([connection], box)).toEqual({ sealed: 2, opened: 2, unreadable: [] });
    expect(box.open(connection.refresh_token!, "con_1")).toBe("Atzr|refresh");
  });

  it("refuses a target that already holds seller data, leaving it as it was", async () => {
    const tables = first.report!.tables.map((t) => t.table);
    const before = await counts(target, tables);
    const again = await migrateInto(target);
    expect(again.code).toBe(-1);
    expect(again.err).toMatch(
      /already holds seller data \([\d,]+ rows in \d+ tables\), among them .*: [\d,]+ rows?.*Nothing was copied: two mirrors are never mixed/,
    );
    expect(await counts(target, tables)).toEqual(before);
  });

  it("replaces the target's data with --yes instead of mixing the two, the tokens checked with the key file", async () => {
    const keyFile = join(dir, KEY_FILE_NAME);
    writeFileSync(keyFile, `${KEY_HEX}\n`, { mode: 0o600 });
    try {
      const replaced = await migrateInto(target, { yes: true, env: {} });
      expect(replaced.code).toBe(0);
      expect(replaced.report).toMatchObject({ ok: true, replaced: true });
      for (const t of replaced.report!.tables) expect(t.postgres_rows, t.table).toBe(t.sqlite_rows);
      expect(replaced.report!.secrets).toEqual({ sealed: 2, opened: 2, key: keyFile });
      expect(replaced.err).toMatch(
        /takes its secret key from SELLER_AI_SECRET_KEY: set it to the key in .*secret\.key/,
      );
    } finally {
      rmSync(keyFile);
    }
  }, 120_000);

  it.each<Failure>([
    {
      failure: "an error halfway (a table refusing its rows)",
      spoil: [
        { table: "daily_sales", level: "statement", body: "begin raise exception 'no space left on device'; end;" },
      ],
      message: /copying the table daily_sales into PostgreSQL failed.*no space left on device/,
    },
    {
      failure: "rows lost and values changed on the way",
      spoil: [
        { table: "alerts", level: "row", body: "begin return null; end;" },
        { table: "products", level: "row", body: "begin new.title := new.title || ' (changed)'; return new; end;" },
      ],
      message:
        /rolled back.*table alerts has 1 row in the mirror and 0 in the copy.*the answer to "[^"]+" \(demo\) differs at .*title/,
    },
  ])(
    "leaves the target as it was after $failure",
    async ({ spoil, message }) => {
      const tables = first.report!.tables.map((t) => t.table);
      const before = await counts(target, tables);
      // One statement per query: a server's pool takes no more.
      for (const [n, s] of spoil.entries()) {
        await sql
          .raw(`create function spoil_${n}() returns trigger language plpgsql as $$ ${s.body} $$`)
          .execute(target.db);
        await sql
          .raw(
            `create trigger spoil_${n} before insert on ${s.table} for each ${s.level} execute function spoil_${n}()`,
          )
          .execute(target.db);
      }
      try {
        const failed = await migrateInto(target, { yes: true });
        expect(failed.code).toBe(-1);
        expect(failed.err).toMatch(message);
        if (failed.report) expect(failed.report).toMatchObject({ ok: false, committed: false });
      } finally {
        for (const [n, s] of spoil.entries()) {
          await sql.raw(`drop trigger if exists spoil_${n} on ${s.table}`).execute(target.db);
          await sql.raw(`drop function if exists spoil_${n}()`).execute(target.db);
        }
      }
      expect(await counts(target, tables)).toEqual(before);
    },
    180_000,
  );

  it("prints a JSON report of tables, answers, identities and tokens for scripts", () => {
    const report = first.report!;
    expect(Object.keys(report).sort()).toEqual(
      [
        "answers",
        "committed",
        "identities",
        "not_copied",
        "ok",
        "replaced",
        "seconds",
        "secrets",
        "source",
        "tables",
        "target",
      ].sort(),
    );
    expect(report.tables).toContainEqual({ table: "accounts", sqlite_rows: 1, postgres_rows: 1, ok: true });
    expect(Object.keys(report.answers).sort()).toEqual(["compared", "equal", "mismatches", "skipped"]);
    expect(report.identities).toContainEqual({ table: "events", column: "seq", next: expect.any(Number) });
    expect(report.not_copied).toContainEqual({ table: "kysely_migration", why: expect.stringMatching(/migrations/) });
    expect(report.source).toBe(source);
    expect(report.seconds).toBeGreaterThan(0);
  });
});

describe("seller-ai migrate's refusals", () => {
  it("refuses tokens the key does not open before copying anything", async () => {
    const target = (await openStore(PGLITE_MEMORY)) as PostgresMirror;
    try {
      const { code, err } = await migrateInto(target, { env: { SELLER_AI_SECRET_KEY: "22".repeat(32) } });
      expect(code).toBe(-1);
      expect(err).toMatch(/refresh tokens of con_1 do not open with SELLER_AI_SECRET_KEY.*nothing was copied/);
      const { rows } = await sql<{ n: number }>`select count(*) as n from accounts`.execute(target.db);
      expect(Number(rows[0].n)).toBe(0);
    } finally {
      await target.close();
    }
  });

  it.each([
    { to: "mysql://root@127.0.0.1/shop", why: "another engine" },
    { to: "postgres://postgres@127.0.0.1:5432", why: "no database" },
    { to: "not a url", why: "not a URL" },
  ])("refuses --to $to ($why) as a usage error naming the form", ({ to }) => {
    expect(() => parseMigrateOptions({ to })).toThrow(/--to must name a PostgreSQL database as postgres:\/\//);
  });

  it.each([
    {
      args: ["migrate", "--to", "mysql://root@127.0.0.1/shop"],
      code: 2,
      err: /--to must name a PostgreSQL database/,
    },
    {
      args: ["migrate", "--to", "postgres://postgres@127.0.0.1:1/nowhere"],
      code: 1,
      err: /cannot reach the PostgreSQL mirror postgres:\/\/postgres@127\.0\.0\.1:1\/nowhere.*--to/,
    },
    {
      args: ["--db", "postgres://postgres@127.0.0.1:1/mirror", "migrate", "--to", "postgres://postgres@127.0.0.1/x"],
      code: 2,
      err: /migrate copies a SQLite mirror into PostgreSQL/,
    },
  ])("exits $code with a clear error for $args", async ({ args, code, err }) => {
    const io = captureIo({ env: ENV });
    const withDb = args[0] === "--db" ? args : ["--db", source, ...args];
    expect(await runCli(withDb, io)).toBe(code);
    expect(io.err()).toMatch(err);
    expect(io.out()).toBe("");
  });
});

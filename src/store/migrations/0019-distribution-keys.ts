import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";

/**
 * Every table that holds a seller's data carries the account (or workspace)
 * it belongs to, and its primary key and unique constraints include that
 * column, so the mirror can be sharded by it (Citus distributes a table by
 * one column and can only enforce keys that include it; see
 * docs/scale-out.md and store/distribution.ts).
 *
 * Tables keyed by an id alone get the owner in front of their key (and an
 * index on the id, which lookups by id alone still use); alert states,
 * webhook deliveries and webhook attempts gain the owner's column, filled
 * from their parent row. Autoincrement ids cannot be part of a composite key
 * in SQLite, so sync runs, account changes and webhook attempts keep their
 * ids as plain integers (new ones: see store/row-ids.ts).
 *
 * Each table is rebuilt (create anew, copy, drop, rename, index), all in one
 * transaction with foreign keys checked at the end; the row counts are
 * compared before the old tables go.
 */
export const distributionKeysMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await inOneTransaction(db, () => rebuildAll(db, REBUILDS));
  },
  async down(db: Kysely<any>): Promise<void> {
    await inOneTransaction(db, () => rebuildAll(db, REBUILDS.map(earlierShape)));
  },
};

/** A column as "name type [nn] [default literal] [in(a,b)] [autoincrement]": the few shapes these tables use. */
type ColumnSpec = string;

interface Rebuild {
  table: string;
  columns: ColumnSpec[];
  /** Absent for a table keyed by an autoincrement column. */
  primaryKey?: { name: string; columns: string[] };
  unique?: { name: string; columns: string[] }[];
  foreignKeys?: { name: string; columns: string[]; references: string; referencedColumns: string[] }[];
  /** Values of new columns, as SQL over the old row (aliased `old`). */
  fill?: Record<string, string>;
  indexes: { name: string; columns: string[] }[];
  /** What the table was before (for `down`): what differs from the new shape. */
  before: Partial<Omit<Rebuild, "table" | "before">> & { added?: string[] };
}

const NUMBERED_ID = "id integer nn";

const SYNC_RUN_COLUMNS: ColumnSpec[] = [
  "account_id text nn",
  "kind text nn in(demo,import,sync)",
  "source text nn",
  "report_type text",
  "marketplace text",
  "status text nn in(running,ok,partial,failed)",
  "started_at text nn",
  "finished_at text",
  "rows_read integer nn default 0",
  "rows_written integer nn default 0",
  "rows_rejected integer nn default 0",
  "period_start text",
  "period_end text",
  "details text",
];
const ACCOUNT_CHANGE_COLUMNS: ColumnSpec[] = [
  "account_id text nn",
  "changed_at text nn",
  "actor text nn",
  "kind text nn",
  "subject text nn",
  "previous text",
  "value text",
];
const ATTEMPT_COLUMNS: ColumnSpec[] = [
  "workspace_id text nn",
  "delivery_id text nn",
  "attempt integer nn",
  "started_at text nn",
  "duration_ms integer nn",
  "status_code integer",
  "error text",
  "succeeded integer nn",
  "next_attempt_at text",
];

const REBUILDS: Rebuild[] = [
  {
    table: "alerts",
    columns: [
      "id text nn",
      "account_id text nn",
      "metric text nn",
      "op text nn",
      "value real nn",
      "scope text nn default '{}'",
      "description text nn",
      "active integer nn default 1",
      "created_at text nn",
    ],
    primaryKey: { name: "alerts_pk", columns: ["account_id", "id"] },
    indexes: [
      { name: "alerts_account_idx", columns: ["account_id", "created_at"] },
      { name: "alerts_id_idx", columns: ["id"] },
    ],
    before: {},
  },
  {
    table: "alert_states",
    columns: [
      "account_id text nn",
      "alert_id text nn",
      "entity text nn",
      "crossed integer nn",
      "value real",
      "since text",
      "checked_at text nn",
    ],
    primaryKey: { name: "alert_states_account_pk", columns: ["account_id", "alert_id", "entity"] },
    // A rule's states, or the stock-out watch's (`stockout_risk:<account>`, no rule row); a state that
    // outlived its rule by accident still has its events to say whose it was.
    fill: {
      account_id: `coalesce((select a.account_id from alerts a where a.id = old.alert_id),
        case when old.alert_id like 'stockout\\_risk:%' escape '\\' then substr(old.alert_id, 15) end,
        (select e.account_id from alert_events e where e.alert_id = old.alert_id limit 1), '')`,
    },
    indexes: [{ name: "alert_states_alert_idx", columns: ["alert_id"] }],
    before: {
      added: ["account_id"],
      primaryKey: { name: "alert_states_pk", columns: ["alert_id", "entity"] },
      indexes: [],
    },
  },
  {
    table: "alert_events",
    columns: [
      "id text nn",
      "alert_id text nn",
      "account_id text nn",
      "entity text nn",
      "value real",
      "fired_at text nn",
      "details text nn",
    ],
    primaryKey: { name: "alert_events_pk", columns: ["account_id", "id"] },
    indexes: [{ name: "alert_events_alert_idx", columns: ["alert_id", "fired_at"] }],
    before: {},
  },
  {
    table: "insight_runs",
    columns: [
      "id text nn",
      "account_id text nn",
      "insight_type text nn",
      "detail_level text nn",
      "marketplace text",
      "period_start text nn",
      "period_end text nn",
      "generated_at text nn",
      "total integer nn",
      "result text nn",
    ],
    primaryKey: { name: "insight_runs_pk", columns: ["account_id", "id"] },
    indexes: [
      { name: "insight_runs_account_idx", columns: ["account_id", "generated_at"] },
      { name: "insight_runs_id_idx", columns: ["id"] },
    ],
    before: {},
  },
  {
    table: "insight_findings",
    columns: [
      "run_id text nn",
      "finding_id text nn",
      "account_id text nn",
      "insight_type text nn",
      "kind text nn",
      "severity text nn",
      "money_at_stake real nn",
      "generated_at text nn",
      "body text nn",
    ],
    primaryKey: { name: "insight_findings_account_pk", columns: ["account_id", "run_id", "finding_id"] },
    foreignKeys: [
      {
        name: "insight_findings_run_fk",
        columns: ["account_id", "run_id"],
        references: "insight_runs",
        referencedColumns: ["account_id", "id"],
      },
    ],
    indexes: [{ name: "insight_findings_id_idx", columns: ["account_id", "finding_id", "generated_at"] }],
    before: {
      primaryKey: { name: "insight_findings_pk", columns: ["run_id", "finding_id"] },
      foreignKeys: [
        { name: "insight_findings_run_fk", columns: ["run_id"], references: "insight_runs", referencedColumns: ["id"] },
      ],
    },
  },
  {
    table: "insight_jobs",
    columns: [
      "id text nn",
      "account_id text nn",
      "workspace_id text",
      "request text nn",
      "status text nn",
      "attempts integer nn default 0",
      "error text",
      "run_id text",
      "created_at text nn",
      "started_at text",
      "finished_at text",
      "next_attempt_at text nn",
    ],
    primaryKey: { name: "insight_jobs_pk", columns: ["account_id", "id"] },
    indexes: [
      { name: "insight_jobs_due_idx", columns: ["status", "next_attempt_at"] },
      { name: "insight_jobs_id_idx", columns: ["id"] },
    ],
    before: {},
  },
  {
    table: "connections",
    columns: [
      "id text nn",
      "account_id text nn",
      "workspace_id text",
      "region text nn",
      "scopes text nn",
      "selling_partner_id text",
      "refresh_token text",
      "ads_refresh_token text",
      "state text nn",
      "last_error text",
      "created_at text nn",
      "updated_at text nn",
    ],
    primaryKey: { name: "connections_pk", columns: ["account_id", "id"] },
    indexes: [{ name: "connections_id_idx", columns: ["id"] }],
    before: { indexes: [{ name: "connections_account_idx", columns: ["account_id"] }] },
  },
  {
    table: "conversations",
    // '' for a conversation held before any account was chosen (a key must not be null).
    columns: [
      "id text nn",
      "account_id text nn default ''",
      "state text nn",
      "created_at text nn",
      "updated_at text nn",
    ],
    primaryKey: { name: "conversations_pk", columns: ["account_id", "id"] },
    fill: { account_id: "coalesce(old.account_id, '')" },
    indexes: [{ name: "conversations_id_idx", columns: ["id"] }],
    before: {
      columns: ["id text nn", "account_id text", "state text nn", "created_at text nn", "updated_at text nn"],
      fill: { account_id: "nullif(old.account_id, '')" },
      indexes: [],
    },
  },
  {
    table: "sync_runs",
    columns: [NUMBERED_ID, ...SYNC_RUN_COLUMNS],
    primaryKey: { name: "sync_runs_pk", columns: ["account_id", "id"] },
    indexes: [
      { name: "sync_runs_account_idx", columns: ["account_id", "finished_at"] },
      { name: "sync_runs_id_idx", columns: ["id"] },
    ],
    before: {
      columns: ["id integer autoincrement", ...SYNC_RUN_COLUMNS],
      primaryKey: undefined,
      indexes: [{ name: "sync_runs_account_idx", columns: ["account_id", "finished_at"] }],
    },
  },
  {
    table: "account_changes",
    columns: [NUMBERED_ID, ...ACCOUNT_CHANGE_COLUMNS],
    primaryKey: { name: "account_changes_pk", columns: ["account_id", "id"] },
    indexes: [
      { name: "account_changes_account_idx", columns: ["account_id", "changed_at"] },
      { name: "account_changes_id_idx", columns: ["id"] },
    ],
    before: {
      columns: ["id integer autoincrement", ...ACCOUNT_CHANGE_COLUMNS],
      primaryKey: undefined,
      indexes: [{ name: "account_changes_account_idx", columns: ["account_id", "changed_at"] }],
    },
  },
  {
    table: "api_keys",
    columns: [
      "id text nn",
      "workspace_id text nn",
      "name text nn",
      "scopes text nn",
      "prefix text nn",
      "hash text nn",
      "created_at text nn",
      "last_used_at text",
      "revoked_at text",
    ],
    primaryKey: { name: "api_keys_pk", columns: ["workspace_id", "id"] },
    // The hash of 256 random bits is unique by itself; the constraint can only promise it per workspace.
    unique: [{ name: "api_keys_hash_uq", columns: ["workspace_id", "hash"] }],
    foreignKeys: [workspaceKey("api_keys")],
    indexes: [
      { name: "api_keys_hash_idx", columns: ["hash"] },
      { name: "api_keys_id_idx", columns: ["id"] },
    ],
    before: {
      unique: [{ name: "api_keys_hash_key", columns: ["hash"] }],
      indexes: [{ name: "api_keys_workspace_idx", columns: ["workspace_id"] }],
    },
  },
  {
    table: "billing_subscriptions",
    columns: [
      "id text nn",
      "workspace_id text nn",
      "customer_id text",
      "status text nn",
      "price_id text nn",
      "plan text in(starter,business,enterprise)",
      "current_period_end text",
      "canceled_at text",
      "last_event_id text nn",
      "last_event_created integer nn",
      "created_at text nn",
      "updated_at text nn",
    ],
    primaryKey: { name: "billing_subscriptions_pk", columns: ["workspace_id", "id"] },
    foreignKeys: [workspaceKey("billing_subscriptions")],
    indexes: [{ name: "billing_subscriptions_id_idx", columns: ["id"] }],
    before: { indexes: [{ name: "billing_subscriptions_workspace_idx", columns: ["workspace_id", "id"] }] },
  },
  {
    table: "billing_notifications",
    columns: [
      "id text nn",
      "workspace_id text nn",
      "kind text nn",
      "subscription_id text",
      "invoice_id text",
      "event_id text nn",
      "message text nn",
      "amount_due integer",
      "currency text",
      "created_at text nn",
      "resolved_at text",
    ],
    primaryKey: { name: "billing_notifications_pk", columns: ["workspace_id", "id"] },
    unique: [{ name: "billing_notifications_event_uq", columns: ["workspace_id", "event_id"] }],
    foreignKeys: [workspaceKey("billing_notifications")],
    indexes: [
      { name: "billing_notifications_subscription_idx", columns: ["subscription_id"] },
      { name: "billing_notifications_workspace_idx", columns: ["workspace_id", "created_at"] },
      { name: "billing_notifications_id_idx", columns: ["id"] },
    ],
    before: {
      unique: [{ name: "billing_notifications_event_id_key", columns: ["event_id"] }],
      indexes: [
        { name: "billing_notifications_subscription_idx", columns: ["subscription_id"] },
        { name: "billing_notifications_workspace_idx", columns: ["workspace_id", "created_at"] },
      ],
    },
  },
  {
    table: "webhook_endpoints",
    columns: [
      "id text nn",
      "workspace_id text nn",
      "url text nn",
      "description text",
      "events text nn",
      "status text nn in(enabled,disabled)",
      "disabled_reason text",
      "disabled_at text",
      "failing_since text",
      "secret text nn",
      "previous_secret text",
      "previous_secret_expires_at text",
      "after_event_seq integer nn default 0",
      "created_at text nn",
    ],
    primaryKey: { name: "webhook_endpoints_pk", columns: ["workspace_id", "id"] },
    foreignKeys: [workspaceKey("webhook_endpoints")],
    indexes: [{ name: "webhook_endpoints_id_idx", columns: ["id"] }],
    before: { indexes: [{ name: "webhook_endpoints_workspace_idx", columns: ["workspace_id"] }] },
  },
  {
    table: "webhook_deliveries",
    columns: [
      "id text nn",
      "workspace_id text nn",
      "event_id text nn",
      "endpoint_id text nn",
      "status text nn in(pending,delivering,succeeded,failed)",
      "attempts integer nn default 0",
      "attempt_number integer nn default 0",
      "next_attempt_at text",
      "claimed_by text",
      "lease_expires_at text",
      "last_status_code integer",
      "last_error text",
      "created_at text nn",
      "finished_at text",
    ],
    primaryKey: { name: "webhook_deliveries_pk", columns: ["workspace_id", "id"] },
    unique: [{ name: "webhook_deliveries_workspace_event_uq", columns: ["workspace_id", "event_id", "endpoint_id"] }],
    foreignKeys: [
      { name: "webhook_deliveries_event_fk", columns: ["event_id"], references: "events", referencedColumns: ["id"] },
      {
        name: "webhook_deliveries_endpoint_fk",
        columns: ["workspace_id", "endpoint_id"],
        references: "webhook_endpoints",
        referencedColumns: ["workspace_id", "id"],
      },
    ],
    fill: { workspace_id: "(select e.workspace_id from webhook_endpoints e where e.id = old.endpoint_id)" },
    indexes: [
      { name: "webhook_deliveries_due_idx", columns: ["status", "next_attempt_at"] },
      { name: "webhook_deliveries_endpoint_idx", columns: ["endpoint_id", "created_at"] },
      { name: "webhook_deliveries_event_idx", columns: ["event_id"] },
      { name: "webhook_deliveries_id_idx", columns: ["id"] },
    ],
    before: {
      added: ["workspace_id"],
      unique: [{ name: "webhook_deliveries_event_endpoint_uq", columns: ["event_id", "endpoint_id"] }],
      foreignKeys: [
        { name: "webhook_deliveries_event_fk", columns: ["event_id"], references: "events", referencedColumns: ["id"] },
        {
          name: "webhook_deliveries_endpoint_fk",
          columns: ["endpoint_id"],
          references: "webhook_endpoints",
          referencedColumns: ["id"],
        },
      ],
      indexes: [
        { name: "webhook_deliveries_due_idx", columns: ["status", "next_attempt_at"] },
        { name: "webhook_deliveries_endpoint_idx", columns: ["endpoint_id", "created_at"] },
      ],
    },
  },
  {
    table: "webhook_attempts",
    columns: [NUMBERED_ID, ...ATTEMPT_COLUMNS],
    primaryKey: { name: "webhook_attempts_pk", columns: ["workspace_id", "id"] },
    foreignKeys: [
      {
        name: "webhook_attempts_delivery_fk",
        columns: ["workspace_id", "delivery_id"],
        references: "webhook_deliveries",
        referencedColumns: ["workspace_id", "id"],
      },
    ],
    // The deliveries rebuilt just before: the old ones have no workspace yet.
    fill: { workspace_id: "(select d.workspace_id from webhook_deliveries_0019 d where d.id = old.delivery_id)" },
    indexes: [
      { name: "webhook_attempts_delivery_idx", columns: ["delivery_id", "attempt"] },
      { name: "webhook_attempts_id_idx", columns: ["id"] },
    ],
    before: {
      added: ["workspace_id"],
      columns: ["id integer autoincrement", ...ATTEMPT_COLUMNS],
      primaryKey: undefined,
      foreignKeys: [
        {
          name: "webhook_attempts_delivery_fk",
          columns: ["delivery_id"],
          references: "webhook_deliveries",
          referencedColumns: ["id"],
        },
      ],
      indexes: [{ name: "webhook_attempts_delivery_idx", columns: ["delivery_id", "attempt"] }],
    },
  },
];

/** A table as it was before this migration: its earlier key, constraints and indexes, without the added owner column. */
function earlierShape(r: Rebuild): Rebuild {
  const b = r.before;
  const added = new Set(b.added ?? []);
  const columns = (b.columns ?? r.columns).filter((c) => !added.has(c.split(" ")[0]!));
  return {
    table: r.table,
    columns,
    primaryKey: "primaryKey" in b ? b.primaryKey : { name: `${r.table}_pk`, columns: ["id"] },
    unique: b.unique ?? [],
    foreignKeys: b.foreignKeys ?? r.foreignKeys?.filter((fk) => fk.references === "workspaces"),
    fill: b.fill,
    // The index on the id alone is this migration's (the key used to serve lookups by id).
    indexes: b.indexes ?? r.indexes.filter((i) => i.columns.join() !== "id"),
    before: {},
  };
}

function workspaceKey(table: string): NonNullable<Rebuild["foreignKeys"]>[number] {
  return {
    name: `${table}_workspace_fk`,
    columns: ["workspace_id"],
    references: "workspaces",
    referencedColumns: ["id"],
  };
}

const BUILDING = "_0019";

async function rebuildAll(db: Kysely<any>, rebuilds: readonly Rebuild[]): Promise<void> {
  const rebuilt = new Set(rebuilds.map((r) => r.table));
  // Parents first: a new child's foreign key names its parent's new table (renames carry it over).
  for (const r of rebuilds) {
    let table = db.schema.createTable(r.table + BUILDING);
    for (const spec of r.columns) {
      const [name, type, modifiers] = parseColumn(spec);
      table = table.addColumn(name, type, modifiers);
    }
    if (r.primaryKey) table = table.addPrimaryKeyConstraint(r.primaryKey.name, r.primaryKey.columns as any);
    for (const u of r.unique ?? []) table = table.addUniqueConstraint(u.name, u.columns as any);
    for (const fk of r.foreignKeys ?? []) {
      const parent = rebuilt.has(fk.references) ? fk.references + BUILDING : fk.references;
      table = table.addForeignKeyConstraint(fk.name, fk.columns as any, parent, fk.referencedColumns as any, (c) =>
        c.onDelete("cascade"),
      );
    }
    await table.execute();
    const names = r.columns.map((c) => parseColumn(c)[0]);
    const values = names.map((n) => (r.fill?.[n] ? sql.raw(r.fill[n]) : sql.ref(`old.${n}`)));
    await sql`insert into ${sql.table(r.table + BUILDING)} (${sql.join(names.map((n) => sql.ref(n)))})
      select ${sql.join(values)} from ${sql.table(r.table)} as old`.execute(db);
    const before = await count(db, r.table);
    const after = await count(db, r.table + BUILDING);
    if (before !== after) throw new Error(`${r.table}: ${before} rows stored but ${after} copied`);
  }
  // Children first: a parent still referenced by another table may not go before it (PostgreSQL).
  for (const r of [...rebuilds].reverse()) await db.schema.dropTable(r.table).execute();
  for (const r of rebuilds)
    await db.schema
      .alterTable(r.table + BUILDING)
      .renameTo(r.table)
      .execute();
  for (const r of rebuilds)
    for (const index of r.indexes)
      await db.schema
        .createIndex(index.name)
        .on(r.table)
        .columns(index.columns as any)
        .execute();
}

async function count(db: Kysely<any>, table: string): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

function parseColumn(
  spec: ColumnSpec,
): [string, "text" | "integer" | "real", (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  const [name, type, ...rest] = spec.split(" ");
  const words = rest.join(" ");
  const modifiers = (c: ColumnDefinitionBuilder) => {
    let column = c;
    if (/\bautoincrement\b/.test(words)) column = column.primaryKey().autoIncrement();
    if (/\bnn\b/.test(words)) column = column.notNull();
    const fallback = /default (\S+)/.exec(words)?.[1];
    if (fallback !== undefined)
      column = column.defaultTo(/^'.*'$/.test(fallback) ? fallback.slice(1, -1) : Number(fallback));
    const allowed = /in\(([^)]*)\)/.exec(words)?.[1];
    if (allowed !== undefined)
      column = column.check(
        sql`${sql.ref(name as string)} in (${sql.join(allowed.split(",").map((v) => sql.lit(v)))})`,
      );
    return column;
  };
  return [name as string, type as "text" | "integer" | "real", modifiers];
}

/**
 * Runs `work` in one transaction. PostgreSQL's migrations already run in one
 * (transactional DDL); SQLite's do not, and there the foreign keys are turned
 * off for the rebuild (dropping a parent would otherwise cascade into its
 * children) and checked once before the commit.
 */
async function inOneTransaction(db: Kysely<any>, work: () => Promise<void>): Promise<void> {
  if (db.getExecutor().adapter.supportsTransactionalDdl) return work();
  const enforced = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await work();
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(broken.rows[0])}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    if (enforced.rows[0]?.foreign_keys) await sql`pragma foreign_keys = on`.execute(db);
  }
}

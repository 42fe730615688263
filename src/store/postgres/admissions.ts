/**
 * Admitting requests on PostgreSQL (see store/burst-counters.ts): a key's
 * burst count, a unit of its workspace's daily quota when the count is
 * granted, and the data-change version, in one statement. On a server the
 * requests of one process that arrive while its earlier admissions are on
 * their way are sent together, in one statement for all of them, when that
 * one comes back: under load a round trip, a statement and a commit serve
 * several requests (which costs the process and the server a fraction of
 * one per request), and a lone request still goes at once.
 *
 * A statement never holds two requests of one key or of one quota counter
 * (an upsert may not touch a row twice); those wait for the next. Each
 * counter is still counted by a row-locked upsert, so the limits stay exact
 * across processes, as with one statement per request. Every statement
 * locks its counters in one order (burst counts by workspace and key, quota
 * counters by workspace, day and kind, a request's quota after its burst
 * count), so two statements sharing counters wait for each other, never
 * deadlock.
 */
import { CompiledQuery, type Kysely } from "kysely";
import type pg from "pg";
import { countingPoolOf } from "./counting-pool.js";

/** One request to admit: its key's count in `second`, under `burstLimit`; a quota unit too when `quota` is given. */
export interface AdmissionAsk {
  workspaceId: string;
  keyId: string;
  second: number;
  burstLimit: number;
  quota?: { workspaceId: string; day: string; kind: string; limit: number };
}

/** What the statement gives for a request: see store/burst-counters.ts (Admission). */
export interface AdmissionRow {
  version: string;
  /** The burst count after the request; null when refused. */
  count: number | null;
  /** The quota count after the unit taken; null when refused or not asked for. */
  used: number | null;
  /** The quota count before the statement (the one that refused it). */
  stood: number | null;
}

/** Statements under way at once per process; more requests wait and go together in the next. */
const IN_FLIGHT = 2;
/** Requests in one statement at most. */
const BATCH = 64;

/**
 * The requests (a JSON array, one object per request, `i` its place) in the
 * columns of the upserts; each row's limit is found again by its counter's
 * key, which is unique in the statement.
 */
const ADMIT = `with r as (
    select * from json_to_recordset($1::json) as r(i int, workspace text, key text, second bigint,
      burst_limit bigint, quota_workspace text, day text, kind text, quota_limit bigint)
  ), taken as (
    insert into burst_counters as b (workspace_id, key_id, second, count)
    select workspace, key, second, 1 from r order by workspace, key
    on conflict (workspace_id, key_id) do update set
      second = case when excluded.second > b.second then excluded.second else b.second end,
      count = case when excluded.second > b.second then 1 else b.count + 1 end
    where excluded.second > b.second
      or b.count < (select r.burst_limit from r where r.workspace = excluded.workspace_id and r.key = excluded.key_id)
    returning b.workspace_id, b.key_id, b.count
  ), counted as (
    insert into usage_counters as u (workspace_id, day, kind, count)
    select r.quota_workspace, r.day, r.kind, 1 from r
    join taken t on t.workspace_id = r.workspace and t.key_id = r.key
    where r.kind is not null
    order by r.quota_workspace, r.day, r.kind
    on conflict (workspace_id, day, kind) do update set count = u.count + 1
    where u.count < (select r.quota_limit from r
      where r.quota_workspace = excluded.workspace_id and r.day = excluded.day and r.kind = excluded.kind)
    returning u.workspace_id, u.day, u.kind, u.count
  )
  select r.i, (select version::text from data_changes where id = 1) as version, t.count, c.count as used,
    (select s.count from usage_counters s
      where s.workspace_id = r.quota_workspace and s.day = r.day and s.kind = r.kind) as stood
  from r
  left join taken t on t.workspace_id = r.workspace and t.key_id = r.key
  left join counted c on c.workspace_id = r.quota_workspace and c.day = r.day and c.kind = r.kind`;

const STATEMENT_NAME = "seller_ai_admit";

interface Waiting {
  ask: AdmissionAsk;
  resolve: (row: AdmissionRow) => void;
  reject: (error: unknown) => void;
}

interface Row {
  i: number;
  version: string | null;
  count: number | null;
  used: number | null;
  stood: number | null;
}

function recordOf(ask: AdmissionAsk, i: number) {
  return {
    i,
    workspace: ask.workspaceId,
    key: ask.keyId,
    second: ask.second,
    burst_limit: ask.burstLimit,
    quota_workspace: ask.quota?.workspaceId ?? null,
    day: ask.quota?.day ?? null,
    kind: ask.quota?.kind ?? null,
    quota_limit: ask.quota?.limit ?? null,
  };
}

function admissionOf(row: Row | undefined): AdmissionRow {
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    version: String(row?.version ?? 0),
    count: number(row?.count),
    used: number(row?.used),
    stood: number(row?.stood),
  };
}

/** Gathers a process's admissions on one counting pool into as few statements as its load allows. */
class Admissions {
  private waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(private readonly pool: pg.Pool) {}

  admit(ask: AdmissionAsk): Promise<AdmissionRow> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ask, resolve, reject });
      this.send();
    });
  }

  private send(): void {
    while (this.inFlight < IN_FLIGHT && this.waiting.length > 0) {
      const batch = this.nextBatch();
      this.inFlight++;
      this.run(batch).finally(() => {
        this.inFlight--;
        this.send();
      });
    }
  }

  /** The first waiting requests, in order, no two on one counter; the others keep their place. */
  private nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const counters = new Set<string>();
    for (const w of this.waiting) {
      const burst = `b\u0000${w.ask.workspaceId}\u0000${w.ask.keyId}`;
      const q = w.ask.quota;
      const quota = q ? `q\u0000${q.workspaceId}\u0000${q.day}\u0000${q.kind}` : undefined;
      if (batch.length < BATCH && !counters.has(burst) && (!quota || !counters.has(quota))) {
        counters.add(burst);
        if (quota) counters.add(quota);
        batch.push(w);
      } else rest.push(w);
    }
    this.waiting = rest;
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      const text = JSON.stringify(batch.map((w, i) => recordOf(w.ask, i)));
      const { rows } = await this.pool.query<Row>({ name: STATEMENT_NAME, text: ADMIT, values: [text] });
      const byPlace = new Map(rows.map((row) => [Number(row.i), row]));
      for (const [i, w] of batch.entries()) w.resolve(admissionOf(byPlace.get(i)));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}

const gatherers = new WeakMap<pg.Pool, Admissions>();

/**
 * Admits one request: on a server mirror's counting pool, gathered with the
 * process's other admissions under way; else (PGlite, a transaction) alone.
 */
export async function admitOnPostgres(db: Kysely<any>, ask: AdmissionAsk): Promise<AdmissionRow> {
  const pool = countingPoolOf(db);
  if (!pool) {
    const query = CompiledQuery.raw(ADMIT, [JSON.stringify([recordOf(ask, 0)])]);
    const { rows } = await db.executeQuery<Row>(query);
    return admissionOf(rows[0]);
  }
  let gatherer = gatherers.get(pool);
  if (!gatherer) {
    gatherer = new Admissions(pool);
    gatherers.set(pool, gatherer);
  }
  return gatherer.admit(ask);
}

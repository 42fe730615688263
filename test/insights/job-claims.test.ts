// Insight jobs queued on one database are taken by whichever worker is free, each job by one worker only; a job
// whose worker stopped is taken up by another once the lease it held runs out.
import { describe, expect, it } from "vitest";
import { InsightJobWorker } from "../../src/insights/job-worker.js";
import { claimInsightJob, enqueueInsightJob, finishInsightJob, insightJob } from "../../src/store/insight-jobs.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { BACKENDS } from "../helpers/backends.js";
import { buildSmallMirror } from "../helpers/small-mirror.js";

const AT = "2026-11-21T12:00:00.000Z";
const LEASE_MS = 60_000;

/** An instant `ms` after AT. */
function atPlus(ms: number): string {
  return new Date(Date.parse(AT) + ms).toISOString();
}

/** A claim by `workerId` at `at`, held for a lease from then. */
function claim(workerId: string, at = AT) {
  return { workerId, at, leaseUntil: new Date(Date.parse(at) + LEASE_MS).toISOString() };
}

describe.each(BACKENDS)("two workers on one queue on $name", (backend) => {
  it("take every job exactly once between them", async () => {
    const location = await backend.location();
    const first = await buildSmallMirror(location);
    // On a server the second worker is another instance with its own connections; elsewhere it shares the mirror.
    const second: Mirror = backend.name === "postgres" ? await openStore(location) : first;
    try {
      const ids = Array.from({ length: 60 }, (_, i) => `job_${String(i).padStart(3, "0")}`);
      for (const id of ids)
        await enqueueInsightJob(first.db, { id, accountId: "acme", workspaceId: null, request: { n: id }, at: AT });
      const taken = async (mirror: Mirror) => {
        const mine: string[] = [];
        const me = mirror === first ? "first" : "second";
        for (
          let job = await claimInsightJob(mirror.db, claim(me));
          job;
          job = await claimInsightJob(mirror.db, claim(me))
        )
          mine.push(job.id);
        return mine;
      };
      const [a, b] = await Promise.all([taken(first), taken(second)]);
      expect([...a, ...b].sort()).toEqual(ids);
      const running = await first.db.selectFrom("insight_jobs").select(["status", "attempts"]).execute();
      expect(running.every((j) => j.status === "running" && Number(j.attempts) === 1)).toBe(true);
    } finally {
      if (second !== first) await second.close();
      await first.close();
    }
  });
});

describe.each(BACKENDS)("insight job leases on $name", (backend) => {
  const queue = async (db: Mirror["db"], id: string) =>
    enqueueInsightJob(db, {
      id,
      accountId: "acme",
      workspaceId: null,
      request: { type: "risks", accountId: "acme" },
      at: AT,
    });
  const completions = async (db: Mirror["db"], id: string) =>
    (await db.selectFrom("events").select("payload").where("type", "=", "analysis.completed").execute()).filter((e) =>
      String(e.payload).includes(id),
    ).length;
  /** A worker at a clock of its own whose heartbeats are fired by hand. */
  const worker = (mirror: Mirror, clock: () => string, run: () => Promise<{ runId: string }>) => {
    const beats: (() => void)[] = [];
    const w = new InsightJobWorker({
      db: mirror.db,
      clock: () => new Date(clock()),
      log: { info: () => undefined, error: () => undefined },
      leaseMs: LEASE_MS,
      every: (_ms, beat) => {
        beats.push(beat);
        return () => beats.splice(beats.indexOf(beat), 1);
      },
      run,
    });
    return {
      w,
      /** True once the running job's heartbeat is set up (a moment after its claim is stored). */
      beating: () => beats.length > 0,
      beat: () => {
        for (const b of beats) b();
      },
    };
  };

  it("gives a job whose worker stopped to another once the lease runs out, and ignores the stopped one's finish", async () => {
    const mirror = await buildSmallMirror(await backend.location());
    try {
      await queue(mirror.db, "job_lost");
      expect(await claimInsightJob(mirror.db, claim("stopped"))).toMatchObject({ id: "job_lost", attempts: 1 });
      let runs = 0;
      const run = async () => ({ runId: `run_${++runs}` });

      await worker(mirror, () => atPlus(LEASE_MS - 1), run).w.drain();
      expect(runs).toBe(0);

      await worker(mirror, () => atPlus(LEASE_MS), run).w.drain();
      expect(runs).toBe(1);
      expect(await insightJob(mirror.db, "job_lost")).toMatchObject({
        status: "done",
        run_id: "run_1",
        attempts: 2,
        claimed_by: null,
        lease_expires_at: null,
      });
      expect(await finishInsightJob(mirror.db, "job_lost", "stopped", "run_late", atPlus(LEASE_MS + 1))).toBe(false);
      expect(await insightJob(mirror.db, "job_lost")).toMatchObject({ status: "done", run_id: "run_1" });
      expect(await completions(mirror.db, "job_lost")).toBe(1);
    } finally {
      await mirror.close();
    }
  });

  it("keeps a running job from other workers while its heartbeat renews the lease", async () => {
    const mirror = await buildSmallMirror(await backend.location());
    try {
      await queue(mirror.db, "job_long");
      let now = AT;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const running = worker(
        mirror,
        () => now,
        async () => {
          await gate;
          return { runId: "run_long" };
        },
      );
      const draining = running.w.drain();
      // The claim is stored before the worker sets up its heartbeat: wait for both, or the beat below is lost.
      while ((await insightJob(mirror.db, "job_long"))?.status !== "running" || !running.beating())
        await new Promise((r) => setImmediate(r));

      now = atPlus(LEASE_MS / 2);
      running.beat();
      const renewed = atPlus(LEASE_MS / 2 + LEASE_MS);
      while ((await insightJob(mirror.db, "job_long"))?.lease_expires_at !== renewed)
        await new Promise((r) => setImmediate(r));

      let stolen = 0;
      await worker(
        mirror,
        () => atPlus(LEASE_MS + 1),
        async () => ({ runId: `run_${++stolen}` }),
      ).w.drain();
      expect(stolen).toBe(0);

      release();
      await draining;
      expect(await insightJob(mirror.db, "job_long")).toMatchObject({
        status: "done",
        run_id: "run_long",
        attempts: 1,
      });
      expect(await completions(mirror.db, "job_long")).toBe(1);
    } finally {
      await mirror.close();
    }
  });

  it("fails for good, without running it, a job taken up after its worker stopped on every attempt", async () => {
    const mirror = await buildSmallMirror(await backend.location());
    try {
      await queue(mirror.db, "job_poison");
      for (let i = 0; i < 3; i++)
        expect(await claimInsightJob(mirror.db, claim(`stopped_${i}`, atPlus(i * LEASE_MS)))).toBeDefined();
      let runs = 0;
      await worker(
        mirror,
        () => atPlus(3 * LEASE_MS),
        async () => ({ runId: `run_${++runs}` }),
      ).w.drain();
      expect(runs).toBe(0);
      expect(await insightJob(mirror.db, "job_poison")).toMatchObject({ status: "failed", attempts: 4 });
      expect(await completions(mirror.db, "job_poison")).toBe(1);
    } finally {
      await mirror.close();
    }
  });
});

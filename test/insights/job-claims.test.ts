// Insight jobs queued on one database are taken by whichever worker is free, each job by one worker only.
import { describe, expect, it } from "vitest";
import { claimInsightJob, enqueueInsightJob } from "../../src/store/insight-jobs.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { BACKENDS } from "../helpers/backends.js";
import { buildSmallMirror } from "../helpers/small-mirror.js";

const AT = "2026-11-21T12:00:00.000Z";

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
        for (let job = await claimInsightJob(mirror.db, AT); job; job = await claimInsightJob(mirror.db, AT))
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

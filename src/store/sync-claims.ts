/**
 * The scheduled syncs of connected accounts, shared by every `serve`
 * instance on the database: an instance claims an account's due sync (the
 * account is then held on a lease, renewed while the sync runs), and says
 * when the next one falls due as it lets it go. Two instances never sync
 * one account at once, nor twice for one interval; an account held by an
 * instance that stopped is taken up by another once the lease runs out.
 */
import type { ExpressionBuilder } from "kysely";
import type { Connection } from "./connections.js";
import { dialectOf } from "./dialect.js";
import type { MirrorDb } from "./open-mirror.js";
import type { MirrorSchema } from "./schema.js";

/** Who claims, when, and until when the claim holds unless renewed. */
export interface SyncClaim {
  workerId: string;
  at: string;
  leaseUntil: string;
}

/**
 * Claims one connected account whose sync is due at `at` and that no one
 * holds (or whose holder's lease ran out), or undefined when none is left.
 * One statement picks and marks it, skipping (on PostgreSQL) an account
 * another instance is claiming at that moment.
 */
export async function claimDueSync(db: MirrorDb, claim: SyncClaim): Promise<Connection | undefined> {
  const { skipLocked } = dialectOf(db);
  return (
    db
      .updateTable("connections")
      .set({ sync_claimed_by: claim.workerId, sync_lease_expires_at: claim.leaseUntil })
      .where("id", "=", (eb) =>
        eb
          .selectFrom("connections")
          .select("id")
          .where(claimable(claim.at))
          .orderBy("id")
          .limit(1)
          .modifyEnd(skipLocked()),
      )
      // Still claimable: on SQLite a claimer that read the same id a moment ago finds it taken.
      .where(claimable(claim.at))
      .returningAll()
      .executeTakeFirst()
  );
}

/** Connected, due, and not held (or held on a lease that ran out). */
function claimable(at: string) {
  return (eb: ExpressionBuilder<MirrorSchema, "connections">) =>
    eb.and([
      eb("state", "=", "connected"),
      eb.or([eb("sync_due_at", "is", null), eb("sync_due_at", "<=", at)]),
      eb.or([eb("sync_lease_expires_at", "is", null), eb("sync_lease_expires_at", "<=", at)]),
    ]);
}

/** Extends the lease on an account's sync the worker still holds; false when it lost it. */
export async function renewSyncLease(db: MirrorDb, id: string, workerId: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable("connections")
    .set({ sync_lease_expires_at: leaseUntil })
    .where("id", "=", id)
    .where("sync_claimed_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lets an account's sync go, due next at `dueAt`; nothing changes when the worker no longer holds it. */
export async function releaseSync(db: MirrorDb, id: string, workerId: string, dueAt: string): Promise<boolean> {
  const result = await db
    .updateTable("connections")
    .set({ sync_due_at: dueAt, sync_claimed_by: null, sync_lease_expires_at: null })
    .where("id", "=", id)
    .where("sync_claimed_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The audit trail of account changes: every changed setting and every alert created or deleted, with who and when. */
import type { AnalyticsContext } from "../facts/context.js";
import type { AccountChangesTable } from "../../store/schema.js";
import { nextId } from "../../store/row-ids.js";

export interface AccountChange {
  kind: AccountChangesTable["kind"];
  subject: string;
  previous: string | number | null;
  value: string | number | null;
}

/** Records changes in one statement, as `ctx.actor` at `ctx.now`. */
export async function recordChanges(ctx: AnalyticsContext, changes: AccountChange[]): Promise<void> {
  if (!changes.length) return;
  const text = (v: string | number | null) => (v === null ? null : String(v));
  const insert = ctx.db.insertInto("account_changes").values(
    changes.map((c, i) => ({
      id: nextId(ctx.db, "account_changes", i),
      account_id: ctx.accountId,
      changed_at: ctx.now.toISOString(),
      actor: ctx.actor,
      kind: c.kind,
      subject: c.subject,
      previous: text(c.previous),
      value: text(c.value),
    })),
  );
  ctx.sql.push(insert.compile().sql);
  await insert.execute();
}

/** The newest changes of the account, newest first. */
export async function recentChanges(ctx: AnalyticsContext, limit = 10) {
  return ctx.rows(
    ctx.db
      .selectFrom("account_changes")
      .select(["changed_at", "actor", "kind", "subject", "previous", "value"])
      .where("account_id", "=", ctx.accountId)
      .orderBy("changed_at", "desc")
      .orderBy("id", "desc")
      .limit(limit),
  );
}

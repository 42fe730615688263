/** The alert rules of an account as list_alerts and delete_alert show them: threshold, scope and last firing. */
import type { ConditionOp } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import type { IntentResults } from "../results/index.js";

export type AlertRule = IntentResults["list_alerts"]["alerts"][number];

export async function alertRules(ctx: AnalyticsContext): Promise<AlertRule[]> {
  const rows = await ctx.rows(
    ctx.db
      .selectFrom("alerts as a")
      .leftJoin(
        (eb) =>
          eb
            .selectFrom("alert_events")
            .select((e) => ["alert_id", e.fn.max("fired_at").as("last_fired_at"), e.fn.countAll<number>().as("fired")])
            .where("account_id", "=", ctx.accountId)
            .groupBy("alert_id")
            .as("e"),
        (join) => join.onRef("e.alert_id", "=", "a.id"),
      )
      .select([
        "a.id",
        "a.metric",
        "a.op",
        "a.value",
        "a.scope",
        "a.description",
        "a.created_at",
        "e.last_fired_at",
        "e.fired",
      ])
      .where("a.account_id", "=", ctx.accountId)
      .where("a.active", "=", 1)
      .orderBy("a.created_at")
      .orderBy("a.id"),
  );
  return rows.map((a) => ({
    id: a.id,
    metric: a.metric,
    op: a.op as ConditionOp,
    value: a.value,
    scope: JSON.parse(a.scope) as AlertRule["scope"],
    description: a.description,
    created_at: a.created_at,
    last_fired_at: (a.last_fired_at as string | null) ?? null,
    times_fired: Number(a.fired ?? 0),
  }));
}

/**
 * delete_alert: removes the alert named by its id, the ones on a condition or
 * metric, or all of them when asked ("remove all my alerts"). A request that
 * could mean several alerts without saying all is refused with their ids.
 * Their past firings stay as history; the audit trail records the deletion.
 */
import type { Understanding } from "../../core/understanding.js";
import { SellerAiError } from "../../core/errors.js";
import type { AnalyticsContext } from "../facts/context.js";
import type { Outcome } from "./outcome.js";
import { alertRules, type AlertRule } from "./alert-rules.js";
import { recordChanges } from "./account-changes.js";

export async function deleteAlert(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"delete_alert">> {
  const f = understanding.filters;
  const alerts = await alertRules(ctx);
  let chosen: AlertRule[];
  if (f.alert_id) {
    chosen = alerts.filter((a) => a.id === f.alert_id);
    if (!chosen.length)
      throw new SellerAiError("not_found", `no alert "${f.alert_id}" in this account.`, {
        suggestions: alerts.length ? alerts.map((a) => `delete alert ${a.id} (${a.description})`) : ["show my alerts"],
      });
  } else if (f.conditions?.length) {
    chosen = alerts.filter((a) =>
      f.conditions!.some((c) => c.metric === a.metric && (c.op === a.op || c.value === a.value)),
    );
  } else if (f.metrics?.length) {
    chosen = alerts.filter((a) => f.metrics!.includes(a.metric as never));
  } else {
    // "Remove all my alerts" asks for every row (a limit as large as "all"); a lone alert is unambiguous.
    const all = f.limit !== undefined && f.limit >= alerts.length;
    if (!all && alerts.length > 1)
      throw new SellerAiError("invalid_query", `you have ${alerts.length} alerts: say which one to delete, or "all".`, {
        suggestions: [...alerts.map((a) => `delete alert ${a.id} (${a.description})`), "remove all my alerts"],
      });
    chosen = alerts;
  }
  if (chosen.length) {
    const ids = chosen.map((a) => a.id);
    await ctx.db.transaction().execute(async (trx) => {
      const states = trx.deleteFrom("alert_states").where("alert_id", "in", ids);
      const rules = trx.deleteFrom("alerts").where("account_id", "=", ctx.accountId).where("id", "in", ids);
      ctx.sql.push(states.compile().sql, rules.compile().sql);
      await states.execute();
      await rules.execute();
    });
    await recordChanges(
      ctx,
      chosen.map((a) => ({ kind: "alert_deleted", subject: a.id, previous: a.description, value: null })),
    );
  }
  const remaining = alerts.length - chosen.length;
  const summary = chosen.length
    ? `Deleted ${chosen.length} alert${chosen.length === 1 ? "" : "s"}: ${chosen.map((a) => `${a.description} (${a.id})`).join("; ")}. ${remaining} remain${remaining === 1 ? "s" : ""}.`
    : alerts.length
      ? `No alert matches; your ${alerts.length} alert${alerts.length === 1 ? " is" : "s are"} unchanged.`
      : "You have no alerts to delete.";
  const recommendation = chosen.length
    ? "Their past firings stay in the alert history (`seller-ai alerts`)."
    : 'Ask "show my alerts" for their ids.';
  return {
    result: { deleted: chosen, remaining, analysis: { summary, recommendation } },
    primaryKey: "deleted",
    freshness: null,
  };
}

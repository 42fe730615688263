/** list_alerts: the account's alert rules, with when each last fired. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import type { Outcome } from "./outcome.js";
import { alertRules } from "./alert-rules.js";

export async function listAlerts(
  ctx: AnalyticsContext,
  _understanding: Understanding,
): Promise<Outcome<"list_alerts">> {
  const alerts = await alertRules(ctx);
  const fired = alerts.filter((a) => a.last_fired_at !== null);
  const summary = alerts.length
    ? `You have ${alerts.length} alert${alerts.length === 1 ? "" : "s"}: ${alerts.map((a) => `${a.description} (${a.id})`).join("; ")}. ` +
      (fired.length
        ? `${fired.length} ha${fired.length === 1 ? "s" : "ve"} fired; the latest on ${fired
            .map((a) => a.last_fired_at!)
            .sort()
            .at(-1)!
            .slice(0, 10)}.`
        : "None has fired yet.")
    : "You have no alerts.";
  const recommendation = alerts.length
    ? 'Remove one by naming it ("delete the days-of-supply alert" or its id), or add another ("alert me when ACoS is above 40%").'
    : 'Add one by saying it: "alert me when any product has under 14 days of supply".';
  return { result: { alerts, analysis: { summary, recommendation } }, primaryKey: "alerts", freshness: null };
}

/**
 * Intents of contract v2 that the parser understands but this build does not
 * answer yet. Temporary: each is replaced by its real analysis, and until then
 * asking gives a clear invalid_query error instead of a wrong or empty answer.
 */
import { SellerAiError } from "../../core/errors.js";
import type { Intent, Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import type { IntentHandler } from "./outcome.js";

/** The intents answered here for now; each leaves this list when its analysis arrives. */
export const PENDING_INTENTS = [
  "profit_breakdown",
  "payouts",
  "inventory_levels",
  "show_settings",
  "list_alerts",
  "delete_alert",
] as const satisfies readonly Intent[];

function notAnsweredYet<I extends Intent>(intent: I): IntentHandler<I> {
  return async (_ctx: AnalyticsContext, _understanding: Understanding) => {
    throw new SellerAiError("invalid_query", `${intent} is understood but not answered in this build`);
  };
}

export const profitBreakdown = notAnsweredYet("profit_breakdown");
export const payouts = notAnsweredYet("payouts");
export const inventoryLevels = notAnsweredYet("inventory_levels");
export const showSettings = notAnsweredYet("show_settings");
export const listAlerts = notAnsweredYet("list_alerts");
export const deleteAlert = notAnsweredYet("delete_alert");

/** create_alert: saves a threshold to watch and says what matches it now. */
import { createHash } from "node:crypto";
import type { ConditionOp, Understanding } from "../../core/understanding.js";
import type { IntentResults } from "../results/index.js";
import { SellerAiError } from "../../core/errors.js";
import type { AnalyticsContext } from "../facts/context.js";
import { lastSyncFinished, meetsCondition, type Outcome } from "./outcome.js";
import { inventoryStatus } from "../facts/inventory-status.js";
import { recordChanges } from "./account-changes.js";

type AlertRow = IntentResults["create_alert"]["alerts"][number];

const INVENTORY_ALERT_FIELDS: Record<string, string> = {
  days_of_supply: "days_of_supply",
  available_quantity: "available_quantity",
  restock_quantity: "recommended_quantity",
};

export async function createAlert(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"create_alert">> {
  const f = understanding.filters;
  const conditions = f.conditions ?? [];
  if (!conditions.length) {
    throw new SellerAiError("invalid_query", "an alert needs a threshold to watch.", {
      suggestions: [
        "alert me when any product has under 14 days of supply",
        "alert me when ACoS is above 40%",
        "notify me when refund rate goes over 5%",
      ],
    });
  }
  const scope: AlertRow["scope"] = {};
  for (const k of ["marketplace", "category", "asin", "sku", "campaign"] as const) {
    const value = f[k];
    if (value !== undefined) scope[k] = value;
  }
  const created: (Omit<AlertRow, "created_at" | "new"> & { created: boolean })[] = [];
  for (const c of conditions) {
    const description = `${c.metric.replace(/_/g, " ")} ${c.op} ${c.value}${
      Object.keys(scope).length
        ? ` (${Object.entries(scope)
            .map(([k, v]) => `${k} ${v}`)
            .join(", ")})`
        : ""
    }`;
    const id = `alert_${createHash("sha1")
      .update(JSON.stringify([ctx.accountId, c.metric, c.op, c.value, scope]))
      .digest("hex")
      .slice(0, 12)}`;
    const existing = await ctx.rows(ctx.db.selectFrom("alerts").select(["id", "created_at"]).where("id", "=", id));
    if (!existing.length) {
      const insert = ctx.db.insertInto("alerts").values({
        id,
        account_id: ctx.accountId,
        metric: c.metric,
        op: c.op,
        value: c.value,
        scope: JSON.stringify(scope),
        description,
        created_at: ctx.now.toISOString(),
      });
      ctx.sql.push(insert.compile().sql);
      await insert.execute();
    }
    created.push({
      id,
      metric: c.metric,
      op: c.op,
      value: c.value,
      scope,
      description,
      created: existing.length === 0,
    });
  }
  await recordChanges(
    ctx,
    created
      .filter((c) => c.created)
      .map((c) => ({ kind: "alert_created", subject: c.id, previous: null, value: c.description })),
  );
  // What the rule would report today, where the mirror can tell.
  const matching: IntentResults["create_alert"]["matching_now"] = [];
  const invConds = conditions.filter((c) => c.metric in INVENTORY_ALERT_FIELDS);
  if (invConds.length) {
    const status = await inventoryStatus(ctx, understanding);
    for (const r of status.rows) {
      const ok = invConds.every((c) => {
        const field = INVENTORY_ALERT_FIELDS[c.metric];
        const v =
          field === "recommended_quantity"
            ? r.restock_recommendation.recommended_quantity
            : (r as unknown as Record<string, number | null>)[field];
        return v !== null && v !== undefined && meetsCondition(v, c);
      });
      if (ok)
        matching.push({
          asin: r.asin,
          sku: r.sku,
          marketplace: r.marketplace,
          days_of_supply: r.days_of_supply,
          available_quantity: r.available_quantity,
        });
    }
  }
  const alerts = (
    await ctx.rows(
      ctx.db
        .selectFrom("alerts")
        .selectAll()
        .where("account_id", "=", ctx.accountId)
        .where("active", "=", 1)
        .orderBy("created_at")
        .orderBy("id"),
    )
  ).map((a) => ({
    id: a.id,
    metric: a.metric,
    op: a.op as ConditionOp,
    value: a.value,
    scope: JSON.parse(a.scope) as AlertRow["scope"],
    description: a.description,
    created_at: a.created_at,
    new: created.some((c) => c.id === a.id && c.created),
  }));
  const first = created[0];
  const summary =
    `${first.created ? "Alert saved" : "This alert already exists"}: ${created.map((c) => c.description).join("; ")}. ` +
    (invConds.length
      ? matching.length
        ? `${matching.length} product${matching.length === 1 ? " matches" : "s match"} it right now (${matching
            .slice(0, 3)
            .map((m) => `${m.asin} ${m.marketplace}`)
            .join(", ")}${matching.length > 3 ? ", …" : ""}).`
        : "No product matches it right now."
      : "") +
    ` You have ${alerts.length} active alert${alerts.length === 1 ? "" : "s"}.`;
  const recommendation = matching.length
    ? `Act on the ${matching.length} matching product${matching.length === 1 ? "" : "s"} now: ask "what should I restock" for quantities and PO dates.`
    : "Alerts are checked against the mirror each time it is refreshed.";
  return {
    result: { alerts, matching_now: matching, analysis: { summary, recommendation } },
    primaryKey: "alerts",
    freshness: invConds.length ? await lastSyncFinished(ctx) : null,
  };
}

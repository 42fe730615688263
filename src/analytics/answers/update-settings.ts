/** update_settings: changes lead time, safety stock, coverage, target ACoS or the home currency. */
import type { Understanding } from "../../core/understanding.js";
import { SellerAiError } from "../../core/errors.js";
import { readDataJson } from "../../core/reference-data.js";
import type { AnalyticsContext } from "../facts/context.js";
import type { IntentResults } from "../results/index.js";
import type { Outcome } from "./outcome.js";
import { recordChanges } from "./account-changes.js";

const SETTING_LIMITS: Record<string, [number, number]> = {
  lead_time_days: [1, 365],
  safety_stock_days: [0, 365],
  coverage_days: [1, 365],
  target_acos: [1, 100],
};

export async function updateSettings(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"update_settings">> {
  const f = understanding.filters;
  const wanted: Record<string, unknown> = { ...(f.settings ?? {}) };
  if (f.target_acos !== undefined && wanted.target_acos === undefined) wanted.target_acos = f.target_acos;
  const entries = Object.entries(wanted).filter(([, v]) => v !== undefined);
  if (!entries.length) {
    throw new SellerAiError("invalid_query", "say which setting to change and its new value.", {
      suggestions: [
        "set my lead time to 45 days",
        "my target ACoS is 25%",
        "keep 21 days of safety stock",
        "use EUR as my currency",
      ],
    });
  }
  const changes: IntentResults["update_settings"]["settings"] = [];
  const update: Record<string, number | string> = {};
  let currency: string | undefined;
  for (const [key, raw] of entries) {
    if (key === "anomaly_sensitivity") {
      const level = String(raw).toLowerCase();
      if (!["low", "normal", "high"].includes(level)) {
        throw new SellerAiError("invalid_query", `anomaly sensitivity must be low, normal or high, got ${raw}.`, {
          suggestions: ["set my anomaly sensitivity to high", "set my anomaly sensitivity to low"],
        });
      }
      const row = await ctx.rows(
        ctx.db.selectFrom("settings").select("anomaly_sensitivity").where("account_id", "=", ctx.accountId),
      );
      update.anomaly_sensitivity = level;
      changes.push({ setting: key, previous: row[0]?.anomaly_sensitivity ?? "normal", value: level });
      continue;
    }
    if (key === "currency") {
      const code = String(raw).toUpperCase();
      if (!(code in readDataJson<Record<string, unknown>>("currencies.json"))) {
        throw new SellerAiError("invalid_query", `"${raw}" is not a currency seller-ai knows.`, {
          suggestions: ["use USD as my currency", "use EUR as my currency", "use GBP as my currency"],
        });
      }
      currency = code;
      changes.push({ setting: "currency", previous: ctx.account.home_currency, value: code });
      continue;
    }
    const limits = SETTING_LIMITS[key];
    if (!limits) continue;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < limits[0] || value > limits[1]) {
      throw new SellerAiError(
        "invalid_query",
        `${key.replace(/_/g, " ")} must be between ${limits[0]} and ${limits[1]}, got ${raw}.`,
        { suggestions: ["set my lead time to 45 days", "my target ACoS is 25%"] },
      );
    }
    update[key] = key === "target_acos" ? value : Math.round(value);
    changes.push({ setting: key, previous: ctx.settings[key as keyof typeof ctx.settings], value: update[key] });
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (Object.keys(update).length) {
      const q = trx
        .insertInto("settings")
        .values({ account_id: ctx.accountId, ...update, updated_at: ctx.now.toISOString() })
        .onConflict((oc) => oc.column("account_id").doUpdateSet({ ...update, updated_at: ctx.now.toISOString() }));
      ctx.sql.push(q.compile().sql);
      await q.execute();
    }
    if (currency) {
      const q = trx.updateTable("accounts").set({ home_currency: currency }).where("id", "=", ctx.accountId);
      ctx.sql.push(q.compile().sql);
      await q.execute();
    }
  });
  await recordChanges(
    ctx,
    changes
      .filter((c) => c.previous !== c.value)
      .map((c) => ({ kind: "setting", subject: c.setting, previous: c.previous, value: c.value })),
  );
  const words = (c: (typeof changes)[number]) => {
    const unit = c.setting.endsWith("_days") ? " days" : c.setting === "target_acos" ? "%" : "";
    return `${c.setting.replace(/_/g, " ")} ${c.previous === c.value ? "stays" : "is now"} ${c.value}${unit}${c.previous !== c.value ? ` (was ${c.previous}${unit})` : ""}`;
  };
  const summary = `Saved: ${changes.map(words).join("; ")}.`;
  const affects = changes.map((c) => c.setting);
  const recommendation = affects.includes("target_acos")
    ? "Ask for bid recommendations to see which bids move toward the new target."
    : affects.some((s) => s.endsWith("_days"))
      ? "Ask what to restock: quantities and PO dates now use the new settings."
      : affects.includes("anomaly_sensitivity")
        ? 'Ask "anything unusual in the last 14 days" to see anomalies at the new sensitivity.'
        : "Totals across marketplaces are now stated in the new currency.";
  return {
    result: { settings: changes, analysis: { summary, recommendation } },
    primaryKey: "settings",
    freshness: null,
  };
}

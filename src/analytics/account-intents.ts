/** The account intents: help, refresh_data, create_alert and update_settings. */
import { createHash } from "node:crypto";
import type { Understanding } from "../nlu/understanding.js";
import { INTENT_AREAS } from "../nlu/understanding.js";
import { SellerAiError } from "../errors.js";
import { readDataJson, readDataJsonl } from "../reference-data.js";
import type { AnalyticsContext } from "./context.js";
import { formatNumber } from "./money.js";
import { isoUtc, lastSyncFinished, meetsCondition, type IntentOutcome } from "./outcome.js";
import { inventoryStatus } from "./inventory-status.js";

async function coverage(ctx: AnalyticsContext) {
  // First and last day per marketplace, each read from the date index (a grouped min/max would scan every row).
  const rows: { marketplace: string; first_date: string | null; last_date: string | null }[] = [];
  for (const marketplace of ctx.currencies.keys()) {
    const base = ctx.db.selectFrom("daily_sales").select("date").where("account_id", "=", ctx.accountId).where("marketplace", "=", marketplace);
    const first = (await ctx.rows(base.orderBy("date").limit(1)))[0]?.date ?? null;
    const last = (await ctx.rows(base.orderBy("date", "desc").limit(1)))[0]?.date ?? null;
    rows.push({ marketplace, first_date: first, last_date: last });
  }
  const products = await ctx.rows(
    ctx.db.selectFrom("products").select(["marketplace", (eb) => eb.fn.count<number>("asin").distinct().as("n")]).where("account_id", "=", ctx.accountId).groupBy("marketplace"),
  );
  return [...ctx.currencies.entries()].map(([marketplace, currency]) => {
    const c = rows.find((r) => r.marketplace === marketplace);
    return {
      marketplace,
      currency,
      first_date: (c?.first_date as string | undefined) ?? null,
      last_date: (c?.last_date as string | undefined) ?? null,
      products: Number(products.find((p) => p.marketplace === marketplace)?.n ?? 0),
    };
  });
}

export async function help(ctx: AnalyticsContext, _understanding: Understanding): Promise<IntentOutcome> {
  const samples = readDataJsonl<{ intent: string; text: string }>("nlu/intent-examples.jsonl");
  const examples = Object.entries(INTENT_AREAS).map(([intent, area]) => ({
    area,
    intent,
    example: samples.find((s) => s.intent === intent)?.text ?? intent.replace(/_/g, " "),
  }));
  const cov = await coverage(ctx);
  const withData = cov.filter((c) => c.last_date);
  const products = cov.reduce((s, c) => s + c.products, 0);
  const summary = withData.length
    ? `I answer questions about ${ctx.account.name}'s ${formatNumber(products)} listings in ${withData.map((c) => c.marketplace).join(", ")} with data from ` +
      `${withData.map((c) => c.first_date!).sort()[0]} to ${withData.map((c) => c.last_date!).sort().reverse()[0]}: sales, products, inventory, competition and advertising, plus alerts and settings.`
    : `I answer questions about sales, products, inventory, competition and advertising, but ${ctx.account.name} has no data yet.`;
  const recommendation = withData.length
    ? `Try "${examples.find((e) => e.intent === "top_products")?.example}" or "${examples.find((e) => e.intent === "stockout_risk")?.example}"; name a timeframe, a marketplace (${withData.map((c) => c.marketplace).join(", ")}) or a metric to narrow it.`
    : "Import your reports (`seller-ai import`) or explore the demo seller (`seller-ai demo`), then ask again.";
  return { result: { examples, marketplaces: cov, analysis: { summary, recommendation } }, primaryKey: "examples", freshness: null };
}

export async function refreshData(ctx: AnalyticsContext, _understanding: Understanding): Promise<IntentOutcome> {
  const cov = await coverage(ctx);
  const runs = await ctx.rows(
    ctx.db
      .selectFrom("sync_runs")
      .select(["kind", "source", "report_type", "status", "finished_at", "rows_written", "period_start", "period_end"])
      .where("account_id", "=", ctx.accountId)
      .orderBy("id", "desc")
      .limit(5),
  );
  const freshness = await lastSyncFinished(ctx);
  const newest = cov.map((c) => c.last_date).filter((d): d is string => !!d).sort().reverse()[0] ?? null;
  const stale = newest ? Math.round((Date.parse(ctx.today) - Date.parse(newest)) / 86_400_000) : null;
  const provider = ctx.account.provider;
  let summary: string;
  let recommendation: string;
  if (provider === "spapi") {
    summary = `${ctx.account.name} is connected to Seller Central; the newest data is from ${newest ?? "nowhere yet"}${freshness ? `, last synced ${freshness}` : ""}.`;
    recommendation = "Run `seller-ai sync` to fetch the newest reports.";
  } else {
    const what = provider === "demo" ? "the demo seller, generated locally" : "imported from report files";
    summary =
      `${ctx.account.name} is ${what}: it cannot be refreshed from a marketplace. Its data covers ` +
      (cov.some((c) => c.last_date) ? cov.filter((c) => c.last_date).map((c) => `${c.marketplace} ${c.first_date} to ${c.last_date}`).join(", ") : "nothing yet") +
      (stale !== null ? `; the newest day is ${stale} day${stale === 1 ? "" : "s"} before today` : "") +
      (runs[0]?.finished_at ? `, last loaded ${isoUtc(runs[0].finished_at)}.` : ".");
    recommendation = provider === "demo"
      ? "Run `seller-ai demo` again to regenerate it up to today, or import your own reports with `seller-ai import FILE`."
      : "Download fresh reports from Seller Central (Business Report, FBA Inventory, Sponsored Products) and load them with `seller-ai import FILE`.";
  }
  return { result: { marketplaces: cov, recent_runs: runs, provider, analysis: { summary, recommendation } }, primaryKey: "marketplaces", freshness };
}

const INVENTORY_ALERT_FIELDS: Record<string, string> = { days_of_supply: "days_of_supply", available_quantity: "available_quantity", restock_quantity: "recommended_quantity" };

export async function createAlert(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const conditions = f.conditions ?? [];
  if (!conditions.length) {
    throw new SellerAiError("invalid_query", "an alert needs a threshold to watch.", {
      suggestions: ["alert me when any product has under 14 days of supply", "alert me when ACoS is above 40%", "notify me when refund rate goes over 5%"],
    });
  }
  const scope: Record<string, unknown> = {};
  for (const k of ["marketplace", "category", "asin", "sku", "campaign"] as const) if (f[k] !== undefined) scope[k] = f[k];
  const created: Record<string, unknown>[] = [];
  for (const c of conditions) {
    const description = `${c.metric.replace(/_/g, " ")} ${c.op} ${c.value}${Object.keys(scope).length ? ` (${Object.entries(scope).map(([k, v]) => `${k} ${v}`).join(", ")})` : ""}`;
    const id = `alert_${createHash("sha1").update(JSON.stringify([ctx.accountId, c.metric, c.op, c.value, scope])).digest("hex").slice(0, 12)}`;
    const existing = await ctx.rows(ctx.db.selectFrom("alerts").select(["id", "created_at"]).where("id", "=", id));
    if (!existing.length) {
      const insert = ctx.db.insertInto("alerts").values({ id, account_id: ctx.accountId, metric: c.metric, op: c.op, value: c.value, scope: JSON.stringify(scope), description, created_at: ctx.now.toISOString() });
      ctx.sql.push(insert.compile().sql);
      await insert.execute();
    }
    created.push({ id, metric: c.metric, op: c.op, value: c.value, scope, description, created: existing.length === 0 });
  }
  // What the rule would report today, where the mirror can tell.
  const matching: Record<string, unknown>[] = [];
  const invConds = conditions.filter((c) => c.metric in INVENTORY_ALERT_FIELDS);
  if (invConds.length) {
    const status = await inventoryStatus(ctx, understanding);
    for (const r of status.rows) {
      const ok = invConds.every((c) => {
        const field = INVENTORY_ALERT_FIELDS[c.metric];
        const v = field === "recommended_quantity" ? r.restock_recommendation.recommended_quantity : (r as unknown as Record<string, number | null>)[field];
        return v !== null && v !== undefined && meetsCondition(v, c);
      });
      if (ok) matching.push({ asin: r.asin, sku: r.sku, marketplace: r.marketplace, days_of_supply: r.days_of_supply, available_quantity: r.available_quantity });
    }
  }
  const alerts = (await ctx.rows(ctx.db.selectFrom("alerts").selectAll().where("account_id", "=", ctx.accountId).where("active", "=", 1).orderBy("created_at").orderBy("id"))).map((a) => ({
    id: a.id, metric: a.metric, op: a.op, value: a.value, scope: JSON.parse(a.scope), description: a.description, created_at: a.created_at, new: created.some((c) => c.id === a.id && c.created),
  }));
  const first = created[0];
  const summary =
    `${first.created ? "Alert saved" : "This alert already exists"}: ${created.map((c) => c.description).join("; ")}. ` +
    (invConds.length ? (matching.length ? `${matching.length} product${matching.length === 1 ? " matches" : "s match"} it right now (${matching.slice(0, 3).map((m) => `${m.asin} ${m.marketplace}`).join(", ")}${matching.length > 3 ? ", …" : ""}).` : "No product matches it right now.") : "") +
    ` You have ${alerts.length} active alert${alerts.length === 1 ? "" : "s"}.`;
  const recommendation = matching.length
    ? `Act on the ${matching.length} matching product${matching.length === 1 ? "" : "s"} now: ask "what should I restock" for quantities and PO dates.`
    : "Alerts are checked against the mirror each time it is refreshed.";
  return { result: { alerts, matching_now: matching, analysis: { summary, recommendation } }, primaryKey: "alerts", freshness: invConds.length ? await lastSyncFinished(ctx) : null };
}

const SETTING_LIMITS: Record<string, [number, number]> = { lead_time_days: [1, 365], safety_stock_days: [0, 365], coverage_days: [1, 365], target_acos: [1, 100] };

export async function updateSettings(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const wanted: Record<string, unknown> = { ...(f.settings ?? {}) };
  if (f.target_acos !== undefined && wanted.target_acos === undefined) wanted.target_acos = f.target_acos;
  const entries = Object.entries(wanted).filter(([, v]) => v !== undefined);
  if (!entries.length) {
    throw new SellerAiError("invalid_query", "say which setting to change and its new value.", {
      suggestions: ["set my lead time to 45 days", "my target ACoS is 25%", "keep 21 days of safety stock", "use EUR as my currency"],
    });
  }
  const changes: { setting: string; previous: unknown; value: unknown }[] = [];
  const update: Record<string, number> = {};
  let currency: string | undefined;
  for (const [key, raw] of entries) {
    if (key === "currency") {
      const code = String(raw).toUpperCase();
      if (!(code in readDataJson<Record<string, unknown>>("currencies.json"))) {
        throw new SellerAiError("invalid_query", `"${raw}" is not a currency seller-ai knows.`, { suggestions: ["use USD as my currency", "use EUR as my currency", "use GBP as my currency"] });
      }
      currency = code;
      changes.push({ setting: "currency", previous: ctx.account.home_currency, value: code });
      continue;
    }
    const limits = SETTING_LIMITS[key];
    if (!limits) continue;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < limits[0] || value > limits[1]) {
      throw new SellerAiError("invalid_query", `${key.replace(/_/g, " ")} must be between ${limits[0]} and ${limits[1]}, got ${raw}.`, { suggestions: ["set my lead time to 45 days", "my target ACoS is 25%"] });
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
  const words = (c: { setting: string; previous: unknown; value: unknown }) => {
    const unit = c.setting.endsWith("_days") ? " days" : c.setting === "target_acos" ? "%" : "";
    return `${c.setting.replace(/_/g, " ")} ${c.previous === c.value ? "stays" : "is now"} ${c.value}${unit}${c.previous !== c.value ? ` (was ${c.previous}${unit})` : ""}`;
  };
  const summary = `Saved: ${changes.map(words).join("; ")}.`;
  const affects = changes.map((c) => c.setting);
  const recommendation = affects.includes("target_acos")
    ? "Ask for bid recommendations to see which bids move toward the new target."
    : affects.some((s) => s.endsWith("_days"))
      ? "Ask what to restock: quantities and PO dates now use the new settings."
      : "Totals across marketplaces are now stated in the new currency.";
  return { result: { settings: changes, analysis: { summary, recommendation } }, primaryKey: "settings", freshness: null };
}

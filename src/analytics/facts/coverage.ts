/** The data a seller account holds per marketplace: its currency, first and last day, and products. */
import type { AnalyticsContext } from "./context.js";

export async function coverage(ctx: AnalyticsContext) {
  // First and last day per marketplace, each read from the date index (a grouped min/max would scan every row).
  const rows: { marketplace: string; first_date: string | null; last_date: string | null }[] = [];
  for (const marketplace of ctx.currencies.keys()) {
    const base = ctx.db
      .selectFrom("daily_sales")
      .select("date")
      .where("account_id", "=", ctx.accountId)
      .where("marketplace", "=", marketplace);
    const first = (await ctx.rows(base.orderBy("date").limit(1)))[0]?.date ?? null;
    const last = (await ctx.rows(base.orderBy("date", "desc").limit(1)))[0]?.date ?? null;
    rows.push({ marketplace, first_date: first, last_date: last });
  }
  const products = await ctx.rows(
    ctx.db
      .selectFrom("products")
      .select(["marketplace", (eb) => eb.fn.count<number>("asin").distinct().as("n")])
      .where("account_id", "=", ctx.accountId)
      .groupBy("marketplace"),
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

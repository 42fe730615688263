/**
 * A seller's product cost sheet (CSV or TSV with named columns): `sku` or
 * `asin`, `unit_cost`, and optionally `currency`, `category`, `subcategory`,
 * `lead_time_days`, `marketplace`. Costs in another currency than the
 * marketplace's are converted with the mirror's currency rates.
 */
import { sql, type Kysely } from "kysely";
import { conversionFactor, rateInForce, type RateKind } from "../../core/exchange-rates.js";
import { cell, type Columns } from "../columns.js";
import type { HandlerResult, ImportContext, RowHandler } from "../context.js";
import { quoted } from "../limits.js";
import { marketplaceFromText } from "../marketplaces.js";
import { optionalText, parseCount, parseNumber, RowError } from "../values.js";

const COST = ["unit_cost", "unit cost", "cost", "cogs", "cost of goods", "landed cost", "unit cost price"];
const SKU = ["sku", "seller-sku", "seller sku", "merchant sku"];

export const COST_SHEET_FORMAT = {
  reportType: "PRODUCT_COST_SHEET",
  label: "Product cost sheet (CSV: sku or asin, unit_cost, optional currency, category, subcategory, lead_time_days)",
  matches: (cols: Columns) => cols.has(...SKU, "asin") && cols.has(...COST),
};

interface Rate {
  currency: string;
  quote: string;
  date: string;
  rate: number;
  kind: RateKind;
}

export function costSheetHandler(ctx: ImportContext, cols: Columns): RowHandler<string[]> {
  const at = {
    sku: cols.find(...SKU),
    asin: cols.find("asin"),
    cost: cols.find(...COST),
    currency: cols.find("currency"),
    category: cols.find("category"),
    subcategory: cols.find("subcategory", "sub-category", "sub category"),
    leadTime: cols.find("lead_time_days", "lead time days", "lead time", "lead_time"),
    marketplace: cols.find("marketplace"),
    title: cols.find("title", "item-name", "product name"),
  };
  const db = ctx.db as unknown as Kysely<any>;
  // Compiled once by Kysely, run per row; COALESCE keeps a stored value where the sheet leaves a cell empty.
  const update = (key: "sku" | "asin") =>
    ctx.statements.prepare(
      db
        .updateTable("products")
        .set({
          unit_cost: sql`coalesce(${null}, unit_cost)`,
          category: sql`coalesce(${null}, category)`,
          subcategory: sql`coalesce(${null}, subcategory)`,
          lead_time_days: sql`coalesce(${null}, lead_time_days)`,
        })
        .where("account_id", "=", "")
        .where("marketplace", "=", "")
        .where(key, "=", "")
        .compile().sql,
    );
  const bySku = update("sku");
  const byAsin = update("asin");
  const insert = ctx.statements.prepare(
    db
      .insertInto("products")
      .values({
        account_id: "",
        marketplace: "",
        sku: "",
        asin: "",
        title: "",
        unit_cost: null,
        category: null,
        subcategory: null,
        lead_time_days: null,
      })
      .onConflict((oc) => oc.doNothing())
      .compile().sql,
  );
  const markets = accountMarketplaces(ctx);
  const rates = ctx.statements
    .prepare(
      db
        .selectFrom("currency_rates")
        .select(["currency", "quote", "date", "rate", "kind"])
        .where("date", "<=", "")
        .orderBy("date", "desc")
        .compile().sql,
    )
    .all(ctx.today) as Rate[];
  let written = 0;

  // The rate that holds today, by the one rule (core/exchange-rates.ts); rates are sorted newest first.
  const newest = (c: string, q: string) => rates.find((r) => r.currency === c && r.quote === q);
  const convert = (amount: number, from: string, to: string): number => {
    if (from === to) return amount;
    const f = conversionFactor(from, to, (c, q) => rateInForce(newest(c, q), ctx.today));
    if (f !== undefined) return Math.round(amount * f * 10000) / 10000;
    throw new RowError(
      `currency: no ${from} to ${to} rate holds on ${ctx.today} to convert the cost (add one with \`seller-ai rates set ${from} ${to} RATE\` or \`seller-ai rates import FILE\`)`,
    );
  };

  return {
    row(cells) {
      const sku = optionalText(cell(cells, at.sku));
      const asin = optionalText(cell(cells, at.asin));
      if (!sku && !asin) throw new RowError("sku: missing value (a row needs a sku or an asin)");
      const cost = parseNumber(cell(cells, at.cost), cols.nameAt(at.cost));
      if (cost !== undefined && cost < 0)
        throw new RowError(`${cols.nameAt(at.cost)}: a cost cannot be negative: ${quoted(cell(cells, at.cost) ?? "")}`);
      const leadTime = parseCount(cell(cells, at.leadTime), "lead_time_days");
      const currency = optionalText(cell(cells, at.currency))?.toUpperCase() ?? null;
      if (currency && !/^[A-Z]{3}$/.test(currency))
        throw new RowError(`currency: not a currency code: ${quoted(currency)}`);
      const category = optionalText(cell(cells, at.category));
      const subcategory = optionalText(cell(cells, at.subcategory));
      const marketText = optionalText(cell(cells, at.marketplace));
      let targets: { marketplace: string; currency: string }[];
      if (marketText) {
        const m = marketplaceFromText(marketText);
        if (!m) throw new RowError(`marketplace: unknown marketplace ${quoted(marketText)}`);
        const code = ctx.marketplaces.resolve(m.code);
        targets = [{ marketplace: code, currency: ctx.marketplaces.used.get(code)! }];
      } else if (!ctx.marketplaces.explicitCode && markets.length > 0) {
        // No marketplace named anywhere: the cost applies wherever the account sells the product.
        targets = markets;
      } else {
        const code = ctx.marketplaces.fallback(currency);
        targets = [{ marketplace: code, currency: ctx.marketplaces.used.get(code)! }];
      }
      let changed = 0;
      for (const t of targets) {
        const unitCost = cost === undefined ? null : currency ? convert(cost, currency, t.currency) : cost;
        const values = [unitCost, category, subcategory, leadTime ?? null, ctx.accountId, t.marketplace];
        changed += sku ? bySku.run(...values, sku).changes : byAsin.run(...values, asin).changes;
        if (changed === 0 && sku && asin && targets.length === 1) {
          changed += insert.run(
            ctx.accountId,
            t.marketplace,
            sku,
            asin,
            optionalText(cell(cells, at.title)) ?? "",
            unitCost,
            category,
            subcategory,
            leadTime ?? null,
          ).changes;
        }
      }
      if (changed === 0) {
        throw new RowError(
          sku
            ? `sku ${sku} is not in the catalog${asin ? "" : " (add an asin column, or import a listings report first)"}`
            : `asin ${asin} is not in the catalog (add a sku column, or import a listings report first)`,
        );
      }
      written += changed;
    },
    async finish(): Promise<HandlerResult> {
      return { written };
    },
  };
}

function accountMarketplaces(ctx: ImportContext): { marketplace: string; currency: string }[] {
  const db = ctx.db as unknown as Kysely<any>;
  return ctx.statements
    .prepare(
      db.selectFrom("account_marketplaces").select(["marketplace", "currency"]).where("account_id", "=", "").compile()
        .sql,
    )
    .all(ctx.accountId) as { marketplace: string; currency: string }[];
}

/**
 * Sponsored Products reports: Ads API v3 (spCampaigns, spTargeting,
 * spSearchTerm, spAdvertisedProduct; JSON, usually gzip) and the Ads
 * console's CSV export of the same reports. Console files carry names, not
 * ids: campaigns, ad groups and targets then get ids made from their names
 * ("name:Campaign/Ad group/…"), stable across console imports.
 * Attributed sales, orders and units use the 7-day window (the console's
 * default for sellers), else 14, 30 or 1 day, whichever the report has.
 */
import { SellerAiError } from "../../core/errors.js";
import { type Columns, normaliseHeader } from "../columns.js";
import { Batch, PeriodTracker, type HandlerResult, type ImportContext, type RowHandler } from "../context.js";
import { daysBetweenIso } from "../../core/dates.js";
import { MAX_SPREAD_DAYS } from "../limits.js";
import { daysOf, spreadCount, spreadMoney } from "../spread.js";
import { parseDate, parseNumber, RowError } from "../values.js";

export const ADS_JSON_FORMAT = {
  reportType: "SPONSORED_PRODUCTS_V3",
  label:
    "Sponsored Products report, Ads API v3 (JSON or gzip JSON: spCampaigns, spTargeting, spSearchTerm, spAdvertisedProduct)",
};

export const ADS_CONSOLE_FORMAT = {
  reportType: "SPONSORED_PRODUCTS_CONSOLE_CSV",
  label:
    "Sponsored Products report exported from the Ads console (CSV: campaign, targeting, search term, advertised product)",
  matches: (cols: Columns) =>
    cols.has("campaign name", "campaignName") &&
    cols.has("impressions") &&
    cols.has("clicks") &&
    cols.has("spend", "cost"),
};

/** Console column (normalised) → Ads API v3 column. */
const CONSOLE_COLUMNS: Record<string, string> = {
  date: "date",
  "start date": "startDate",
  "end date": "endDate",
  currency: "campaignBudgetCurrencyCode",
  "campaign name": "campaignName",
  "campaign id": "campaignId",
  "campaign status": "campaignStatus",
  status: "campaignStatus",
  budget: "campaignBudgetAmount",
  "ad group name": "adGroupName",
  "ad group id": "adGroupId",
  targeting: "targeting",
  keyword: "keyword",
  "match type": "matchType",
  "customer search term": "searchTerm",
  "advertised sku": "advertisedSku",
  "advertised asin": "advertisedAsin",
  impressions: "impressions",
  clicks: "clicks",
  spend: "cost",
  cost: "cost",
  "7 day total sales": "sales7d",
  "14 day total sales": "sales14d",
  "7 day total orders": "purchases7d",
  "14 day total orders": "purchases14d",
  "7 day total units": "unitsSoldClicks7d",
  "14 day total units": "unitsSoldClicks14d",
  "top of search impression share": "topOfSearchImpressionShare",
  placement: "placementClassification",
  bid: "keywordBid",
};

const SALES = ["sales7d", "sales14d", "sales30d", "sales1d", "sales"];
const ORDERS = ["purchases7d", "purchases14d", "purchases30d", "purchases1d", "purchases"];
const UNITS = ["unitsSoldClicks7d", "unitsSoldClicks14d", "unitsSoldClicks30d", "unitsSoldClicks1d", "unitsSold"];
const AUTO_TARGETS = /^(\*|close-match|loose-match|substitutes|complements)$/i;

type Row = Record<string, unknown>;
type Kind = "campaign" | "target" | "searchTerm" | "product";

function text(row: Row, key: string): string | undefined {
  const v = row[key];
  if (v === undefined || v === null) return undefined;
  const s = String(v).trim();
  return s === "" ? undefined : s;
}

function num(row: Row, key: string): number | undefined {
  const v = row[key];
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new RowError(`${key}: not a number: ${v}`);
    return v;
  }
  return parseNumber(String(v), key);
}

function first(row: Row, keys: string[]): number {
  for (const k of keys) {
    const v = num(row, k);
    if (v !== undefined) return v;
  }
  return 0;
}

function kindOf(row: Row): Kind {
  if ("purchasedAsin" in row) {
    throw new SellerAiError(
      "unknown_format",
      "purchased product reports (spPurchasedProduct) are not imported: they attribute sales to other ASINs, not to ads.",
    );
  }
  if ("searchTerm" in row) return "searchTerm";
  if ("advertisedAsin" in row) return "product";
  if ("keywordId" in row || "targeting" in row || "keyword" in row || "targetingText" in row) return "target";
  if ("campaignId" in row || "campaignName" in row) return "campaign";
  throw new SellerAiError(
    "unknown_format",
    "a JSON array that is not a Sponsored Products report (no campaignId in its rows).",
  );
}

function targetKind(matchType: string | undefined, targetText: string): "keyword" | "product_target" | "auto" {
  const m = (matchType ?? "").toUpperCase();
  if (m === "TARGETING_EXPRESSION_PREDEFINED" || AUTO_TARGETS.test(targetText)) return "auto";
  if (m === "TARGETING_EXPRESSION" || /^(asin|category|asin-expanded)[=-]/i.test(targetText)) return "product_target";
  return "keyword";
}

interface Metrics {
  impressions: number;
  clicks: number;
  spend: number;
  sales: number;
  orders: number;
  units: number;
}

/** The metrics of a row per day: one day as is, a span spread evenly. */
function perDay(row: Row): { days: string[]; metrics: Metrics[] } {
  const date = parseDate(text(row, "date"), "date");
  const start = parseDate(text(row, "startDate"), "startDate");
  const end = parseDate(text(row, "endDate"), "endDate");
  if (!date && start && end && end > start && daysBetweenIso(start, end) >= MAX_SPREAD_DAYS)
    throw new RowError(`startDate..endDate: ${start} to ${end} is longer than a report covers`);
  const days = date ? [date] : start && end ? daysOf({ start, end }) : start ? [start] : [];
  if (days.length === 0) throw new RowError("date: missing value");
  const total: Metrics = {
    impressions: first(row, ["impressions"]),
    clicks: first(row, ["clicks"]),
    spend: first(row, ["cost", "spend"]),
    sales: first(row, SALES),
    orders: first(row, ORDERS),
    units: first(row, UNITS),
  };
  if (days.length === 1) return { days, metrics: [total] };
  const n = days.length;
  const parts = {
    impressions: spreadCount(total.impressions, n),
    clicks: spreadCount(total.clicks, n),
    spend: spreadMoney(total.spend, n),
    sales: spreadMoney(total.sales, n),
    orders: spreadCount(total.orders, n),
    units: spreadCount(total.units, n),
  };
  return {
    days,
    metrics: days.map((_, i) => ({
      impressions: parts.impressions[i],
      clicks: parts.clicks[i],
      spend: parts.spend[i],
      sales: parts.sales[i],
      orders: parts.orders[i],
      units: parts.units[i],
    })),
  };
}

function add(into: Metrics, m: Metrics): void {
  into.impressions += m.impressions;
  into.clicks += m.clicks;
  into.spend = Math.round((into.spend + m.spend) * 100) / 100;
  into.sales = Math.round((into.sales + m.sales) * 100) / 100;
  into.orders += m.orders;
  into.units += m.units;
}

interface Campaign {
  marketplace: string;
  name?: string;
  state?: string;
  budget?: number;
}

/** Reads Sponsored Products rows keyed by Ads API v3 column names. */
export function adsJsonHandler(ctx: ImportContext): RowHandler<Row> {
  let kind: Kind | undefined;
  let spread = false;
  const period = new PeriodTracker();
  const campaigns = new Map<string, Campaign>();
  const groups = new Map<string, { campaign: string; name?: string }>();
  const targets = new Map<string, Row>();
  const campaignDaily = new Map<string, Metrics & { top?: number }>();
  const productDaily = new Map<string, Metrics & { sku: string | null }>();
  const targetDaily = new Batch(ctx.writer, "ad_target_daily", {
    conflictColumns: ["account_id", "target_id", "date"],
  });
  const termDaily = new Batch(ctx.writer, "ad_search_term_daily", {
    conflictColumns: ["account_id", "target_id", "search_term", "date"],
  });

  return {
    row(row) {
      if (typeof row !== "object" || row === null || Array.isArray(row)) throw new RowError("not an object");
      kind ??= kindOf(row);
      const campaignName = text(row, "campaignName");
      const campaignId = text(row, "campaignId") ?? (campaignName ? `name:${campaignName}` : undefined);
      if (!campaignId) throw new RowError("campaignId: missing value");
      const groupName = text(row, "adGroupName");
      const groupId =
        text(row, "adGroupId") ?? (groupName ? `name:${campaignName ?? campaignId}/${groupName}` : undefined);
      const { days, metrics } = perDay(row);
      const top = num(row, "topOfSearchImpressionShare");
      const budget = num(row, "campaignBudgetAmount");
      const marketplace = ctx.marketplaces.fallback(text(row, "campaignBudgetCurrencyCode"));
      if (days.length > 1) spread = true;
      for (const d of days) period.add(d);

      const campaign = campaigns.get(campaignId) ?? { marketplace };
      campaign.name ??= campaignName;
      campaign.state ??= text(row, "campaignStatus");
      campaign.budget ??= budget;
      campaigns.set(campaignId, campaign);
      if (groupId && !groups.has(groupId)) groups.set(groupId, { campaign: campaignId, name: groupName });

      if (kind === "campaign") {
        days.forEach((date, i) => {
          const key = `${campaignId}\t${date}`;
          const sum = campaignDaily.get(key) ?? {
            impressions: 0,
            clicks: 0,
            spend: 0,
            sales: 0,
            orders: 0,
            units: 0,
            top: undefined,
          };
          add(sum, metrics[i]);
          if (top !== undefined && sum.top === undefined) sum.top = top;
          campaignDaily.set(key, sum);
        });
        return;
      }
      if (!groupId) throw new RowError("adGroupId: missing value");
      if (kind === "product") {
        const asin = text(row, "advertisedAsin");
        if (!asin) throw new RowError("advertisedAsin: missing value");
        const sku = text(row, "advertisedSku") ?? null;
        days.forEach((date, i) => {
          const key = `${marketplace}\t${campaignId}\t${groupId}\t${asin}\t${date}`;
          const sum = productDaily.get(key) ?? {
            impressions: 0,
            clicks: 0,
            spend: 0,
            sales: 0,
            orders: 0,
            units: 0,
            sku,
          };
          add(sum, metrics[i]);
          productDaily.set(key, sum);
        });
        return;
      }
      const targetText =
        text(row, "keyword") ?? text(row, "targeting") ?? text(row, "targetingText") ?? text(row, "keywordText");
      const matchType = text(row, "matchType") ?? text(row, "keywordType");
      const targetId =
        text(row, "keywordId") ??
        (targetText
          ? `name:${campaignName ?? campaignId}/${groupName ?? groupId}/${targetText}/${matchType ?? ""}`
          : undefined);
      if (!targetId) throw new RowError("keywordId: missing value");
      if (!targets.has(targetId)) {
        targets.set(targetId, {
          account_id: ctx.accountId,
          campaign_id: campaignId,
          ad_group_id: groupId,
          target_id: targetId,
          kind: targetKind(text(row, "keywordType") ?? matchType, targetText ?? ""),
          text: targetText ?? targetId,
          match_type: matchType,
          bid: num(row, "keywordBid"),
        });
      }
      if (kind === "target") {
        days.forEach((date, i) => {
          targetDaily.push({
            account_id: ctx.accountId,
            marketplace,
            campaign_id: campaignId,
            ad_group_id: groupId,
            target_id: targetId,
            date,
            ...metrics[i],
            top_of_search_is: top ?? null,
          });
        });
        return;
      }
      const term = text(row, "searchTerm");
      if (!term) throw new RowError("searchTerm: missing value");
      days.forEach((date, i) => {
        termDaily.push({
          account_id: ctx.accountId,
          marketplace,
          campaign_id: campaignId,
          ad_group_id: groupId,
          target_id: targetId,
          search_term: term,
          date,
          ...metrics[i],
        });
      });
    },

    async finish(): Promise<HandlerResult> {
      if (spread) ctx.note("rows covering several days (summary reports) were spread evenly over their days.");
      targetDaily.flush();
      termDaily.flush();
      let written = targetDaily.written + termDaily.written;
      const named = [...campaigns].filter(([, c]) => c.name);
      const unnamed = [...campaigns].filter(([, c]) => !c.name);
      const campaignRow = (id: string, c: Campaign) => {
        const row: Row = {
          account_id: ctx.accountId,
          marketplace: c.marketplace,
          campaign_id: id,
          name: c.name ?? id,
          ad_type: "SP",
        };
        if (c.state) row.state = c.state;
        if (c.budget !== undefined) row.daily_budget = c.budget;
        return row;
      };
      writeByShape(
        ctx,
        "ad_campaigns",
        named.map(([id, c]) => campaignRow(id, c)),
        ["account_id", "campaign_id"],
      );
      ctx.writer.write(
        "ad_campaigns",
        unnamed.map(([id, c]) => ({
          account_id: ctx.accountId,
          marketplace: c.marketplace,
          campaign_id: id,
          name: id,
          ad_type: "SP",
        })),
        { conflictColumns: ["account_id", "campaign_id"], ignoreConflicts: true },
      );
      const groupRows = [...groups].map(([id, g]) => ({
        account_id: ctx.accountId,
        campaign_id: g.campaign,
        ad_group_id: id,
        name: g.name ?? id,
      }));
      ctx.writer.write(
        "ad_groups",
        groupRows.filter((g) => g.name !== g.ad_group_id),
        { conflictColumns: ["account_id", "ad_group_id"] },
      );
      ctx.writer.write(
        "ad_groups",
        groupRows.filter((g) => g.name === g.ad_group_id),
        { conflictColumns: ["account_id", "ad_group_id"], ignoreConflicts: true },
      );
      writeByShape(ctx, "ad_targets", [...targets.values()], ["account_id", "target_id"]);
      const daily = [...campaignDaily].map(([key, m]) => {
        const [campaignId, date] = key.split("\t");
        const { top, ...metrics } = m;
        return {
          account_id: ctx.accountId,
          marketplace: campaigns.get(campaignId)!.marketplace,
          campaign_id: campaignId,
          date,
          ...metrics,
          top_of_search_is: top ?? null,
        };
      });
      ctx.writer.write("ad_campaign_daily", daily, { conflictColumns: ["account_id", "campaign_id", "date"] });
      written += daily.length;
      const products = [...productDaily].map(([key, m]) => {
        const [marketplace, campaignId, groupId, asin, date] = key.split("\t");
        return {
          account_id: ctx.accountId,
          marketplace,
          campaign_id: campaignId,
          ad_group_id: groupId,
          asin,
          date,
          ...m,
        };
      });
      ctx.writer.write("ad_product_daily", products, {
        conflictColumns: ["account_id", "ad_group_id", "asin", "date"],
      });
      written += products.length;
      return { written, periodStart: period.start, periodEnd: period.end };
    },
  };
}

/** The console's CSV: columns renamed to their Ads API v3 names, then read as above. */
export function adsConsoleHandler(ctx: ImportContext, cols: Columns): RowHandler<string[]> {
  const keys = cols.names.map((name) => {
    const key = normaliseHeader(name);
    return (
      CONSOLE_COLUMNS[key] ??
      Object.values(CONSOLE_COLUMNS).find((v) => v.toLowerCase() === key.replace(/ /g, "")) ??
      null
    );
  });
  const inner = adsJsonHandler(ctx);
  return {
    row(cells, line) {
      const row: Row = {};
      keys.forEach((key, i) => {
        if (key && cells[i] !== undefined && !(key in row && row[key] !== "")) row[key] = cells[i];
      });
      inner.row(row, line);
    },
    finish: () => inner.finish(),
  };
}

/**
 * Upserts rows grouped by the columns they carry (undefined ones left out),
 * so a value one report lacks keeps what another report stored.
 */
function writeByShape(
  ctx: ImportContext,
  table: "ad_campaigns" | "ad_targets",
  rows: Row[],
  conflictColumns: string[],
): void {
  const byShape = new Map<string, Row[]>();
  for (const row of rows) {
    const present = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
    const shape = Object.keys(present).join(",");
    const list = byShape.get(shape);
    if (list) list.push(present);
    else byShape.set(shape, [present]);
  }
  for (const group of byShape.values()) ctx.writer.write(table, group, { conflictColumns });
}

import { demoCatalogVocab } from "./catalog.js";
import { DEMO_ACCOUNT_ID, priceOn, round2, type DemoMarket, type DemoPlan, type DemoProduct } from "./plan.js";
import { Random } from "./random.js";

/**
 * Sponsored Products for the demo seller. Per subcategory an exact-match
 * campaign and an automatic one (US: every subcategory, also broad and
 * product targeting for some; UK and DE: three subcategories per category),
 * plus one brand defense campaign per category and marketplace.
 * Campaign names are what sellers type: "Dog Leashes - Exact",
 * "Kitchen Utensils - Auto", "Brand Defense - Office"; outside the US the
 * marketplace follows in parentheses: "Dog Leashes - Exact (UK)".
 */

export type CampaignStyle = "exact" | "auto" | "broad" | "product" | "brand";

export interface DemoSearchTerm {
  text: string;
  /** Expected impressions per day (before seasonality). */
  impressions: number;
  ctr: number;
  cvr: number;
  cpc: number;
}

export interface DemoTarget {
  id: string;
  kind: "keyword" | "product_target" | "auto";
  text: string;
  matchType: string | null;
  bid: number;
  /** Top-of-search impression share, percent. */
  topOfSearch: number;
  terms: DemoSearchTerm[];
}

export interface DemoAdGroup {
  id: string;
  name: string;
  defaultBid: number;
  asins: string[];
  weights: number[];
  targets: DemoTarget[];
}

export interface DemoCampaign {
  id: string;
  marketplace: DemoMarket["code"];
  name: string;
  style: CampaignStyle;
  category: string;
  subcategory: string | null;
  targetingType: "MANUAL" | "AUTO";
  /** The ACoS the campaign runs at (spend / sales). */
  acos: number;
  /** The ACoS its costs per click were first set for. */
  acosBasis: number;
  dailyBudget: number;
  adGroups: DemoAdGroup[];
}

export type PlantedAdKind = "high_acos_campaign" | "low_acos_campaign" | "keyword_opportunity" | "wasted_search_term";

export interface PlantedAd {
  kind: PlantedAdKind;
  campaign: DemoCampaign;
  target?: DemoTarget;
  searchTerm?: string;
}

export interface AdsPlan {
  campaigns: DemoCampaign[];
  planted: PlantedAd[];
}

const AD_SHARE: Record<CampaignStyle, number> = { exact: 0.18, auto: 0.12, broad: 0.08, product: 0.05, brand: 0.04 };

/**
 * The campaign structure and its planted situations (pure: seed and catalog only).
 *
 * @example
 * const ads = planAds(planDemo({ seed: 1, end: "2026-11-20" }));
 * ads.campaigns[0].name; // "Kitchen Utensils - Exact"
 */
export function planAds(plan: DemoPlan): AdsPlan {
  const vocab = demoCatalogVocab();
  const rng = Random.for(plan.seed, "ads-plan");
  const campaigns: DemoCampaign[] = [];
  let nextCampaign = 0;
  let nextGroup = 0;
  let nextTarget = 0;
  const campaignId = () => String(144_000_000_000_000 + 1_000_003 * ++nextCampaign);
  const groupId = () => String(278_000_000_000_000 + 1_000_033 * ++nextGroup);
  const targetId = () => String(392_000_000_000_000 + 1_000_037 * ++nextTarget);

  for (const market of plan.markets) {
    const suffix = market.code === "US" ? "" : ` (${market.code})`;
    for (const category of vocab.categories) {
      category.subcategories.forEach((sub, subIndex) => {
        const products = plan.products
          .filter(
            (p) =>
              p.category === category.name &&
              p.subcategory === sub.name &&
              plan.advertised.has(`${market.code}|${p.asin}`),
          )
          .sort((a, b) => a.rankInSubcategory - b.rankInSubcategory);
        // Outside the US the seller advertises its three main subcategories per category.
        if (products.length === 0 || (market.code !== "US" && subIndex >= 3)) return;
        const styles: CampaignStyle[] = ["exact", "auto"];
        if (market.code === "US" && subIndex % 2 === 0) styles.push("broad");
        if (market.code === "US" && subIndex % 3 === 1) styles.push("product");
        for (const style of styles) {
          const label = { exact: "Exact", auto: "Auto", broad: "Broad", product: "Product Targeting" }[
            style as Exclude<CampaignStyle, "brand">
          ];
          const acos = rng.between(0.22, 0.3);
          const campaign = buildCampaign(
            plan,
            rng,
            market,
            style,
            `${sub.name} - ${label}${suffix}`,
            category.name,
            sub.name,
            acos,
            products,
            sub.keywords,
            vocab,
            campaignId,
            groupId,
            targetId,
          );
          campaigns.push(campaign);
        }
      });
      const lead = plan.products
        .filter((p) => p.category === category.name && p.rankInSubcategory === 0)
        .sort((a, b) => a.subcategoryIndex - b.subcategoryIndex);
      if (lead.length === 0) continue;
      const brand = category.brand.toLowerCase();
      const brandKeywords = [
        brand,
        `${brand} ${category.subcategories[0].keywords[0]}`,
        `${brand} ${category.subcategories[1 % category.subcategories.length].keywords[0]}`,
      ];
      campaigns.push(
        buildCampaign(
          plan,
          rng,
          market,
          "brand",
          `Brand Defense - ${category.short}${suffix}`,
          category.name,
          null,
          rng.between(0.06, 0.1),
          lead,
          brandKeywords,
          vocab,
          campaignId,
          groupId,
          targetId,
        ),
      );
    }
  }

  const planted: PlantedAd[] = [];
  const pickCampaigns = (pool: DemoCampaign[], quota: DemoMarket["code"][]) => {
    const order = rng.shuffle(pool);
    const chosen: DemoCampaign[] = [];
    for (const code of quota) {
      const found = order.find((c) => c.marketplace === code && !chosen.includes(c));
      if (found) chosen.push(found);
    }
    return chosen;
  };
  const regular = campaigns.filter((c) => c.style !== "brand");
  for (const campaign of pickCampaigns(regular, ["US", "US", "UK", "DE"])) {
    campaign.acos = rng.between(0.55, 0.7);
    repriceCampaign(campaign);
    planted.push({ kind: "high_acos_campaign", campaign });
  }
  for (const campaign of campaigns.filter((c) => c.style === "brand"))
    planted.push({ kind: "low_acos_campaign", campaign });
  const calm = (c: DemoCampaign) => !planted.some((p) => p.campaign === c);

  for (const campaign of pickCampaigns(
    regular.filter((c) => c.style === "exact" && calm(c)),
    ["US", "US", "UK", "DE"],
  )) {
    const target = campaign.adGroups[0].targets[rng.int(0, campaign.adGroups[0].targets.length - 1)];
    // Converts far better than the rest but rarely shows at the top of search: bid is too low.
    target.topOfSearch = rng.between(8, 15);
    for (const term of target.terms) {
      term.cvr = rng.between(0.3, 0.36);
      term.impressions = rng.between(2, 3) / term.ctr;
      term.cpc = round2(campaign.acos * term.cvr * averagePrice(plan, campaign) * 0.85);
    }
    target.bid = round2(target.terms[0].cpc / 0.85);
    planted.push({ kind: "keyword_opportunity", campaign, target });
  }

  for (const campaign of pickCampaigns(
    regular.filter((c) => c.style === "auto" && calm(c)),
    ["US", "US", "UK", "DE"],
  )) {
    const target = campaign.adGroups[0].targets[0];
    const keywords =
      vocab.categories
        .find((c) => c.name === campaign.category)
        ?.subcategories.find((s) => s.name === campaign.subcategory)?.keywords ?? [];
    const keyword = keywords.length ? rng.pick(keywords) : (campaign.subcategory ?? "gift").toLowerCase();
    const text = `${keyword} ${rng.pick(vocab.irrelevant_modifiers)}`;
    const ctr = rng.between(0.004, 0.006);
    // Clicks every day and never an order.
    target.terms.push({ text, impressions: rng.between(1.3, 1.8) / ctr, ctr, cvr: 0, cpc: round2(target.bid * 0.8) });
    planted.push({ kind: "wasted_search_term", campaign, target, searchTerm: text });
  }
  return { campaigns, planted };
}

/** The price an order in the campaign's first ad group brings on average (orders go to products by weight). */
function averagePrice(plan: DemoPlan, campaign: DemoCampaign): number {
  const market = plan.markets.find((m) => m.code === campaign.marketplace)!;
  const group = campaign.adGroups[0];
  return group.asins.reduce(
    (s, a, k) => s + group.weights[k] * priceOn(plan.products.find((p) => p.asin === a)!, market, plan.days - 1),
    0,
  );
}

/** Cost per click that yields the campaign's ACoS at a term's conversion rate. */
function repriceCampaign(campaign: DemoCampaign): void {
  for (const group of campaign.adGroups) {
    for (const target of group.targets) {
      for (const term of target.terms) term.cpc = round2((term.cpc * campaign.acos) / campaign.acosBasis);
      target.bid = round2(Math.max(...target.terms.map((t) => t.cpc)) / 0.85);
    }
  }
}

function buildCampaign(
  plan: DemoPlan,
  rng: Random,
  market: DemoMarket,
  style: CampaignStyle,
  name: string,
  category: string,
  subcategory: string | null,
  acos: number,
  products: DemoProduct[],
  keywords: string[],
  vocab: ReturnType<typeof demoCatalogVocab>,
  campaignId: () => string,
  groupId: () => string,
  targetId: () => string,
): DemoCampaign {
  const last = plan.days - 1;
  const dailyUnits = products.reduce((s, p) => s + p.baseUnits * market.volume, 0);
  const ordersPerDay = dailyUnits * AD_SHARE[style];
  const weights = products.map((p, i) => (i === 0 ? 2 : 1) * p.baseUnits);
  const weightSum = weights.reduce((s, w) => s + w, 0);
  // Orders go to products by weight, so the price an order brings is the weighted one.
  const avgPrice = products.reduce((s, p, i) => s + weights[i] * priceOn(p, market, last), 0) / weightSum;
  const targets: DemoTarget[] = [];
  const modifiers = vocab.search_modifiers;
  const term = (text: string, share: number, cvr: number): DemoSearchTerm => {
    const ctr = style === "brand" ? rng.between(0.012, 0.02) : rng.between(0.003, 0.007);
    const clicks = (ordersPerDay * share) / cvr;
    return { text, impressions: clicks / ctr, ctr, cvr, cpc: round2(acos * cvr * avgPrice * 0.95) };
  };
  const cvrRange = (): number => (style === "brand" ? rng.between(0.22, 0.3) : rng.between(0.09, 0.16));
  const tos = (): number => (style === "brand" ? rng.between(70, 90) : rng.between(26, 62));
  if (style === "exact" || style === "brand") {
    const chosen = keywords.slice(0, 3);
    for (const text of chosen) {
      const cvr = cvrRange();
      const t = term(text, 1 / chosen.length, cvr);
      targets.push({
        id: targetId(),
        kind: "keyword",
        text,
        matchType: "EXACT",
        bid: round2(t.cpc / 0.85),
        topOfSearch: tos(),
        terms: [t],
      });
    }
  } else if (style === "broad") {
    const chosen = keywords.slice(3, 6);
    chosen.forEach((text, k) => {
      const mods = rng.shuffle(modifiers).slice(0, 2);
      const terms = [
        term(text, 0.5 / chosen.length, cvrRange()),
        ...mods.map((m) => term(`${text} ${m}`, 0.25 / chosen.length, cvrRange())),
      ];
      targets.push({
        id: targetId(),
        kind: "keyword",
        text,
        matchType: k % 2 === 0 ? "BROAD" : "PHRASE",
        bid: round2(Math.max(...terms.map((x) => x.cpc)) / 0.85),
        topOfSearch: tos(),
        terms,
      });
    });
  } else if (style === "auto") {
    const autos = vocab.auto_targets;
    autos.forEach((text, k) => {
      const base = rng.pick(keywords);
      const terms = [term(base, (k === 0 ? 0.5 : 1) / autos.length, cvrRange())];
      if (k === 0) terms.push(term(`${rng.pick(keywords)} ${rng.pick(modifiers)}`, 0.5 / autos.length, cvrRange()));
      targets.push({
        id: targetId(),
        kind: "auto",
        text,
        matchType: null,
        bid: round2(Math.max(...terms.map((x) => x.cpc)) / 0.85),
        topOfSearch: tos(),
        terms,
      });
    });
  } else {
    const rivals = [0, 1, 2].map(
      (k) =>
        `b0${(Random.for(plan.seed, "rival", name, k).next() * 36 ** 8).toString(36).padStart(8, "0").slice(0, 8)}`,
    );
    rivals.forEach((asin) => {
      const t = term(asin, 1 / rivals.length, cvrRange());
      targets.push({
        id: targetId(),
        kind: "product_target",
        text: `asin="${asin.toUpperCase()}"`,
        matchType: "TARGETING_EXPRESSION",
        bid: round2(t.cpc / 0.85),
        topOfSearch: tos(),
        terms: [t],
      });
    });
  }
  const defaultBid = round2(targets.reduce((s, t) => s + t.bid, 0) / targets.length);
  const spendPerDay = targets.reduce((s, t) => s + t.terms.reduce((x, y) => x + y.impressions * y.ctr * y.cpc, 0), 0);
  const groupName =
    style === "brand"
      ? "Brand Terms"
      : `${subcategory} ${{ exact: "Exact", auto: "Auto", broad: "Broad", product: "Competitor ASINs" }[style as Exclude<CampaignStyle, "brand">]}`;
  return {
    id: campaignId(),
    marketplace: market.code,
    name,
    style,
    category,
    subcategory,
    targetingType: style === "auto" ? "AUTO" : "MANUAL",
    acos,
    acosBasis: acos,
    dailyBudget: Math.max(10, Math.ceil((spendPerDay * 1.8) / 5) * 5),
    adGroups: [
      {
        id: groupId(),
        name: groupName,
        defaultBid,
        asins: products.map((p) => p.asin),
        weights: weights.map((w) => w / weightSum),
        targets,
      },
    ],
  };
}

/** Where advertising rows go, per table. */
export interface AdsSink {
  campaignDay(row: Record<string, unknown>): void;
  targetDay(row: Record<string, unknown>): void;
  searchTermDay(row: Record<string, unknown>): void;
  productDay(row: Record<string, unknown>): void;
}

/**
 * Simulates every search term day by day over the ads window and rolls the
 * numbers up to targets, campaigns and advertised products. Clicks and orders
 * accumulate fractions, so a term's orders track clicks × conversion closely.
 * Returns the units sold through ads per `${marketplace}|${asin}` and day of the window.
 *
 * @example
 * const adUnits = generateAds(plan, planAds(plan), sink);
 * adUnits.get(`US|${plan.products[0].asin}`)?.[0]; // units from ads on the first day of the window
 */
export function generateAds(plan: DemoPlan, ads: AdsPlan, sink: AdsSink): Map<string, Int32Array> {
  const windowDays = plan.days - plan.adsStartDay;
  const adUnits = new Map<string, Int32Array>();
  const productsByAsin = new Map(plan.products.map((p) => [p.asin, p]));
  // Planted ACoS spikes: on their days, a share of the product's ad orders is lost (clicks and spend go on).
  const lost = new Map<string, { fromDay: number; toDay: number; share: number }>();
  for (const a of plan.anomalies)
    if (a.kind === "acos_spike")
      lost.set(`${a.marketplace}|${a.asin}`, { fromDay: a.fromDay, toDay: a.toDay, share: a.factor });
  for (const campaign of ads.campaigns) {
    const market = plan.markets.find((m) => m.code === campaign.marketplace)!;
    const campaignTotals = newTotals(windowDays);
    for (const group of campaign.adGroups) {
      const groupTotals = newTotals(windowDays);
      const perAsin = group.asins.map(() => ({
        orders: new Int32Array(windowDays),
        units: new Int32Array(windowDays),
        sales: new Float64Array(windowDays),
      }));
      const prices = group.asins.map((asin) => {
        const product = productsByAsin.get(asin)!;
        return Float64Array.from({ length: windowDays }, (_, d) => priceOn(product, market, plan.adsStartDay + d));
      });
      const season = plan.season[productsByAsin.get(group.asins[0])!.categoryIndex];
      for (const target of group.targets) {
        const totals = newTotals(windowDays);
        for (const term of target.terms) {
          const rng = Random.for(plan.seed, "term", target.id, term.text);
          // Its own stream, so the term's draws (and every other product's orders) stay as they were.
          const losing = group.asins.map((asin) => lost.get(`${campaign.marketplace}|${asin}`));
          const loss = Random.for(plan.seed, "lost-orders", target.id, term.text);
          let clickCarry = rng.next();
          let orderCarry = rng.next() * 0.5;
          for (let d = 0; d < windowDays; d++) {
            const i = plan.adsStartDay + d;
            const impressions = Math.max(
              1,
              Math.round(term.impressions * season[i] ** 0.8 * (0.85 + 0.3 * rng.next())),
            );
            clickCarry += impressions * term.ctr * (0.8 + 0.4 * rng.next());
            const clicks = Math.floor(clickCarry);
            clickCarry -= clicks;
            const spend = round2(clicks * term.cpc * (0.9 + 0.2 * rng.next()));
            orderCarry += clicks * term.cvr * (0.8 + 0.4 * rng.next());
            const placed = Math.floor(orderCarry);
            orderCarry -= placed;
            let orders = 0;
            let units = 0;
            let sales = 0;
            for (let o = 0; o < placed; o++) {
              const k = pickWeighted(group.weights, rng.next());
              const u = rng.chance(0.06) ? 2 : 1;
              const spike = losing[k];
              if (spike && i >= spike.fromDay && i <= spike.toDay && loss.next() < spike.share) continue;
              orders += 1;
              units += u;
              sales += u * prices[k][d];
              perAsin[k].orders[d] += 1;
              perAsin[k].units[d] += u;
              perAsin[k].sales[d] += u * prices[k][d];
            }
            sales = round2(sales);
            // Search term reports list a term on the days it was clicked.
            if (clicks > 0)
              sink.searchTermDay({
                account_id: DEMO_ACCOUNT_ID,
                marketplace: campaign.marketplace,
                campaign_id: campaign.id,
                ad_group_id: group.id,
                target_id: target.id,
                search_term: term.text,
                date: plan.dates[i],
                impressions,
                clicks,
                spend,
                sales,
                orders,
                units,
              });
            totals.impressions[d] += impressions;
            totals.clicks[d] += clicks;
            totals.spend[d] += spend;
            totals.sales[d] += sales;
            totals.orders[d] += orders;
            totals.units[d] += units;
          }
        }
        const rng = Random.for(plan.seed, "tos", target.id);
        for (let d = 0; d < windowDays; d++) {
          const topOfSearch = Math.min(
            100,
            Math.max(0, Math.round((target.topOfSearch + 3 * (rng.next() * 2 - 1)) * 10) / 10),
          );
          totals.tos[d] = topOfSearch;
          sink.targetDay({
            account_id: DEMO_ACCOUNT_ID,
            marketplace: campaign.marketplace,
            campaign_id: campaign.id,
            ad_group_id: group.id,
            target_id: target.id,
            date: plan.dates[plan.adsStartDay + d],
            impressions: totals.impressions[d],
            clicks: totals.clicks[d],
            spend: round2(totals.spend[d]),
            sales: round2(totals.sales[d]),
            orders: totals.orders[d],
            units: totals.units[d],
            top_of_search_is: topOfSearch,
          });
          addTotals(groupTotals, totals, d);
          groupTotals.tos[d] += topOfSearch * totals.impressions[d];
        }
      }
      writeProductDays(plan, campaign, group, groupTotals, perAsin, sink);
      for (let d = 0; d < windowDays; d++) {
        addTotals(campaignTotals, groupTotals, d);
        campaignTotals.tos[d] += groupTotals.tos[d];
      }
      group.asins.forEach((asin, k) => {
        const key = `${campaign.marketplace}|${asin}`;
        let array = adUnits.get(key);
        if (!array) adUnits.set(key, (array = new Int32Array(windowDays)));
        for (let d = 0; d < windowDays; d++) array[d] += perAsin[k].units[d];
      });
    }
    for (let d = 0; d < windowDays; d++) {
      const t = campaignTotals;
      sink.campaignDay({
        account_id: DEMO_ACCOUNT_ID,
        marketplace: campaign.marketplace,
        campaign_id: campaign.id,
        date: plan.dates[plan.adsStartDay + d],
        impressions: t.impressions[d],
        clicks: t.clicks[d],
        spend: round2(t.spend[d]),
        sales: round2(t.sales[d]),
        orders: t.orders[d],
        units: t.units[d],
        top_of_search_is: t.impressions[d] > 0 ? Math.round((t.tos[d] / t.impressions[d]) * 10) / 10 : null,
      });
    }
  }
  return adUnits;
}

interface Totals {
  impressions: Float64Array;
  clicks: Float64Array;
  spend: Float64Array;
  sales: Float64Array;
  orders: Float64Array;
  units: Float64Array;
  /** For targets: the day's top-of-search share; for groups and campaigns: share × impressions, summed. */
  tos: Float64Array;
}

function newTotals(days: number): Totals {
  return {
    impressions: new Float64Array(days),
    clicks: new Float64Array(days),
    spend: new Float64Array(days),
    sales: new Float64Array(days),
    orders: new Float64Array(days),
    units: new Float64Array(days),
    tos: new Float64Array(days),
  };
}

function addTotals(into: Totals, from: Totals, d: number): void {
  into.impressions[d] += from.impressions[d];
  into.clicks[d] += from.clicks[d];
  into.spend[d] += from.spend[d];
  into.sales[d] += from.sales[d];
  into.orders[d] += from.orders[d];
  into.units[d] += from.units[d];
}

function pickWeighted(weights: number[], r: number): number {
  let acc = 0;
  for (let k = 0; k < weights.length; k++) {
    acc += weights[k];
    if (r < acc) return k;
  }
  return weights.length - 1;
}

/** Per advertised product: impressions, clicks and spend split by product weight; orders and sales as attributed. */
function writeProductDays(
  plan: DemoPlan,
  campaign: DemoCampaign,
  group: DemoAdGroup,
  totals: Totals,
  perAsin: { orders: Int32Array; units: Int32Array; sales: Float64Array }[],
  sink: AdsSink,
): void {
  const productsByAsin = new Map(plan.products.map((p) => [p.asin, p]));
  for (let d = 0; d < totals.impressions.length; d++) {
    let impressionsLeft = totals.impressions[d];
    let clicksLeft = totals.clicks[d];
    let spendLeft = round2(totals.spend[d]);
    group.asins.forEach((asin, k) => {
      const lastOne = k === group.asins.length - 1;
      const impressions = lastOne ? impressionsLeft : Math.round(totals.impressions[d] * group.weights[k]);
      const clicks = lastOne ? clicksLeft : Math.min(clicksLeft, Math.round(totals.clicks[d] * group.weights[k]));
      const spend = lastOne
        ? round2(spendLeft)
        : Math.min(spendLeft, totals.clicks[d] > 0 ? round2((totals.spend[d] * clicks) / totals.clicks[d]) : 0);
      impressionsLeft -= impressions;
      clicksLeft -= clicks;
      spendLeft = round2(spendLeft - spend);
      sink.productDay({
        account_id: DEMO_ACCOUNT_ID,
        marketplace: campaign.marketplace,
        campaign_id: campaign.id,
        ad_group_id: group.id,
        asin,
        sku: productsByAsin.get(asin)!.sku,
        date: plan.dates[plan.adsStartDay + d],
        impressions,
        clicks,
        spend,
        sales: round2(perAsin[k].sales[d]),
        orders: perAsin[k].orders[d],
        units: perAsin[k].units[d],
      });
    });
  }
}

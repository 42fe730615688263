// Whose data, forty-first set: small leftovers of earlier classes, each said another way. Products ranked by how fast
// their reviews themselves fall ("which listing's reviews are dropping quickest") are the reviews check, as products
// whose ratings fall are, though the plain word "reviews" names no figure; sales asked how they went ("how did sales go
// in Canada", "how are orders going") are the sales' total, not where the money went; the tool's ability to read the
// reports Amazon gives the seller ("amazon's settlement reports") is help, Amazon being only their owner; visits in the
// seller's own language ("visitas", "Besuche") are sessions; the Dutch article after a preposition in a Dutch question
// ("omzet in de winkel") is no Germany, and "van de week" is this week; French and other-language periods ("au
// troisième trimestre", "au mois de juin", "jour par jour") are that quarter, month or day by day, their "au" no
// Australia. Their neighbours (sales ranked by growth, costs asked how they went, Amazon's own business, Germany and
// Australia written as codes) keep their frames. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

/** A sales total with these filters and no marketplace read from a word of another language. */
function salesWithoutPlace(q: string, filters: Record<string, unknown>): void {
  expectFrame([q], { intent: "sales_summary", filters });
  if (!("marketplace" in filters)) expect(understand(q)?.filters.marketplace, q).toBeUndefined();
}

describe("products ranked by how fast their reviews fall are the reviews check", () => {
  it.each([
    ["which listing's reviews are dropping quickest"],
    ["whose reviews are declining the fastest among my products"],
    ["top 3 products losing reviews fastest"],
    ["which asin has reviews falling the most"],
    ["products whose reviews are falling fastest in the UK"],
    ["what item's reviews are declining fastest this quarter"],
    ["which of my products reviews are dropping the most?"],
    ["show the 5 products where reviews are declining quickest"],
    ["which product's stars are falling fastest"],
  ])("%j is declining_reviews", (q) => expectFrame([q], { intent: "declining_reviews" }));
});

describe("sales asked how they went are the sales' total", () => {
  it.each([
    ["how did sales go in Canada last quarter", { marketplace: "CA" }],
    ["how have sales gone since June"],
    ["how is revenue going in France this month", { marketplace: "FR" }],
    ["how did the sales go for pet supplies", { category: "Pet Supplies" }],
    ["how are sales going this week", { timeframe: "this_week" }],
    ["how did sales went in uk yesterday", { marketplace: "UK", timeframe: "yesterday" }],
    ["how did our sales go over the last 60 days", { timeframe: "last_60_days" }],
    ["so how did sales go in September?", { timeframe: "2026-09" }],
    ["how did my sales do in Italy", { marketplace: "IT" }],
  ])("%j is sales_summary", (q, filters?: Record<string, unknown>) =>
    expectFrame([q], { intent: "sales_summary", filters }),
  );
});

describe("whether seller-ai can read the reports Amazon gives the seller is help", () => {
  it.each([
    ["can you import amazon's settlement reports"],
    ["could the tool handle amazon's inventory health report?"],
    ["is the app able to read amazon's business report files"],
    ["does this work with amazon's advertising reports"],
    ["can it load amazon's payment reports too"],
    ["will seller-ai accept amazon's fba inventory reports"],
    ["can this bot parse amazon's date range reports"],
    ["is this tool able to use amazon's search term reports"],
  ])("%j is help", (q) => expectFrame([q], { intent: "help" }));
});

describe("visits in the seller's own language are sessions", () => {
  it.each([
    ["total de visitas la semana pasada", "sales_summary"],
    ["total des visites le mois dernier", "sales_summary"],
    ["cuántas visitas tuve ayer", "conversion_analysis"],
    ["wie viele Besuche hatte der Shop letzte Woche", "conversion_analysis"],
    ["hoeveel bezoeken vorige maand", "conversion_analysis"],
    ["visitas este mes en Pet Supplies", "conversion_analysis"],
    ["ile wizyty w tym miesiącu", "conversion_analysis"],
    ["total de visitas do mês passado", "sales_summary"],
  ])("%j counts sessions (%s)", (q, intent) => expectFrame([q], { intent, filters: { metrics: ["sessions"] } }));
  it.each([
    ["páginas vistas de la semana pasada"],
    ["pages vues le mois dernier"],
    ["visitas a la página de B0PSDOGT01"],
  ])("%j counts page views", (q) =>
    expectFrame([q], { filters: { metrics: ["page_views"] }, intent: "conversion_analysis" }),
  );
});

describe("the Dutch article after a preposition is no Germany", () => {
  it.each([
    ["omzet in de shop vorige maand", { timeframe: "last_month" }],
    ["hoeveel omzet in de uk", { marketplace: "UK" }],
    ["winst in de winkel vorige maand", { timeframe: "last_month" }],
    ["hoeveel bestellingen in de winkel vandaag", { timeframe: "today" }],
    ["omzet van de week", { timeframe: "this_week" }],
    ["hoeveel bestellingen van de week", { timeframe: "this_week" }],
    ["wat was de omzet deze week", { timeframe: "this_week" }],
    ["hoeveel omzet in de maand oktober", { timeframe: "2026-10" }],
    ["omzet in de us vorige maand", { marketplace: "US", timeframe: "last_month" }],
  ])("%j", (q, filters: Record<string, unknown>) => salesWithoutPlace(q, filters));
});

describe("French and other-language periods are that quarter, month or day by day", () => {
  it.each([
    ["chiffre d'affaires au 2e trimestre", { timeframe: "2026-Q2" }],
    ["ventes au premier trimestre 2025", { timeframe: "2025-Q1" }],
    ["bénéfice du quatrième trimestre 2025", { timeframe: "2025-Q4" }],
    ["ventas del tercer trimestre", { timeframe: "2026-Q3" }],
    ["Umsatz im zweiten Quartal", { timeframe: "2026-Q2" }],
    ["omzet in het derde kwartaal", { timeframe: "2026-Q3" }],
    ["fatturato del primo trimestre", { timeframe: "2026-Q1" }],
    ["chiffre d'affaires au mois d'août", { timeframe: "2026-08" }],
    ["combien de commandes au mois de juin", { timeframe: "2026-06" }],
    ["ventes au mois de mars", { timeframe: "2026-03" }],
    ["ventas en el mes de septiembre", { timeframe: "2026-09" }],
    ["vendas no mês de julho", { timeframe: "2026-07" }],
  ])("%j", (q, filters: Record<string, unknown>) => salesWithoutPlace(q, filters));
  it.each([
    ["ventes au jour le jour ce mois-ci"],
    ["chiffre d'affaires jour par jour ce mois"],
    ["commandes jour après jour la semaine dernière"],
    ["vendite giorno per giorno questo mese"],
    ["omzet dag per dag deze maand"],
    ["Umsatz Tag für Tag diesen Monat"],
    ["ventes au jour le jour"],
    ["vendas dia a dia este mês"],
  ])("%j is by day", (q) => expectFrame([q], { intent: "sales_trend", filters: { group_by: "day" } }));
});

describe("neighbours keep their frames", () => {
  it.each([
    ["which products are growing fastest in reviews", "top_products"],
    ["which product's sales are falling fastest despite good reviews", "top_products"],
    ["how did fees go last month", "profit_breakdown"],
    ["where did all my money go this month", "profit_breakdown"],
    ["show me amazon's business report for october", "insights"],
  ])("%j is %s", (q, intent) => expectFrame([q], { intent }));
  it.each([["what did amazon's quarterly report say"], ["how is amazon's business doing"]])("%j is refused", (q) =>
    refused(q),
  );
  it.each([
    ["sales in de last month", { marketplace: "DE", timeframe: "last_month" }],
    ["omzet in DE vorige maand", { marketplace: "DE" }],
    ["sales au last quarter", { marketplace: "AU" }],
    ["revenue in au yesterday", { marketplace: "AU", timeframe: "yesterday" }],
    ["revenue in the third quarter", { timeframe: "2026-Q3" }],
  ])("%j keeps its place and period", (q, filters: Record<string, unknown>) =>
    expectFrame([q], { intent: "sales_summary", filters }),
  );
  it("sales compared as they went stay a comparison", () =>
    expectFrame(["how did sales go compared to last month"], { intent: "sales_comparison" }));
});

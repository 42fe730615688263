// Whose data, thirty-ninth set: a marketplace code that is also a small word of another language. "de" is the Spanish,
// French and Portuguese "of" and the Dutch "the"; "au" is the French "to the". Written in lower case inside such a
// question ("pedidos de este mes", "de omzet van deze maand", "ventes au total ce mois"), it names no marketplace, so
// the seller's whole shop is asked, not Germany or Australia. The units said in those languages ("unidades",
// "unités", "unità", "stuks", "wie viele Stück") are units, and "total de" a figure's one total, as in English. The
// code stays the place where it stands as one: in capitals, after "in"/"en"/"on", before a period or another code,
// alone at the end, as a domain ("amazon.de"), or named ("Alemania"). The other two-letter codes that are words
// somewhere ("es", "se", "it", "be", "in", "pl", "fr") are read as before. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

/** The question is understood as `intent`, its first metric `metric`, and no marketplace is read into it. */
const noPlace = (q: string, intent: string, metric?: string) => {
  const u = understand(q);
  expect(u, q).toBeDefined();
  expect(u!.intent, q).toBe(intent);
  expect(u!.filters.marketplace, q).toBeUndefined();
  if (metric) expect(u!.filters.metrics?.[0], q).toBe(metric);
};

describe('"de" as "of" or "the" names no marketplace', () => {
  it.each([
    ["ventas de la semana pasada", "sales_summary", "revenue"],
    ["pedidos de este mes", "sales_summary", "orders"],
    ["ingresos de ayer por favor", "sales_summary", "revenue"],
    ["cuánto fue la facturación de marzo", "sales_summary", "revenue"],
    ["las ventas de HK-UTEN-02 esta semana", "sales_summary", "revenue"],
    ["ventas de 2025", "sales_summary", "revenue"],
    ["commandes de la semaine dernière", "sales_summary", "orders"],
    ["le chiffre d'affaires de ce mois", "sales_summary", "revenue"],
    ["vendas de ontem", "sales_summary", "revenue"],
    ["receita de fevereiro", "sales_summary", "revenue"],
    ["pedidos de SO-YOGA-01 da semana passada", "sales_summary", "orders"],
    ["de omzet van deze maand", "sales_summary", "revenue"],
    ["de bestellingen van vorige week", "sales_summary", "orders"],
    ["De verkopen van gisteren", "sales_summary", "revenue"],
    ["hoeveel omzet in de afgelopen 14 dagen", "sales_summary", "revenue"],
  ])("%j is %s of %s, everywhere", (q, intent, metric) => noPlace(q, intent, metric));
  it("a Dutch period with its article keeps its length", () =>
    expectFrame(["omzet in de laatste 3 maanden"], {
      intent: "sales_summary",
      filters: { timeframe: "last_3_months" },
    }));
});

describe('French "au" names no marketplace', () => {
  it.each([
    ["ventes au total ce mois", "sales_summary", "revenue"],
    ["combien de commandes au cours du mois dernier", "sales_summary", "orders"],
    ["le chiffre d'affaires au mois de septembre", "sales_summary", "revenue"],
    ["combien d'unités au total ce mois", "sales_summary", "units_sold"],
    ["au total combien de commandes cette semaine", "sales_summary", "orders"],
    ["ventes au mois de juin", "sales_summary", "revenue"],
    ["combien de sessions au total cette semaine", "sales_summary", "sessions"],
    ["ventes au fil du mois dernier", "sales_summary", "revenue"],
  ])("%j is %s of %s, everywhere", (q, intent, metric) => noPlace(q, intent, metric));
  it.each([
    ["les ventes au Canada ce mois", "CA"],
    ["chiffre d'affaires au Royaume-Uni la semaine dernière", "UK"],
  ])("%j is the country named after it, %s", (q, marketplace) =>
    expectFrame([q], { intent: "sales_summary", filters: { marketplace } }),
  );
});

describe("units said in the seller's language are units sold", () => {
  it.each([
    ["cuántas unidades de PS-DOGT-01 se vendieron ayer"],
    ["unidades de BP-SKIN-01 la semana pasada"],
    ["combien d'unités de TG-PUZZ-01 cette semaine"],
    ["nombre d'unités vendues le mois dernier"],
    ["quante unità di OP-DESK-01 la settimana scorsa"],
    ["quantas unidades de HK-UTEN-02 vendi este mês"],
    ["hoeveel stuks van SO-YOGA-01 vorige week"],
    ["wie viele Stück von B0PSDOGT01 letzte Woche"],
    ["ile sztuk sprzedałem w zeszłym tygodniu"],
    ["hoeveel stuks verkocht de afgelopen 2 weken"],
  ])("%j", (q) => noPlace(q, "sales_summary", "units_sold"));
});

describe('"total de" a figure is its one total', () => {
  it.each([
    ["total de pedidos de la semana pasada", "orders"],
    ["total de sesiones de ayer", "sessions"],
    ["total des commandes de la semaine dernière", "orders"],
    ["total de pedidos este mes", "orders"],
    ["total des sessions ce mois", "sessions"],
    ["el total de páginas vistas de este mes", "page_views"],
    ["total de sessões de ontem", "sessions"],
    ["total of sessions last month", "sessions"],
  ])("%j is the total of %s", (q, metric) => noPlace(q, "sales_summary", metric));
});

describe("neighbours: the code where it stands as one stays the marketplace", () => {
  it.each([
    ["revenue in DE yesterday", "DE"],
    ["DE units this week", "DE"],
    ["how are orders in de this month", "DE"],
    ["refunds on amazon.de last week", "DE"],
    ["sessions de mtd", "DE"],
    ["ad spend de vs fr last week", "DE"],
    ["payouts de", "DE"],
    ["de acos this month", "DE"],
    ["profit de ytd", "DE"],
    ["DE: which skus are low on stock", "DE"],
    ["ventas en DE la semana pasada", "DE"],
    ["pedidos en Alemania este mes", "DE"],
    ["chiffre d'affaires en Allemagne ce mois", "DE"],
    ["sales au last week", "AU"],
    ["revenue in AU this month", "AU"],
    ["AU orders yesterday", "AU"],
    ["ventas en Australia este mes", "AU"],
  ])("%j is %s", (q, marketplace) => {
    const u = understand(q);
    expect(u, q).toBeDefined();
    expect(u!.filters.marketplace, q).toBe(marketplace);
  });
  it("a code alone after a question elsewhere is that marketplace", () =>
    expectFrame(["orders last week in the uk", "and de?"], {
      intent: "sales_summary",
      filters: { marketplace: "DE" },
    }));
});

describe("neighbours: units beside a stock word are the stock on hand", () => {
  it.each([["unidades en stock de HK-COOK-01"], ["combien d'unités en stock"], ["unidades disponibles de SO-YOGA-01"]])(
    "%j",
    (q) => noPlace(q, "inventory_levels", "available_quantity"),
  );
  it('"stuck" stays English', () => noPlace("my stock is stuck in the warehouse", "excess_inventory"));
});

describe("neighbours: other two-letter codes read as before", () => {
  it.each([
    ["cuál es mi producto más vendido este mes", "top_products"],
    ["it sold the most units last week", "top_products"],
    ["be honest, how did refunds look last month", "refund_analysis"],
    ["how many orders in in last week", "sales_summary"],
  ])("%j is %s, everywhere", (q, intent) => noPlace(q, intent));
  it.each([
    ["ventas en es el mes pasado", "ES"],
    ["cuántas ventas hice en es ayer", "ES"],
    ["orders in se this week", "SE"],
    ["revenue in be last month", "BE"],
    ["orders at amazon.com this week", "US"],
    ["pl last quarter", "PL"],
    ["fr sales yesterday", "FR"],
    ["les ventes en fr ce mois", "FR"],
  ])("%j is %s", (q, marketplace) => {
    const u = understand(q);
    expect(u, q).toBeDefined();
    expect(u!.filters.marketplace, q).toBe(marketplace);
  });
});

// Whose data a question is about, twenty-first set: a seller who writes English as a second language names the
// marketplace in their own language ("Alemania", "Royaume-Uni", "Njemačka", "Almanya'da") and carries over a few
// everyday seller words of it: takings ("chiffre d'affaires", "fatturato", "Umsatz", "ciro"), conversion ("taux de
// conversion") and the payout that reaches the bank ("virement", "bonifico", "Auszahlung"). Each is the place or the
// figure the English word names; an unknown word must not make the whole question look foreign and be refused.
// Neighbours keep their frames: lower-case "de" in shorthand is still Germany, English words that look like a name
// ("indie", "sad", "vol") name no place, and a question about the world stays refused in any language.
// Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a marketplace named in the seller's own language is that marketplace", () => {
  it.each([
    // Spanish, Portuguese, French, Italian
    ["orders in Alemania yesterday", "DE"],
    ["what was my refund rate in Reino Unido last month", "UK"],
    ["stock levels for Países Bajos", "NL"],
    ["profit in Estados Unidos for Q2", "US"],
    ["payouts from Arabia Saudita last quarter", "SA"],
    ["sales in Emiratos Árabes Unidos this year", "AE"],
    ["restock list for Alemanha", "DE"],
    ["units sold in Espanha this week", "ES"],
    ["ad spend in Allemagne this month", "DE"],
    ["best sellers in Royaume-Uni last week", "UK"],
    ["how are refunds in Etats-Unis lately", "US"],
    ["inventory value in Giappone", "JP"],
    ["fees in Regno Unito last month", "UK"],
    // German, Dutch, Swedish
    ["ACoS in Frankreich last 14 days", "FR"],
    ["revenue in Vereinigtes Königreich this week", "UK"],
    ["reviews going down in Spanje", "ES"],
    ["top 3 products in Duitsland this month", "DE"],
    ["conversion in Frankrike by asin", "FR"],
    ["units sold in Storbritannien in October", "UK"],
    // Polish, Czech, Slovak, Croatian/Serbian, Slovene
    ["revenue in Niemcy yesterday", "DE"],
    ["how much I sold w Niemczech last week", "DE"],
    ["profit for Wielka Brytania this quarter", "UK"],
    ["orders from Francja last 7 days", "FR"],
    ["ad spend in Německo last month", "DE"],
    ["stock running out in Španělsko", "ES"],
    ["sessions in Taliansko this week", "IT"],
    ["buy box share in Njemačka", "DE"],
    ["returns in Engleskoj last month", "UK"],
    ["units sold in Nemčija this year", "DE"],
    // Russian/Ukrainian/Bulgarian in Latin letters, Baltic, Romanian, Hungarian
    ["orders in Germaniya last week", "DE"],
    ["how much profit in Velikobritaniya this month", "UK"],
    ["top products in Vācija by units", "DE"],
    ["ACoS in Lielbritānija last 30 days", "UK"],
    ["revenue in Prancūzija yesterday", "FR"],
    ["profit for Saksamaa in Q2", "DE"],
    ["stock levels in Marea Britanie", "UK"],
    ["top 3 sellers in Olaszország this week", "IT"],
    ["refunds in Németországban last month", "DE"],
    // Turkish and Uzbek, with the Turkish case ending after an apostrophe
    ["revenue in Almanya'da this month", "DE"],
    ["how many orders İngiltere last week", "UK"],
    ["sales in Hollanda yesterday", "NL"],
    ["reviews going down in Japonya", "JP"],
    ["best products in Meksika by units", "MX"],
    ["orders in Hindistan last month", "IN"],
    ["refund rate in Mısır this quarter", "EG"],
  ])("%j is %s", (q, marketplace) => expect(understand(q)?.filters.marketplace).toBe(marketplace));
});

describe("the seller's own word for takings, conversion or a payout is that metric", () => {
  it.each([
    ["what's the fatturato for this month", "sales_summary", { metrics: ["revenue"], timeframe: "this_month" }],
    ["the chiffre d'affaires of last week", "sales_summary", { metrics: ["revenue"], timeframe: "last_week" }],
    ["how much Umsatz did I make in Polen last week", "sales_summary", { metrics: ["revenue"], marketplace: "PL" }],
    ["facturación de Francia this quarter", "sales_summary", { metrics: ["revenue"], marketplace: "FR" }],
    ["the omzet in Nederland last week", "sales_summary", { metrics: ["revenue"], marketplace: "NL" }],
    ["ciro for Fransa yesterday", "sales_summary", { metrics: ["revenue"], marketplace: "FR" }],
    ["show the tržby for Německo this year", "sales_summary", { metrics: ["revenue"], marketplace: "DE" }],
    ["przychód w Niemczech in September", "sales_summary", { metrics: ["revenue"], marketplace: "DE" }],
    ["cifra de afaceri for Germania in september", "sales_summary", { metrics: ["revenue"], marketplace: "DE" }],
    ["taux de conversion for each product last month", "conversion_analysis", { metrics: ["conversion_rate"] }],
    ["tasa de conversión in España this month", "conversion_analysis", { marketplace: "ES" }],
    ["dönüşüm oranı for last week", "conversion_analysis", { metrics: ["conversion_rate"] }],
    ["konwersja by asin in Polsce", "conversion_analysis", { marketplace: "PL", group_by: "asin" }],
    ["the virements of last month", "payouts", { metrics: ["payout"], timeframe: "last_month" }],
    ["when did the last Überweisung from Amazon come", "payouts", { metrics: ["payout"] }],
    ["when is the next bonifico", "payouts", { metrics: ["payout"] }],
    ["Auszahlungen for Italien this quarter", "payouts", { marketplace: "IT", timeframe: "this_quarter" }],
    ["my wypłata from amazon last week", "payouts", { timeframe: "last_week" }],
    ["hakediş this month", "payouts", { timeframe: "this_month" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a word of the seller's language around the question is no foreign question", () => {
  it.each([
    // "please" and "I mean" in the seller's language ask and name nothing.
    ["profit for Italija last month, only the total molim", "sales_summary", { marketplace: "IT" }],
    ["units sold in Polska this week prosím", "sales_summary", { marketplace: "PL" }],
    ["yani Almanya this week how many units I sold?", "sales_summary", { marketplace: "DE" }],
    ["TACoS for Španjolska last 60 days", "advertising_summary", { marketplace: "ES", metrics: ["tacos"] }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it("a follow-up names the other place in the seller's language", () =>
    expectFrame(["revenue in Germany last week", "and from Hiszpania?"], {
      intent: "sales_summary",
      filters: { marketplace: "ES", timeframe: "last_week" },
    }));
});

describe("neighbours keep their frames", () => {
  it.each([
    // Lower-case "de" in a seller's shorthand is still Germany.
    ["bottom 5 by units, de", "DE"],
    ["acos in de last week", "DE"],
    ["revenue in Turkey last month", "TR"],
    ["revenue in Deutschland last month", "DE"],
  ])("%j is still %s", (q, marketplace) => expect(understand(q)?.filters.marketplace).toBe(marketplace));
  it.each([
    // An English word that looks like a name names no place.
    ["indie brands selling best this month"],
    ["why are my sales so sad this week"],
    ["sales vol last week"],
    ["chile sauce sales last month"],
    // "de" inside a metric's name, or before a place's name, is the preposition.
    ["taux de conversion for each product last month"],
  ])("%j names no marketplace, or not Germany", (q) => expect(understand(q)?.filters.marketplace).toBeUndefined());
  it("Spanish 'de' before a place's name is the preposition", () =>
    expect(understand("ventas de Francia last week")?.filters.marketplace).toBe("FR"));
});

describe("a question about the world stays refused, whatever language names the place", () => {
  it.each([
    ["¿Cuál es la capital de Alemania?"],
    ["quelle est la population de la France"],
    ["Wer ist der Bundeskanzler von Deutschland?"],
    ["what is the Umsatz of Apple in Deutschland"],
    ["what is the GDP of Hindistan"],
    ["how do I open a bank account in Polska"],
    ["quanto costa un volo per Giappone"],
    ["wie viel kostet ein Flug nach Japan"],
    ["is the Spagna football team good"],
    ["weather in Polen tomorrow"],
  ])("%j is invalid_query", refused);
});
